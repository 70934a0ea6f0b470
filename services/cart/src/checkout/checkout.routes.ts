// HTTP of checkout: place the cart's order and give a donation, both once per Idempotency-Key
// (reading an order is orders/orders.routes.ts).
import { CheckoutBody, CheckoutResponse, DonationBody } from '@sc/contracts';
import { websiteIdOf, type ZodApp } from '@sc/platform';
import { countCodeAttempt, idempotencyKeyOf, limitWritesWith, shopperOf } from '../cart/index.js';
import type { CartModule } from '../module.js';
import { requestHash } from '../shared/idempotency.js';

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
      schema: {
        summary: 'Place the order of the cart: reserves stock, takes payment, empties the cart',
        body: CheckoutBody,
        response: { 201: CheckoutResponse },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const shopper = shopperOf(request, parts.writeLimiter);
      const hash = requestHash({
        call: 'checkout',
        body: request.body,
        token: shopper.token ?? null,
        siteUserId: shopper.siteUserId ?? null,
      });
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
    {
      onRequest: limitWrites,
      schema: { summary: 'Give a donation (an order without a cart)', body: DonationBody, response: { 201: CheckoutResponse } },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const websiteId = websiteIdOf(request);
      const hash = requestHash({ call: 'donation', body: request.body });
      const result = await idempotency.once(websiteId, key, hash, async () => ({
        status: 201,
        body: await checkout.donate(websiteId, request.body, key),
      }));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as never);
    },
  );
}
