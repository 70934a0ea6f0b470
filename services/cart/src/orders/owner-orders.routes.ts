// Owner routes of the store's orders: the list (paged, filtered), one order's detail, its status
// (fulfilled with tracking, or cancelled) and its refunds. store:read to look, store:manage to
// change; refunds need an Idempotency-Key.
import { OrderList, OrderListQuery, OrderParams, OrderResponse, Permission, RefundBody, RefundResponse, UpdateOrderStatusBody } from '@sc/contracts';
import { decodeCursor, ownerRoute, toPage, websiteIdOf, type ZodApp } from '@sc/platform';
import { idempotencyKeyOf } from '../cart/index.js';
import type { CartModule } from '../module.js';
import { requestHash } from '../shared/idempotency.js';

export function ownerOrderRoutes(app: ZodApp, parts: Pick<CartModule, 'orders' | 'refunds' | 'idempotency'>): void {
  const { orders, refunds, idempotency } = parts;

  app.get('/api/commerce/store/orders', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's orders, paged, filtered by status, kind and date", querystring: OrderListQuery, response: { 200: OrderList } } }), async (request) => {
    const { limit, cursor, status, kind, from, to, q } = request.query;
    const after = cursor ? decodeCursor(cursor, 'orders', 'number') : undefined;
    const rows = await orders.orders(websiteIdOf(request), { status, kind, from, to, email: q, beforeNumber: after ? Number(after.key) : undefined }, limit + 1);
    const page = toPage(rows, limit, (row) => ({ key: Number(row.order_number), id: row.id }), { scope: 'orders' });
    return {
      orders: await Promise.all(page.items.map((row) => orders.toOrder(row))),
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    };
  });

  app.put(
    '/api/commerce/store/orders/:orderId/status',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Mark an order fulfilled (with tracking) or cancelled', params: OrderParams, body: UpdateOrderStatusBody, response: { 200: OrderResponse } } }),
    async (request) => ({ order: await orders.setOrderStatus(websiteIdOf(request), request.params.orderId, request.body) }),
  );

  app.get(
    '/api/commerce/store/orders/:orderId',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'One order of the store, with its lines, payments and refunds', params: OrderParams, response: { 200: OrderResponse } } }),
    async (request) => ({ order: await orders.orderView(websiteIdOf(request), request.params.orderId) }),
  );

  app.post(
    '/api/commerce/store/orders/:orderId/refunds',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Refund an order in full or in part, restocking if asked', params: OrderParams, body: RefundBody, response: { 201: RefundResponse } } }),
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const websiteId = websiteIdOf(request);
      const hash = requestHash({ call: 'refund', orderId: request.params.orderId, body: request.body });
      const result = await idempotency.once(websiteId, key, hash, async () => ({ status: 201, body: await refunds.refund(websiteId, request.params.orderId, request.body) }));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as never);
    },
  );
}
