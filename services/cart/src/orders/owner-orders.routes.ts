// Owner routes of the store's orders: the list (paged, filtered), one order's detail, its status
// (fulfilled with tracking, or cancelled) and its refunds. store:read to look, store:manage to
// change; refunds need an Idempotency-Key.
import {
  OrderList,
  OrderListQuery,
  OrderParams,
  OrderResponse,
  Permission,
  RefundBody,
  RefundResponse,
  UpdateOrderStatusBody,
} from '@sc/contracts';
import { decodeCursor, ownerRoute, toPage, websiteIdOf, type ZodApp } from '@sc/platform';
import { idempotencyKeyOf } from '../cart/index.js';
import type { CartModule } from '../module.js';
import { requestHash } from '../shared/idempotency.js';
import { ORDER_SORT_COLUMNS, type OrderSortSpec } from './orders.repository.js';

/** The sort asked for; a direction alone sorts by number, and numbers and totals go high to low unless told. */
function orderSortOf(sort: OrderListQuery['sort'], dir: OrderListQuery['dir']): Omit<OrderSortSpec, 'after'> {
  const by = sort ?? 'number';
  return { by, dir: dir ?? (by === 'email' || by === 'status' ? 'asc' : 'desc') };
}

export function ownerOrderRoutes(app: ZodApp, parts: Pick<CartModule, 'orders' | 'refunds' | 'idempotency'>): void {
  const { orders, refunds, idempotency } = parts;

  app.get(
    '/api/commerce/store/orders',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's orders, paged, filtered by status, kind and date",
        querystring: OrderListQuery,
        response: { 200: OrderList },
      },
    }),
    async (request) => {
      const { limit, cursor, status, kind, from, to, q, sort, dir } = request.query;
      if (sort || dir) {
        // A chosen sort pages by (column, id); its cursor names the sort, so one from another sort is a 400.
        const spec = orderSortOf(sort, dir);
        const scope = `orders:${spec.by}:${spec.dir}`;
        const column = ORDER_SORT_COLUMNS[spec.by];
        const textual = column === 'email' || column === 'status';
        const after = cursor ? decodeCursor(cursor, scope, textual ? 'string' : 'number') : undefined;
        const rows = await orders.orders(websiteIdOf(request), { status, kind, from, to, email: q, sort: { ...spec, after } }, limit + 1);
        const sorted = toPage(rows, limit, (row) => ({ key: textual ? String(row[column]) : Number(row[column]), id: row.id }), { scope });
        return {
          orders: await Promise.all(sorted.items.map((row) => orders.toOrder(row))),
          hasNextPage: sorted.hasNextPage,
          nextPageCursor: sorted.nextPageCursor,
        };
      }
      const after = cursor ? decodeCursor(cursor, 'orders', 'number') : undefined;
      const rows = await orders.orders(
        websiteIdOf(request),
        { status, kind, from, to, email: q, beforeNumber: after ? Number(after.key) : undefined },
        limit + 1,
      );
      const page = toPage(rows, limit, (row) => ({ key: Number(row.order_number), id: row.id }), { scope: 'orders' });
      return {
        orders: await Promise.all(page.items.map((row) => orders.toOrder(row))),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    },
  );

  app.put(
    '/api/commerce/store/orders/:orderId/status',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Mark an order fulfilled (with tracking) or cancelled',
        params: OrderParams,
        body: UpdateOrderStatusBody,
        response: { 200: OrderResponse },
      },
    }),
    async (request) => ({ order: await orders.setOrderStatus(websiteIdOf(request), request.params.orderId, request.body) }),
  );

  app.get(
    '/api/commerce/store/orders/:orderId',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: 'One order of the store, with its lines, payments and refunds',
        params: OrderParams,
        response: { 200: OrderResponse },
      },
    }),
    async (request) => ({ order: await orders.orderView(websiteIdOf(request), request.params.orderId) }),
  );

  app.post(
    '/api/commerce/store/orders/:orderId/refunds',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Refund an order in full or in part, restocking if asked',
        params: OrderParams,
        body: RefundBody,
        response: { 201: RefundResponse },
      },
    }),
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const websiteId = websiteIdOf(request);
      const hash = requestHash({ call: 'refund', orderId: request.params.orderId, body: request.body });
      const result = await idempotency.once(websiteId, key, hash, async () => ({
        status: 201,
        body: await refunds.refund(websiteId, request.params.orderId, request.body),
      }));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as never);
    },
  );
}
