// The catalog is the cart's read model of content's products (kept by consumers/catalog.consumer.ts)
// and the store cache in front of it. What the features read of it:
export { findProduct, minorOf, stockOfProduct, stockOfVariant, type ProductRow } from './products.repository.js';
export { StoreCache } from './store-cache.js';
export { saleableProduct, stockResultOf } from './saleable.js';
