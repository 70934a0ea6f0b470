// Owner routes of the store (the inventory panel, store rules, coupons, orders): store:read to
// look, store:manage to change (packages/contracts permissions).
import {
  Coupon,
  CouponInput,
  CouponList,
  CouponParams,
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
  CommerceMessages,
  formatMessage,
} from '@sc/contracts';
import { enqueueShippingConfirmation } from '../checkout/order-mail.js';
import { AppError, decodeCursor, enqueueEvent, encodeCursor, ownerRoute, websiteIdOf, type ServiceContext, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CartDB } from '../tables.js';
import { storeCacheOf } from '../catalog/store-cache.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { findOrder, findOrders, setOrderStatus } from '../checkout/orders.repository.js';
import { couponOf, couponView, deleteCoupon, listCoupons, rulesOf, saveRules, upsertCoupon } from './rules.repository.js';

export function ownerRoutes(app: ZodApp, ctx: ServiceContext<CartDB>, checkout: CheckoutService): void {
  app.get(
    '/api/commerce/inventory',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "Stock of every product variant, or of one product's", querystring: InventoryQuery, response: { 200: InventoryList } } }),
    async (request) => {
      let query = ctx.db
        .selectFrom('stock as s')
        .innerJoin('products as p', (j) => j.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
        .select(['s.product_id', 's.variant_id', 's.sku', 's.qty', 's.unlimited', 'p.title', 'p.product_type'])
        .where('s.website_id', '=', websiteIdOf(request))
        .where('p.deleted', '=', false);
      if (request.query.itemId) query = query.where('s.product_id', '=', request.query.itemId);
      const rows = await query.orderBy('p.title').orderBy('s.sku').execute();
      return {
        inventory: rows.map((r) => ({ itemId: r.product_id, variantId: r.variant_id, sku: r.sku, title: r.title, productType: r.product_type, qtyInStock: r.qty, unlimited: r.unlimited })),
      };
    },
  );

  app.put(
    '/api/commerce/inventory/:itemId/:variantId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Set the stock of one product variant', params: InventoryParams, body: UpdateStockBody, response: { 200: InventoryRow } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const { itemId, variantId } = request.params;
      const body = request.body;
      return ctx.transaction(async (trx) => {
        const before = await trx
          .selectFrom('stock')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('product_id', '=', itemId)
          .where('variant_id', '=', variantId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND', CommerceMessages.variantNotFound);
        const qty = body.qtyInStock ?? before.qty + (body.adjustBy ?? 0);
        if (qty < 0) throw new AppError('BAD_REQUEST', 'Stock cannot go below 0.', { fields: { adjustBy: 'Stock cannot go below 0.' } });
        const unlimited = body.unlimited ?? before.unlimited;
        await trx
          .updateTable('stock')
          .set({ qty, unlimited })
          .where('website_id', '=', websiteId)
          .where('product_id', '=', itemId)
          .where('variant_id', '=', variantId)
          .execute();
        const couldBuy = before.unlimited || before.qty > 0;
        const canBuy = unlimited || qty > 0;
        if (qty !== before.qty || unlimited !== before.unlimited) {
          await enqueueEvent(trx, 'commerce.stock.changed', websiteId, {
            itemId,
            variantId,
            sku: before.sku,
            previousQtyInStock: before.qty,
            qtyInStock: qty,
            previousUnlimited: before.unlimited,
            unlimited,
            backInStock: !couldBuy && canBuy,
            reason: 'inventory',
          });
        }
        const product = await trx.selectFrom('products').select(['title', 'product_type']).where('website_id', '=', websiteId).where('product_id', '=', itemId).executeTakeFirst();
        return { itemId, variantId, sku: before.sku, title: product?.title ?? '', productType: product?.product_type ?? 1, qtyInStock: qty, unlimited };
      });
    },
  );

  app.get('/api/commerce/store-rules', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's rules: minimum order and donation, tax rules, shipping options", response: { 200: StoreRules } } }), async (request) => {
    const { currency: _currency, ...rules } = await rulesOf(ctx.db, websiteIdOf(request));
    return rules;
  });

  app.put(
    '/api/commerce/store-rules',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: "Change the store's rules", body: UpdateStoreRulesBody, response: { 200: StoreRules } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      await saveRules(ctx.db, websiteId, request.body);
      storeCacheOf(ctx).rulesChanged(websiteId);
      const { currency: _currency, ...rules } = await rulesOf(ctx.db, websiteId);
      return rules;
    },
  );

  app.get('/api/commerce/coupons', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's coupons", response: { 200: CouponList } } }), async (request) => ({
    coupons: (await listCoupons(ctx.db, websiteIdOf(request))).map(couponView),
  }));

  app.post('/api/commerce/coupons', ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Create a coupon', body: CouponInput, response: { 200: Coupon } } }), async (request) => {
    const b = request.body;
    const coupon = couponOf({ code: b.code, kind: b.kind, value: b.value, minimum_subtotal_cents: b.minimumSubtotalCents, expires_at: b.expiresAt, combinable: b.combinable, usage_limit: b.usageLimit, times_used: 0 });
    await upsertCoupon(ctx.db, websiteIdOf(request), coupon);
    storeCacheOf(ctx).couponsChanged(websiteIdOf(request));
    return couponView(coupon);
  });

  app.delete(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a coupon', params: CouponParams, response: { 200: z.object({ deleted: z.boolean() }) } } }),
    async (request) => {
      const deleted = await deleteCoupon(ctx.db, websiteIdOf(request), request.params.code);
      storeCacheOf(ctx).couponsChanged(websiteIdOf(request));
      return { deleted };
    },
  );

  app.get('/api/commerce/store/orders', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's orders, paged, filtered by status, kind and date", querystring: OrderListQuery, response: { 200: OrderList } } }), async (request) => {
    const { limit, cursor, status, kind, from, to, q } = request.query;
    const after = cursor ? decodeCursor(cursor, 'orders', 'number') : undefined;
    const rows = await findOrders(ctx.db, websiteIdOf(request), { status, kind, from, to, email: q, beforeNumber: after ? Number(after.key) : undefined }, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      orders: await Promise.all(page.map((row) => checkout.toOrder(row))),
      hasNextPage: rows.length > limit,
      nextPageCursor: rows.length > limit && last ? encodeCursor({ key: Number(last.order_number), id: last.id }, 'orders') : null,
    };
  });

  app.put(
    '/api/commerce/store/orders/:orderId/status',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Mark an order fulfilled (with tracking) or cancelled', params: OrderParams, body: UpdateOrderStatusBody, response: { 200: OrderResponse } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const order = await findOrder(ctx.db, websiteId, request.params.orderId);
      if (!order) throw new AppError('NOT_FOUND', CommerceMessages.orderNotFound);
      // A partly refunded order can still be shipped or cancelled.
      if (!['paid', 'fulfilled', 'partially-refunded'].includes(order.status)) {
        throw new AppError('CONFLICT', formatMessage(CommerceMessages.orderStatusChange, { from: order.status, to: request.body.status }));
      }
      const { status, carrier, trackingNumber } = request.body;
      await ctx.transaction(async (trx) => {
        await setOrderStatus(trx, order.id, status);
        // The buyer hears once that the order shipped (the mail's key is the order's).
        if (status === 'fulfilled' && order.status !== 'fulfilled') await enqueueShippingConfirmation(trx, order, carrier ?? null, trackingNumber ?? null);
      });
      checkout.mailQueued();
      return { order: await checkout.orderView(websiteId, order.id) };
    },
  );
}
