// The shared language of every service and the web app: SPEC 3 enumerations, money and
// currencies, the catalogue of user-facing SPEC strings, HTTP bodies and event schemas.
export * from './enums.js';
export * from './currencies.js';
export * from './messages.js';
export * from './errors.js';
export * from './events.js';
export * from './cart.js';
export * from './commerce.js';
export * from './commerce-events.js';
export * from './money-format.js';
export * from './demo.js';
export * from './content.js';
export * from './content-events.js';
export * from './content-search.js';
export * from './content-community.js';
export * from './identity.js';
export * from './owner-websites.js';
export * from './content-assets.js';
export * from './permissions.js';
export * from './render.js';
export * from './site-styles.js';
export * from './forms.js';
export * from './restock.js';
export * from './analytics.js';
export * from './places.js';
export * from './admin-home.js';
