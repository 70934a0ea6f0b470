// HTTP of the buyer's order reads: one order (its buyer, the site's owner, or the holder of its
// receipt token) and the signed-in buyer's account. The owner's order routes are
// owner-orders.routes.ts.
import { AccountResponse, CommerceMessages, OrderParams, OrderReadQuery, OrderResponse, Permission } from '@sc/contracts';
import { identityOf, permissionsOf, websiteIdOf, type ZodApp } from '@sc/platform';
import { CART_COOKIE } from '../cart/index.js';
import type { CartModule } from '../module.js';
import { cartFailure } from '../shared/errors.js';

export function orderRoutes(app: ZodApp, parts: Pick<CartModule, 'orders'>): void {
  const { orders } = parts;

  // Only its buyer, the site's owner, or the holder of its receipt token reads an order: the id
  // alone (in URLs, logs and analytics) is not enough.
  app.get(
    '/api/commerce/orders/:orderId',
    {
      schema: {
        summary: "One order, for its buyer, the site's owner or the holder of its receipt token",
        params: OrderParams,
        querystring: OrderReadQuery,
        response: { 200: OrderResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const identity = identityOf(request);
      return {
        order: await orders.orderFor(websiteIdOf(request), request.params.orderId, {
          cartToken: request.cookies[CART_COOKIE],
          siteUserId: identity.siteUserId,
          storeReader: permissionsOf(identity).has(Permission.STORE_READ),
          receiptToken: request.query.receiptToken,
        }),
      };
    },
  );

  // The signed-in buyer's orders and addresses: a visitor who is not signed in gets 401.
  app.get(
    '/api/commerce/account',
    { schema: { summary: "The signed-in site user's orders and the addresses they shipped to", response: { 200: AccountResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const siteUserId = identityOf(request).siteUserId;
      if (!siteUserId) throw cartFailure(401, CommerceMessages.signInForAccount);
      return orders.account(websiteIdOf(request), siteUserId);
    },
  );
}
