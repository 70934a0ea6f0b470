// What other features use of the cart besides CartService (cart.service.ts): the HTTP helpers
// that tell who the shopper is and limit their writes, for every storefront route.
export { CART_COOKIE, countCodeAttempt, idempotencyKeyOf, limitWritesWith, optionalIdempotencyKeyOf, shopperOf } from './http.js';
