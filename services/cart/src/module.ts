// The cart's wiring step: every repository-backed use-case service is built here, once, and the
// parts are handed to the routes, the consumers and the jobs (app.ts's wire()). Nothing looks a
// part up through a module-level map: what depends on what is written in this one place.
import { WebsiteGenerations, type MailRelay, type ServiceContext } from '@sc/platform';
import type { CartDB } from './tables.js';
import { AdminService } from './admin/admin.service.js';
import { CartService } from './cart/cart.service.js';
import { ShopperLimits, type WriteLimit } from './cart/limits.js';
import { StoreCache } from './catalog/store-cache.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { Idempotency } from './checkout/idempotency.js';
import type { PaymentProvider } from './checkout/payments.js';
import { RefundService } from './checkout/refunds.service.js';
import { StripePaymentProvider } from './checkout/stripe.js';
import { StripeWebhook } from './checkout/stripe-webhook.js';
import { CustomerService } from './customers/customers.service.js';
import { GiftCardService } from './gift-cards/gift-cards.service.js';
import { DEFAULT_JOBS, type CartJobsOptions } from './jobs/jobs.js';
import { MailService } from './mail/mail.service.js';
import type { PlacesProvider } from './places/provider.js';
import { StoreService } from './store/store.service.js';
import { RenewalService } from './subscriptions/renewals.js';
import { SubscriptionService } from './subscriptions/subscriptions.service.js';

export interface CartModuleOptions {
  payments: PaymentProvider;
  /** The mail relay of receipts and notices (installed on the app by app.ts). */
  mail: MailRelay;
  places: PlacesProvider[];
  /** Cart writes allowed per cart per window (and the limits per address that follow from it). */
  writeLimit: WriteLimit;
  jobs?: Partial<CartJobsOptions>;
}

/** What the wiring step builds: the parts routes, consumers, jobs and seed are given. */
export interface CartModule {
  payments: PaymentProvider;
  mail: MailRelay;
  places: PlacesProvider[];
  jobs: CartJobsOptions;
  /** Counts cart writes, new carts and code attempts per cart and per address (closed with the app). */
  writeLimiter: ShopperLimits;
  storeCache: StoreCache;
  idempotency: Idempotency;
  carts: CartService;
  checkout: CheckoutService;
  refunds: RefundService;
  /** Stripe's webhook receiver when Stripe takes the payments. */
  stripeWebhook: StripeWebhook | undefined;
  renewals: RenewalService;
  subscriptions: SubscriptionService;
  giftCards: GiftCardService;
  store: StoreService;
  customers: CustomerService;
  admin: AdminService;
  mailbox: MailService;
}

export function createCartModule(ctx: ServiceContext<CartDB>, options: CartModuleOptions): CartModule {
  const jobs: CartJobsOptions = { ...DEFAULT_JOBS, ...options.jobs };
  // Replicas agree through the website's token in the shared cache (store-cache.ts).
  const storeCache = new StoreCache({ generations: new WebsiteGenerations(ctx.cache, 'store') });
  const idempotency = new Idempotency(ctx.db, { ttlMs: jobs.idempotencyTtlMs, leaseMs: jobs.checkoutLeaseMs });
  const carts = new CartService(ctx, storeCache);
  const checkout = new CheckoutService(ctx, carts, options.payments, () => options.mail.poke(), { leaseMs: jobs.checkoutLeaseMs, holdMs: jobs.holdMs });
  const refunds = new RefundService(ctx, options.payments, checkout);
  const renewals = new RenewalService(ctx, options.payments, checkout);
  return {
    payments: options.payments,
    mail: options.mail,
    places: options.places,
    jobs,
    writeLimiter: new ShopperLimits(ctx, options.writeLimit),
    storeCache,
    idempotency,
    carts,
    checkout,
    refunds,
    stripeWebhook: options.payments instanceof StripePaymentProvider ? new StripeWebhook(ctx, options.payments, checkout, refunds) : undefined,
    renewals,
    subscriptions: new SubscriptionService(ctx, carts),
    giftCards: new GiftCardService(ctx, checkout),
    store: new StoreService(ctx, storeCache, checkout),
    customers: new CustomerService(ctx, checkout),
    admin: new AdminService(ctx.db),
    mailbox: new MailService(ctx.db, options.mail, ctx.config.PUBLIC_URL),
  };
}
