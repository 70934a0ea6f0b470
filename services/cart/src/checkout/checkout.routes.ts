// HTTP of checkout: place the cart's order, give a donation (both once per Idempotency-Key), and
// read an order (its buyer, the site's owner, or the holder of its receipt token).
import { AccountResponse, CheckoutBody, CheckoutResponse, CommerceMessages, DonationBody, OrderParams, OrderReadQuery, OrderResponse, Permission } from '@sc/contracts';
import { identityOf, permissionsOf, websiteIdOf, type ZodApp } from '@sc/platform';
import { CART_COOKIE, countCodeAttempt, idempotencyKeyOf, limitWritesWith, shopperOf } from '../cart/http.js';
import type { CartModule } from '../module.js';
import { requestHash } from '../shared/idempotency.js';
import { cartFailure } from '../shared/errors.js';

export function checkoutRoutes(app: ZodApp, parts: Pick<CartModule, 'checkout' | 'idempotency' | 'writeLimiter'>): void {
  const { checkout, idempotency } = parts;
  const limitWrites = limitWritesWith(parts.writeLimiter);

  app.post(
    '/api/commerce/checkout',
    {
      onRequest: limitWrites,
      // A gift-card code is a code attempt like a coupon (limited per cart and per address).
      preHandler: async (request) => {
        if (request.body.giftCardCode) countCodeAttempt(parts.writeLimiter, request);
      },
      schema: { summary: 'Place the order of the cart: reserves stock, takes payment, empties the cart', body: CheckoutBody, response: { 201: CheckoutResponse } } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const shopper = shopperOf(request, parts.writeLimiter);
      const hash = requestHash({ call: 'checkout', body: request.body, token: shopper.token ?? null, siteUserId: shopper.siteUserId ?? null });
      const result = await idempotency.once(shopper.websiteId, key, hash, async () => {
        // A run of this checkout whose answer was lost may have paid already: that order is the answer.
        const paid = await checkout.paidCheckout(shopper.websiteId, key);
        if (paid) return { status: 201, body: paid };
        const cart = await checkout.cartForCheckout(shopper, request.body.cartToken);
        return { status: 201, body: await checkout.checkout(cart, request.body, key) };
      });
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
      const result = await idempotency.once(websiteId, key, hash, async () => ({ status: 201, body: await checkout.donate(websiteId, request.body, key) }));
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

  // The signed-in buyer's orders and addresses: a visitor who is not signed in gets 401.
  app.get('/api/commerce/account', { schema: { summary: "The signed-in site user's orders and the addresses they shipped to", response: { 200: AccountResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const siteUserId = identityOf(request).siteUserId;
    if (!siteUserId) throw cartFailure(401, CommerceMessages.signInForAccount);
    return checkout.account(websiteIdOf(request), siteUserId);
  });
}
