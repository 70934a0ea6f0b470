export { cartService, buildApp, createCartService, type CartOptions } from './app.js';
export { CART_COOKIE } from './cart.routes.js';
export { TEST_CARDS, TestPaymentProvider, type PaymentProvider, type ChargeRequest, type ChargeResult } from './checkout/payments.js';
export { applyContentEvent } from './consumers/catalog.consumer.js';
export { applyIdentityEvent } from './consumers/identity.consumer.js';
