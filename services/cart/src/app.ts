// The cart service: carts and entries, stock, orders (services/cart owns money and stock).
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { exportRoutes } from './admin/exports.routes.js';
import { summaryRoutes } from './admin/summary.routes.js';
import { cartRoutes, type CartRouteOptions } from './cart/cart.routes.js';
import type { CartDB } from './tables.js';
import type { MailerOptions } from '@sc/platform';
import type { PaymentProvider } from './checkout/payments.js';
import { paymentProviderFromEnv } from './checkout/stripe.js';
import { websitesConsumer } from './consumers/websites.consumer.js';
import { catalogConsumer } from './consumers/catalog.consumer.js';
import { identityConsumer } from './consumers/identity.consumer.js';
import { customersConsumer } from './consumers/customers.consumer.js';
import { eraseCartCustomer } from './customers/erase.js';
import { migrations } from './migrations/index.js';
import { placesRoutes } from './places/places.routes.js';
import { placesProvidersFromEnv } from './places/settings.js';
import type { PlacesProvider } from './places/provider.js';

export interface CartOptions {
  /** The payment provider (default: Stripe when its keys are set, else the built-in test mode). */
  payments?: PaymentProvider;
  /** Cart writes per cart per window (default 120 per minute). */
  writeLimit?: CartRouteOptions['writeLimit'];
  /** Address lookup providers, asked in order (default: from PLACES_API_KEY, else offline). */
  places?: PlacesProvider[];
  /** Subscription renewals and the idempotency-key purge: how often (false: never) and the key TTL. */
  jobs?: CartRouteOptions['jobs'];
  /** The mailer of receipts and refund notices (default: SMTP_URL, else the local mailbox). */
  mail?: MailerOptions;
}

/** The service definition with its payment provider and limits. */
export function createCartService(options: CartOptions = {}): ServiceDefinition<CartDB> {
  return {
    name: 'cart',
    migrations,
    routes: async (app, ctx) => {
      // Read when the app is built (a bad Stripe variable stops the process at boot).
      const routeOptions: CartRouteOptions = {
        payments: options.payments ?? paymentProviderFromEnv(process.env, ctx.logger),
        writeLimit: options.writeLimit ?? { max: 120, windowMs: 60_000 },
        ...(options.jobs ? { jobs: options.jobs } : {}),
        ...(options.mail ? { mail: options.mail } : {}),
      };
      await cartRoutes(routeOptions)(app, ctx);
      // Address lookup for checkout; the gateway sends /api/google-maps here.
      placesRoutes(app, options.places ?? placesProvidersFromEnv());
      // The admin's figures and files: the Home's summary, the CSV exports.
      summaryRoutes(app, ctx);
      exportRoutes(app, ctx);
    },
    consumers: (ctx) => [catalogConsumer(ctx), identityConsumer(ctx), websitesConsumer(ctx), customersConsumer(ctx)],
    erase: eraseCartCustomer,
  };
}

export const cartService: ServiceDefinition<CartDB> = createCartService();

/** Builds the cart app (never listens). */
export const buildApp = (options: BuildServiceOptions & CartOptions = {}) =>
  buildService(options.payments || options.writeLimit || options.places || options.jobs || options.mail ? createCartService(options) : cartService, options);
