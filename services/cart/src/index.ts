import type { CartModule } from './module.js';
export { buildApp, cartService, createCartService, type CartOptions } from './app.js';
export { createCartModule, type CartModule } from './module.js';
export { CART_COOKIE } from './cart/http.js';
export {
  TEST_CARDS,
  TestPaymentProvider,
  type PaymentProvider,
  type ChargeRequest,
  type ChargeResult,
  type RefundRequest,
  type RefundResult,
  type SavedChargeRequest,
} from './payments/payments.js';
export { RenewalService, type RenewalRun } from './subscriptions/renewals.service.js';
export { purgeExpiredKeys, IDEMPOTENCY_TTL_MS } from './shared/idempotency.js';
export { applyContentEvent } from './consumers/catalog.consumer.js';
export { applyIdentityEvent } from './consumers/identity.consumer.js';
export { applyWebsiteEvent } from './consumers/websites.consumer.js';
export { StripePaymentProvider, paymentProviderFromEnv, StripeEnv } from './payments/stripe.js';

/** The parts an app of the cart was wired with (tests drive renewals, mail and holds through them). */
export function cartParts(app: { serviceParts?: unknown }): CartModule {
  if (!app.serviceParts) throw new Error('not a cart app (it has no parts)');
  return app.serviceParts as CartModule;
}
