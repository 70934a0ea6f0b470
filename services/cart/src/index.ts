import type { ServiceDefinition } from '@sc/platform';
import { cartService as definition } from './app.js';
import type { CartModule } from './module.js';
import type { CartDB } from './tables.js';

export { buildApp, createCartService, type CartOptions } from './app.js';
export { createCartModule, type CartModule } from './module.js';
/**
 * The service definition as code that takes every service's definition alike sees it (its parts
 * are its own business: the platform hands them from wire() to routes, consumers and seed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const cartService: ServiceDefinition<CartDB, any> = definition;
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
} from './checkout/payments.js';
export { RenewalService, type RenewalRun } from './subscriptions/renewals.js';
export { purgeExpiredKeys, IDEMPOTENCY_TTL_MS } from './checkout/idempotency.js';
export { applyContentEvent } from './consumers/catalog.consumer.js';
export { applyIdentityEvent } from './consumers/identity.consumer.js';
export { applyWebsiteEvent } from './consumers/websites.consumer.js';
export { StripePaymentProvider, paymentProviderFromEnv, StripeEnv } from './checkout/stripe.js';

/** The parts an app of the cart was wired with (tests drive renewals, mail and holds through them). */
export function cartParts(app: { serviceParts?: unknown }): CartModule {
  if (!app.serviceParts) throw new Error('not a cart app (it has no parts)');
  return app.serviceParts as CartModule;
}
