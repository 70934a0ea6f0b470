// The URL prefixes of the content service's three API families, one home for every feature's
// routes (the owner's API, the storefront's public API, and the product API of the store).

/** The owner's API of one website. */
export const OWNER_BASE = '/api/content-service/1.0/websites/:websiteId';
/** The storefront's public API (the website comes from the request's host or header). */
export const PUBLIC_BASE = '/api/content-service/public/1.0';
/** The product API of one website's store. */
export const STORE_BASE = '/api/content-service/product/1.1/websites/:websiteId';
