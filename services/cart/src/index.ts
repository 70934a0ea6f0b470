export { cartService, buildApp, createCartService, type CartOptions } from './app.js';
export { CART_COOKIE } from './cart/cart.routes.js';
export {
  TEST_CARDS,
  TestPaymentProvider,
  type PaymentProvider,
  type ChargeRequest,
  type ChargeResult,
  type RefundRequest,
  type RefundResult,
  type SavedChargeRequest,
} from './checkout/payments.js';
export { renewalsOf, RenewalService, type RenewalRun } from './subscriptions/renewals.js';
export { purgeExpiredKeys, IDEMPOTENCY_TTL_MS } from './checkout/idempotency.js';
export { applyContentEvent } from './consumers/catalog.consumer.js';
export { applyIdentityEvent } from './consumers/identity.consumer.js';
export { applyWebsiteEvent } from './consumers/websites.consumer.js';
export { StripePaymentProvider, paymentProviderFromEnv, StripeEnv } from './checkout/stripe.js';
