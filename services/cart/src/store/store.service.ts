// The owner's store as use cases: inventory, store rules, coupons, shipping options and tax rules
// one at a time (edited under the rules row's lock), and the orders list and status changes.
// Every change this process makes is dropped from its store cache at once.
import { CommerceMessages, formatMessage, type InventoryRow, type UpdateStockBody, type UpdateStoreRulesBody } from '@sc/contracts';
import type { z } from 'zod';
import { AppError, enqueueEvent, type ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import type { StoreCache } from '../catalog/store-cache.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { enqueueShippingConfirmation } from '../checkout/order-mail.js';
import { findOrder, findOrders, setOrderStatus, setOrderTracking, type OrderRow } from '../checkout/orders.repository.js';
import type { CouponDefinition } from '../domain/totals.js';
import { listInventory, lockStock, productTitleAndType, setStock } from './inventory.repository.js';
import { deleteCoupon, findCoupon, listCoupons, lockRules, rulesOf, saveRules, upsertCoupon, type WebsiteRules } from './rules.repository.js';

export type OrderFilter = Parameters<typeof findOrders>[2];

export class StoreService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #cache: StoreCache;
  readonly #checkout: CheckoutService;

  constructor(ctx: ServiceContext<CartDB>, cache: StoreCache, checkout: CheckoutService) {
    this.#ctx = ctx;
    this.#cache = cache;
    this.#checkout = checkout;
  }

  // --- Inventory.

  inventory(websiteId: string, itemId?: string) {
    return listInventory(this.#ctx.db, websiteId, itemId);
  }

  /** Sets (or adjusts) one variant's stock; a change is announced (commerce.stock.changed). */
  setStock(websiteId: string, itemId: string, variantId: string, body: z.infer<typeof UpdateStockBody>): Promise<z.infer<typeof InventoryRow>> {
    return this.#ctx.transaction(async (trx) => {
      const before = await lockStock(trx, websiteId, itemId, variantId);
      if (!before) throw new AppError('NOT_FOUND', CommerceMessages.variantNotFound);
      const qty = body.qtyInStock ?? before.qty + (body.adjustBy ?? 0);
      if (qty < 0) throw new AppError('BAD_REQUEST', 'Stock cannot go below 0.', { fields: { adjustBy: 'Stock cannot go below 0.' } });
      const unlimited = body.unlimited ?? before.unlimited;
      await setStock(trx, websiteId, itemId, variantId, { qty, unlimited });
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
      const product = await productTitleAndType(trx, websiteId, itemId);
      return { itemId, variantId, sku: before.sku, title: product?.title ?? '', productType: product?.product_type ?? 1, qtyInStock: qty, unlimited };
    });
  }

  // --- Rules, shipping options, tax rules.

  rules(websiteId: string): Promise<WebsiteRules> {
    return rulesOf(this.#ctx.db, websiteId);
  }

  async saveRules(websiteId: string, body: z.infer<typeof UpdateStoreRulesBody>): Promise<WebsiteRules> {
    await saveRules(this.#ctx.db, websiteId, body);
    await this.#cache.rulesChanged(websiteId);
    return rulesOf(this.#ctx.db, websiteId);
  }

  /** Changes one list of the rules under the row's lock, so two owners' edits never lose each other. */
  async editList<T extends { id: string }>(websiteId: string, list: 'shippingOptions' | 'taxRules', edit: (items: T[]) => T[]): Promise<T[]> {
    const items = await this.#ctx.transaction(async (trx) => {
      const rules = await lockRules(trx, websiteId);
      // Boundary: the caller names the list's item type (ShippingOption or TaxRule) for its list.
      const next = edit(rules[list] as unknown as T[]);
      await saveRules(trx, websiteId, { [list]: next });
      return next;
    });
    await this.#cache.rulesChanged(websiteId);
    return items;
  }

  // --- Coupons.

  coupons(websiteId: string): Promise<CouponDefinition[]> {
    return listCoupons(this.#ctx.db, websiteId);
  }

  async coupon(websiteId: string, code: string): Promise<CouponDefinition | undefined> {
    return findCoupon(this.#ctx.db, websiteId, code);
  }

  async saveCoupon(websiteId: string, coupon: CouponDefinition): Promise<void> {
    await upsertCoupon(this.#ctx.db, websiteId, coupon);
    await this.#cache.couponsChanged(websiteId);
  }

  async deleteCoupon(websiteId: string, code: string): Promise<boolean> {
    const deleted = await deleteCoupon(this.#ctx.db, websiteId, code);
    await this.#cache.couponsChanged(websiteId);
    return deleted;
  }

  // --- Orders.

  orders(websiteId: string, filter: OrderFilter, limit: number): Promise<OrderRow[]> {
    return findOrders(this.#ctx.db, websiteId, filter, limit);
  }

  /** Marks an order fulfilled (the buyer hears once that it shipped) or cancelled. */
  async setOrderStatus(websiteId: string, orderId: string, change: { status: 'fulfilled' | 'cancelled'; carrier?: string | null | undefined; trackingNumber?: string | null | undefined }) {
    const order = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!order) throw new AppError('NOT_FOUND', CommerceMessages.orderNotFound);
    // A partly refunded order can still be shipped or cancelled.
    if (!['paid', 'fulfilled', 'partially-refunded'].includes(order.status)) {
      throw new AppError('CONFLICT', formatMessage(CommerceMessages.orderStatusChange, { from: order.status, to: change.status }));
    }
    await this.#ctx.transaction(async (trx) => {
      await setOrderStatus(trx, order.id, change.status);
      if (change.status === 'fulfilled') await setOrderTracking(trx, order.id, change.carrier ?? null, change.trackingNumber ?? null);
      // The buyer hears once that the order shipped (the mail's key is the order's).
      if (change.status === 'fulfilled' && order.status !== 'fulfilled') await enqueueShippingConfirmation(trx, order, change.carrier ?? null, change.trackingNumber ?? null, this.#ctx.config.PUBLIC_URL);
    });
    this.#checkout.mailQueued();
    return this.#checkout.orderView(websiteId, order.id);
  }
}
