export { identityService, createIdentityService, buildApp, type IdentityOptions } from './app.js';
export { PasswordHasher, DEFAULT_SCRYPT_COST, type ScryptCost } from './passwords/password.js';
export type { IdentitySettings } from './config.js';
export { createIdentityModule, type IdentityModule } from './module.js';
