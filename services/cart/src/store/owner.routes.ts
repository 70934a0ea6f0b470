// Owner routes of the store (the inventory panel, store rules, coupons, orders): store:read to
// look, store:manage to change (packages/contracts permissions).
import {
  Coupon,
  CouponInput,
  CouponList,
  CouponParams,
  Deleted,
  InventoryList,
  InventoryParams,
  InventoryQuery,
  InventoryRow,
  OrderList,
  OrderListQuery,
  OrderParams,
  OrderResponse,
  Permission,
  StoreRules,
  UpdateOrderStatusBody,
  UpdateStockBody,
  UpdateStoreRulesBody,
} from '@sc/contracts';
import { decodeCursor, ownerRoute, toPage, websiteIdOf, type ZodApp } from '@sc/platform';
import type { CartModule } from '../module.js';
import { couponOf, couponView } from './rules.repository.js';
import { ORDER_SORT_COLUMNS, type OrderSortSpec } from '../checkout/orders.repository.js';

/** The sort asked for; a direction alone sorts by number, and numbers and totals go high to low unless told. */
function orderSortOf(sort: OrderListQuery['sort'], dir: OrderListQuery['dir']): Omit<OrderSortSpec, 'after'> {
  const by = sort ?? 'number';
  return { by, dir: dir ?? (by === 'email' || by === 'status' ? 'asc' : 'desc') };
}

export function ownerRoutes(app: ZodApp, parts: Pick<CartModule, 'store' | 'checkout'>): void {
  const { store, checkout } = parts;

  app.get(
    '/api/commerce/inventory',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "Stock of every product variant, or of one product's", querystring: InventoryQuery, response: { 200: InventoryList } } }),
    async (request) => {
      const rows = await store.inventory(websiteIdOf(request), request.query.itemId);
      return {
        inventory: rows.map((r) => ({ itemId: r.product_id, variantId: r.variant_id, sku: r.sku, title: r.title, productType: r.product_type, qtyInStock: r.qty, unlimited: r.unlimited })),
      };
    },
  );

  app.put(
    '/api/commerce/inventory/:itemId/:variantId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Set the stock of one product variant', params: InventoryParams, body: UpdateStockBody, response: { 200: InventoryRow } } }),
    async (request) => store.setStock(websiteIdOf(request), request.params.itemId, request.params.variantId, request.body),
  );

  app.get('/api/commerce/store-rules', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's rules: minimum order and donation, tax rules, shipping options", response: { 200: StoreRules } } }), async (request) => {
    const { currency: _currency, ...rules } = await store.rules(websiteIdOf(request));
    return rules;
  });

  app.put(
    '/api/commerce/store-rules',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: "Change the store's rules", body: UpdateStoreRulesBody, response: { 200: StoreRules } } }),
    async (request) => {
      const { currency: _currency, ...rules } = await store.saveRules(websiteIdOf(request), request.body);
      return rules;
    },
  );

  app.get('/api/commerce/coupons', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's coupons", response: { 200: CouponList } } }), async (request) => ({
    coupons: (await store.coupons(websiteIdOf(request))).map(couponView),
  }));

  app.post('/api/commerce/coupons', ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Create a coupon', body: CouponInput, response: { 200: Coupon } } }), async (request) => {
    const b = request.body;
    const coupon = couponOf({ code: b.code, kind: b.kind, value: b.value, minimum_subtotal_cents: b.minimumSubtotalCents, expires_at: b.expiresAt, combinable: b.combinable, usage_limit: b.usageLimit, times_used: 0 });
    await store.saveCoupon(websiteIdOf(request), coupon);
    return couponView(coupon);
  });

  app.delete(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a coupon', params: CouponParams, response: { 200: Deleted } } }),
    async (request) => ({ deleted: await store.deleteCoupon(websiteIdOf(request), request.params.code) }),
  );

  app.get('/api/commerce/store/orders', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's orders, paged, filtered by status, kind and date", querystring: OrderListQuery, response: { 200: OrderList } } }), async (request) => {
    const { limit, cursor, status, kind, from, to, q, sort, dir } = request.query;
    if (sort || dir) {
      // A chosen sort pages by (column, id); its cursor names the sort, so one from another sort is a 400.
      const spec = orderSortOf(sort, dir);
      const scope = `orders:${spec.by}:${spec.dir}`;
      const column = ORDER_SORT_COLUMNS[spec.by];
      const textual = column === 'email' || column === 'status';
      const after = cursor ? decodeCursor(cursor, scope, textual ? 'string' : 'number') : undefined;
      const rows = await store.orders(websiteIdOf(request), { status, kind, from, to, email: q, sort: { ...spec, after } }, limit + 1);
      const sorted = toPage(rows, limit, (row) => ({ key: textual ? String(row[column]) : Number(row[column]), id: row.id }), { scope });
      return { orders: await Promise.all(sorted.items.map((row) => checkout.toOrder(row))), hasNextPage: sorted.hasNextPage, nextPageCursor: sorted.nextPageCursor };
    }
    const after = cursor ? decodeCursor(cursor, 'orders', 'number') : undefined;
    const rows = await store.orders(websiteIdOf(request), { status, kind, from, to, email: q, beforeNumber: after ? Number(after.key) : undefined }, limit + 1);
    const page = toPage(rows, limit, (row) => ({ key: Number(row.order_number), id: row.id }), { scope: 'orders' });
    return {
      orders: await Promise.all(page.items.map((row) => checkout.toOrder(row))),
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    };
  });

  app.put(
    '/api/commerce/store/orders/:orderId/status',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Mark an order fulfilled (with tracking) or cancelled', params: OrderParams, body: UpdateOrderStatusBody, response: { 200: OrderResponse } } }),
    async (request) => ({ order: await store.setOrderStatus(websiteIdOf(request), request.params.orderId, request.body) }),
  );
}
