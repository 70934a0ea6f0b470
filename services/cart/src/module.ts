// The cart's wiring step: every repository-backed use-case service is built here, once, and the
// parts are handed to the routes, the consumers and the jobs (app.ts's wire()). Nothing looks a
// part up through a module-level map: what depends on what is written in this one place.
import { WebsiteGenerations, type MailRelay, type ServiceContext } from '@sc/platform';
import type { CartDB } from './tables.js';
import { AdminService } from './admin/admin.service.js';
import { CartChoiceService } from './cart/cart-choices.service.js';
import { CartService } from './cart/cart.service.js';
import { ShopperLimits, type WriteLimit } from './cart/limits.js';
import { StoreCache } from './catalog/store-cache.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { CouponService } from './orders/coupons.service.js';
import { OrderService } from './orders/orders.service.js';
import type { PaymentProvider } from './payments/payments.js';
import { PaymentService } from './payments/payments.service.js';
import { RefundService } from './payments/refunds.service.js';
import { Idempotency } from './shared/idempotency.js';
import { StripePaymentProvider } from './payments/stripe.js';
import { StripeWebhook } from './payments/stripe-webhook.js';
import { CustomerService } from './customers/customers.service.js';
import { GiftCardService } from './gift-cards/gift-cards.service.js';
import { DEFAULT_JOBS, type CartJobsOptions } from './jobs/jobs.js';
import { MailService } from './mail/mail.service.js';
import type { PlacesProvider } from './places/provider.js';
import { StoreService } from './store/store.service.js';
import { RenewalService } from './subscriptions/renewals.service.js';
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
  /** The cart's coupon codes, shipping place and shipping option. */
  cartChoices: CartChoiceService;
  /** Placing an order (checkout/). */
  checkout: CheckoutService;
  /** Paying for it: charges and their settling, Stripe's intents, holds and their release (payments/). */
  paymentService: PaymentService;
  /** Reading orders, the owner's order changes (orders/). */
  orders: OrderService;
  coupons: CouponService;
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
  const orders = new OrderService(ctx, { testMode: options.payments.testMode, mailQueued: () => options.mail.poke() });
  const paymentService = new PaymentService(ctx, carts, orders, options.payments, { leaseMs: jobs.checkoutLeaseMs, holdMs: jobs.holdMs });
  const checkout = new CheckoutService(ctx, carts, orders, paymentService);
  const refunds = new RefundService(ctx, options.payments, orders);
  const renewals = new RenewalService(ctx, options.payments, orders);
  return {
    payments: options.payments,
    mail: options.mail,
    places: options.places,
    jobs,
    writeLimiter: new ShopperLimits(ctx, options.writeLimit),
    storeCache,
    idempotency,
    carts,
    cartChoices: new CartChoiceService(ctx, carts),
    checkout,
    paymentService,
    orders,
    coupons: new CouponService(ctx, storeCache),
    refunds,
    stripeWebhook:
      options.payments instanceof StripePaymentProvider ? new StripeWebhook(ctx, options.payments, paymentService, refunds) : undefined,
    renewals,
    subscriptions: new SubscriptionService(ctx, carts),
    giftCards: new GiftCardService(ctx, orders),
    store: new StoreService(ctx, storeCache),
    customers: new CustomerService(ctx, orders),
    admin: new AdminService(ctx.db),
    mailbox: new MailService(ctx.db, options.mail, ctx.config.PUBLIC_URL),
  };
}
