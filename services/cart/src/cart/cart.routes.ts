// HTTP of the cart service: parse with the contracts, call the services, shape the SPEC answers.
// Every failure under the cart's paths carries the storefront's compatibility fields (crumbFail,
// status, message), and cart writes are limited per cart (429 with the SPEC 8 message).
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AddEntryBody,
  AddEntryResponse,
  ApplyCouponBody,
  CartMessages,
  ChooseShippingBody,
  CommerceMessages,
  CommerceShoppingCart,
  CouponParams,
  EntryParams,
  GetShoppingCartQuery,
  GiftCardBalance,
  GiftCardParams,
  OrderParams,
  OrderReadQuery,
  OrderResponse,
  Permission,
  ShippingLocation,
  StockQuery,
  StockResult,
  SubscriptionCartBody,
  SubscriptionCartResponse,
  UpdateFieldsBody,
  UpdateFieldsResponse,
  UpdateQuantityBody,
  CheckoutBody,
  CheckoutResponse,
  DonationBody,
} from '@sc/contracts';
import type { Kysely } from 'kysely';
import { clientAddressOf, identityOf, installMailer, permissionsOf, RedisCache, redisCounters, WindowLimiter, websiteIdOf, type MailerOptions, type MailRelay, type MailTables, type ServiceContext, type ZodApp } from '@sc/platform';
import { CartService, type Shopper } from './cart.service.js';
import type { CartDB } from '../tables.js';
import type { CartRow } from './cart.repository.js';
import { findGiftCard } from '../checkout/orders.repository.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { once, requestHash } from '../checkout/idempotency.js';
import type { PaymentProvider } from '../checkout/payments.js';
import { hasEnoughStock, isSubscribableType, parseQuantity, resolveVariant, tracksStock } from '../domain/add-to-cart.js';
import { cartFailure } from './errors.js';
import { stockOfVariant } from '../catalog/products.repository.js';
import { ownerRoutes } from '../store/owner.routes.js';
import { customerRoutes } from '../customers/customers.routes.js';
import { RefundService } from '../checkout/refunds.service.js';
import { DEFAULT_JOBS, scheduleCartJobs, type CartJobsOptions } from '../jobs/jobs.js';
import { storeRoutes } from '../store/store.routes.js';
import { mailRoutes } from '../mail/mail.routes.js';
import { paymentsRoutes } from '../checkout/payments.routes.js';
import { RenewalService, registerRenewals } from '../subscriptions/renewals.js';

export const CART_COOKIE = 'ss_cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The storefront's two hottest answers are built field by field from typed values (toShoppingCart),
 * so they skip the zod pass over the response that other routes get (tests parse them with the
 * contract); the schema still documents them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export interface CartRouteOptions {
  payments: PaymentProvider;
  /** Cart writes allowed per cart (or client without a cart) per window. */
  writeLimit: { max: number; windowMs: number };
  /** Renewals, the idempotency-key purge and payment holds (jobs.ts). */
  jobs?: Partial<CartJobsOptions>;
  /** The mailer of receipts and refund notices (default: SMTP_URL, else the local mailbox). */
  mail?: MailerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart's mail relay (tests deliver by hand). */
    cartMail?: MailRelay;
    /** The cart's checkout (tests expire payment holds by hand). */
    cartCheckout?: CheckoutService;
  }
}

function shopperOf(request: FastifyRequest): Shopper {
  return { websiteId: websiteIdOf(request), token: request.cookies[CART_COOKIE], siteUserId: identityOf(request).siteUserId };
}

function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind the gateway the service hears plain HTTP: the visitor's scheme is the X-Forwarded-Proto
    // the gateway always sets (proxy.ts), so the cookie is Secure whenever the visitor used HTTPS.
    secure: request.headers['x-forwarded-proto'] === 'https' || request.protocol === 'https',
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255) throw cartFailure(400, CommerceMessages.idempotencyKeyRequired);
  return key;
}

