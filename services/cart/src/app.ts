// The cart service: carts and entries, stock, orders (services/cart owns money and stock).
import cookie from '@fastify/cookie';
import {
  buildService,
  installMailer,
  type BuildServiceOptions,
  type MailerOptions,
  type MailTables,
  type ServiceDefinition,
  withTables,
} from '@sc/platform';
import { exportRoutes } from './admin/exports.routes.js';
import { summaryRoutes } from './admin/summary.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { writeLimitFromEnv, type WriteLimit } from './cart/limits.js';
import type { CartDB } from './tables.js';
import type { PaymentProvider } from './payments/payments.js';
import { paymentProviderFromEnv } from './payments/stripe.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { websitesConsumer } from './consumers/websites.consumer.js';
import { catalogConsumer } from './consumers/catalog.consumer.js';
import { identityConsumer } from './consumers/identity.consumer.js';
import { customersConsumer } from './consumers/customers.consumer.js';
import { customerRoutes } from './customers/customers.routes.js';
import { eraseCartCustomer } from './customers/erase.js';
import { giftCardRoutes } from './gift-cards/gift-cards.routes.js';
import { scheduleCartJobs, type CartJobsOptions } from './jobs/jobs.js';
import { mailRoutes } from './mail/mail.routes.js';
import { migrations } from './migrations/index.js';
import { createCartModule, type CartModule } from './module.js';
import { placesRoutes } from './places/places.routes.js';
import { placesProvidersFromEnv } from './places/settings.js';
import type { PlacesProvider } from './places/provider.js';
import { couponRoutes } from './orders/coupons.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { stuckCheckouts } from './orders/orders.repository.js';
import { ownerOrderRoutes } from './orders/owner-orders.routes.js';
import { ownerRoutes } from './store/owner.routes.js';
import { storeRoutes } from './store/store.routes.js';
import { seedDemoStoreRules } from './rules/demo-rules.js';
import { subscriptionRoutes } from './subscriptions/subscriptions.routes.js';

export interface CartOptions {
  /** The payment provider (default: Stripe when its keys are set, else the built-in test mode). */
  payments?: PaymentProvider;
  /** Cart writes per cart per window (default 120 per minute). */
  writeLimit?: WriteLimit;
  /** Address lookup providers, asked in order (default: from PLACES_API_KEY, else offline). */
  places?: PlacesProvider[];
  /** Subscription renewals and the idempotency-key purge: how often (false: never) and the key TTL. */
  jobs?: Partial<CartJobsOptions>;
  /** The mailer of receipts and refund notices (default: SMTP_URL, else the local mailbox). */
  mail?: MailerOptions;
}

/** The service definition with its payment provider and limits. */
export function createCartService(options: CartOptions = {}): ServiceDefinition<CartDB, CartModule> {
  return {
    name: 'cart',
    migrations,
    wire: (ctx, app) => {
      const parts = createCartModule(ctx, {
        // Read when the app is built (a bad Stripe variable stops the process at boot).
        payments: options.payments ?? paymentProviderFromEnv(process.env, ctx.logger),
        mail: installMailer(app, withTables<MailTables>(ctx.db), ctx.logger, options.mail),
        places: options.places ?? placesProvidersFromEnv(),
        writeLimit: options.writeLimit ?? writeLimitFromEnv(),
        ...(options.jobs ? { jobs: options.jobs } : {}),
      });
      scheduleCartJobs(app, ctx, parts);
      app.addHook('onClose', async () => parts.writeLimiter.close());
      return parts;
    },
    routes: async (app, _ctx, parts) => {
      await app.register(cookie);
      cartRoutes(app, parts);
      checkoutRoutes(app, parts);
      orderRoutes(app, parts);
      subscriptionRoutes(app, parts);
      giftCardRoutes(app, parts);
      // The owner's store screens (this order keeps the API document's order of paths).
      ownerRoutes(app, parts);
      couponRoutes(app, parts);
      ownerOrderRoutes(app, parts);
      storeRoutes(app, parts);
      customerRoutes(app, parts);
      mailRoutes(app, parts);
      await paymentsRoutes(app, parts);
      // Address lookup for checkout; the gateway sends /api/google-maps here.
      placesRoutes(app, parts.places);
      // The admin's figures and files: the Home's summary, the CSV exports.
      summaryRoutes(app, parts);
      exportRoutes(app, parts);
    },
    consumers: (ctx, parts) => [catalogConsumer(ctx, parts), identityConsumer(ctx), websitesConsumer(ctx), customersConsumer(ctx)],
    erase: eraseCartCustomer,
    // The demo shop's shipping options and tax rules (embedded mode's first start, `pnpm seed`).
    seed: (ctx) => seedDemoStoreRules(ctx.db),
    // A key is stuck only if nobody retries it; an order only if the sweeper failed to release it.
    stuck: (ctx) => stuckCheckouts(ctx.db, 60_000),
  };
}

export const cartService: ServiceDefinition<CartDB, CartModule> = createCartService();

/** Builds the cart app (never listens). */
export const buildApp = (options: BuildServiceOptions & CartOptions = {}) =>
  buildService(
    options.payments || options.writeLimit || options.places || options.jobs || options.mail ? createCartService(options) : cartService,
    options,
  );