export function cartRoutes(options: CartRouteOptions) {
  return async (app: ZodApp, ctx: ServiceContext<CartDB>): Promise<void> => {
    await app.register(cookie);
    const carts = new CartService(ctx);
    const mail = installMailer(app, ctx.db as unknown as Kysely<MailTables>, ctx.logger, options.mail);
    app.decorate('cartMail', mail);
    const checkout = new CheckoutService(ctx, carts, options.payments, () => mail.poke());
    app.decorate('cartCheckout', checkout);
    const refunds = new RefundService(ctx, options.payments, checkout);
    const renewals = new RenewalService(ctx, options.payments, checkout);
    registerRenewals(ctx, renewals);
    const jobs: CartJobsOptions = { ...DEFAULT_JOBS, ...options.jobs };
    scheduleCartJobs(app, ctx, renewals, jobs, checkout);
    const ttl = { ttlMs: jobs.idempotencyTtlMs };

    // Validation failures and every other error under the cart's paths get the compatibility fields.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api/')) return payload;
      try {
        const body = JSON.parse(payload) as { error?: { message?: string }; crumbFail?: boolean };
        if (!body.error || body.crumbFail !== undefined) return payload;
        return JSON.stringify({ ...body, crumbFail: false, status: reply.statusCode, message: body.error.message });
      } catch {
        return payload;
      }
    });

    const limiter = new WindowLimiter({
      ...options.writeLimit,
      ...(ctx.cache instanceof RedisCache ? { shared: redisCounters(ctx.cache.client, `sc:${ctx.name}:cart-writes:`) } : {}),
      onFlushError: (error) => ctx.logger.warn({ err: error }, 'cart write counts could not be shared; counting locally'),
    });
    app.addHook('onClose', async () => limiter.close());
    const limitWrites = async (request: FastifyRequest) => {
      const who = request.cookies[CART_COOKIE] ?? `ip:${clientAddressOf(request)}`;
      if (!limiter.allow(`${websiteIdOf(request)}:${who}`)) throw cartFailure(429, CartMessages.rateLimited);
    };

    /** The shopper's cart, setting the cookie when one was made. */
    const cartFor = async (request: FastifyRequest, reply: FastifyReply): Promise<CartRow> => {
      const { cart, created } = await carts.cartOf(shopperOf(request));
      if (created || request.cookies[CART_COOKIE] !== cart.token) setCartCookie(request, reply, cart.token);
      return cart;
    };

    app.get(
      '/api/commerce/shopping-cart',
      { schema: { summary: "The visitor's cart with its lines, totals, coupons and shipping choice", querystring: GetShoppingCartQuery, response: { 200: CommerceShoppingCart } }, serializerCompiler: plainJson },
      async (request, reply) => (await carts.load(await cartFor(request, reply))).view,
    );

    app.post(
      '/api/commerce/shopping-cart/entries',
      { onRequest: limitWrites, schema: { summary: 'Add a product variant to the cart (quantity rules, stock and limits checked)', body: AddEntryBody, response: { 200: AddEntryResponse } }, serializerCompiler: plainJson },
      async (request, reply) => {
        const cookie = request.cookies[CART_COOKIE];
        const { view, entry } = await carts.addEntry(shopperOf(request), request.body, ({ cart, created }) => {
          if (created || cookie !== cart.token) setCartCookie(request, reply, cart.token);
        });
        return { shoppingCart: view, newlyAdded: entry };
      },
    );

    app.put(
      '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
      { onRequest: limitWrites, schema: { summary: 'Set the custom form fields of a cart line', params: EntryParams, body: UpdateFieldsBody, response: { 200: UpdateFieldsResponse } } },
      async (request, reply) => {
        const { view, entry } = await carts.updateFields(await cartFor(request, reply), request.params.entryId, request.body.itemId, request.body.additionalFields);
        return { shoppingCart: view, updatedEntry: entry };
      },
    );

    app.put(
      '/api/commerce/shopping-cart/entries/:entryId',
      { onRequest: limitWrites, schema: { summary: 'Change the quantity of a cart line', params: EntryParams, body: UpdateQuantityBody, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.updateQuantity(await cartFor(request, reply), request.params.entryId, request.body.quantity),
    );

    app.delete(
      '/api/commerce/shopping-cart/entries/:entryId',
      { onRequest: limitWrites, schema: { summary: 'Remove a line from the cart', params: EntryParams, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.removeEntry(await cartFor(request, reply), request.params.entryId),
    );

    app.post(
      '/api/commerce/shopping-cart/coupons',
      { onRequest: limitWrites, schema: { summary: 'Apply a coupon code to the cart', body: ApplyCouponBody, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.applyCoupon(await cartFor(request, reply), request.body.code),
    );

    app.delete(
      '/api/commerce/shopping-cart/coupons/:code',
      { onRequest: limitWrites, schema: { summary: 'Remove a coupon from the cart', params: CouponParams, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.removeCoupon(await cartFor(request, reply), request.params.code),
    );

    app.put(
      '/api/commerce/shopping-cart/shipping-location',
      { onRequest: limitWrites, schema: { summary: 'Set where the cart ships to (for shipping options and tax)', body: ShippingLocation, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.setLocation(await cartFor(request, reply), request.body),
    );

    app.put(
      '/api/commerce/shopping-cart/shipping-option',
      { onRequest: limitWrites, schema: { summary: 'Choose one of the shipping options offered for the cart', body: ChooseShippingBody, response: { 200: CommerceShoppingCart } } },
      async (request, reply) => carts.chooseShipping(await cartFor(request, reply), request.body.optionId),
    );

    for (const path of ['/api/commerce/inventory/stock/', '/api/commerce/inventory/stock']) {
      app.get(path, { schema: { summary: 'Stock left of product variants (unlimited when not tracked)', querystring: StockQuery, response: { 200: StockResult } } }, async (request) =>
        carts.stockResult(websiteIdOf(request), request.query.itemId),
      );
    }

    app.post(
      '/api/3/commerce/cart/subscription',
      { onRequest: limitWrites, schema: { summary: 'Start a subscription checkout: a cart holding one subscription product', body: SubscriptionCartBody, response: { 200: SubscriptionCartResponse } } },
      async (request) => {
        const shopper = shopperOf(request);
        const body = request.body;
        const quantity = parseQuantity(body.qty);
        if (!quantity.ok) throw cartFailure(400, quantity.message);
        const product = await carts.productForSale(shopper.websiteId, body.itemId);
        if (!isSubscribableType(product.product_type)) throw cartFailure(400, CommerceMessages.notSubscribable);
        if (!product.is_subscribable) throw cartFailure(400, CommerceMessages.notASubscription);
        const resolved = resolveVariant(
          { productType: product.product_type, variantOptionOrdering: product.variant_option_ordering, variants: product.variants },
          { sku: body.sku },
        );
        if (!resolved.ok) throw cartFailure(400, resolved.message);
        if (tracksStock(product.product_type)) {
          const stock = await stockOfVariant(ctx.db, shopper.websiteId, product.product_id, resolved.value.id);
          if (!hasEnoughStock(stock, 0, quantity.value)) throw cartFailure(409, CommerceMessages.productUnavailable);
        }
        const cart = await carts.createSubscriptionCart(shopper.websiteId, shopper.siteUserId, product.product_id, resolved.value.id, quantity.value, body.additionalFields ?? '');
        return { cartToken: cart.token };
      },
    );

    app.post(
      '/api/commerce/checkout',
      { onRequest: limitWrites, schema: { summary: 'Place the order of the cart: reserves stock, takes payment, empties the cart', body: CheckoutBody, response: { 201: CheckoutResponse } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const shopper = shopperOf(request);
        const hash = requestHash({ call: 'checkout', body: request.body, token: shopper.token ?? null, siteUserId: shopper.siteUserId ?? null });
        const result = await once(
          ctx.db,
          shopper.websiteId,
          key,
          hash,
          async () => {
            const cart = await checkout.cartForCheckout(shopper, request.body.cartToken);
            return { status: 201, body: await checkout.checkout(cart, request.body, key) };
          },
          ttl,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.status as 201).send(result.body as never);
      },
    );

    app.post(
      '/api/commerce/donations',
      { onRequest: limitWrites, schema: { summary: 'Give a donation (an order without a cart)', body: DonationBody, response: { 201: CheckoutResponse } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const websiteId = websiteIdOf(request);
        const hash = requestHash({ call: 'donation', body: request.body });
        const result = await once(ctx.db, websiteId, key, hash, async () => ({ status: 201, body: await checkout.donate(websiteId, request.body, key) }), ttl);
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.status as 201).send(result.body as never);
      },
    );

    // Only its buyer, the site's owner, or the holder of its receipt token reads an order: the id
    // alone (in URLs, logs and analytics) is not enough.
    app.get('/api/commerce/orders/:orderId', { schema: { summary: "One order, for its buyer, the site's owner or the holder of its receipt token", params: OrderParams, querystring: OrderReadQuery, response: { 200: OrderResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const identity = identityOf(request);
      return {
        order: await checkout.orderFor(websiteIdOf(request), request.params.orderId, {
          cartToken: request.cookies[CART_COOKIE],
          siteUserId: identity.siteUserId,
          storeReader: permissionsOf(identity).has(Permission.STORE_READ),
          receiptToken: request.query.receiptToken,
        }),
      };
    });

    app.get('/api/commerce/gift-cards/:code', { schema: { summary: 'The balance left on a gift card', params: GiftCardParams, response: { 200: GiftCardBalance } } }, async (request) => {
      const card = await findGiftCard(ctx.db, websiteIdOf(request), request.params.code.toUpperCase());
      if (!card) throw cartFailure(404, CommerceMessages.giftCardUnknown);
      const currency = card.currency as 'USD';
      return { code: card.code, balance: { value: String(card.balance_cents), currency }, initial: { value: String(card.initial_cents), currency } };
    });

    ownerRoutes(app, ctx, checkout);
    await paymentsRoutes(app, ctx, options.payments, checkout, refunds);
    mailRoutes(app, ctx, mail);
    customerRoutes(app, ctx, checkout);
    storeRoutes(app, ctx, { checkout, refunds, idempotencyTtlMs: jobs.idempotencyTtlMs });
  };
}
