// The owner's store as use cases: inventory, store rules, shipping options and tax rules one at a
// time (edited under the rules row's lock). Coupons and orders are orders/. Every change this
// process makes is dropped from its store cache at once.
import { CommerceMessages, type InventoryRow, type UpdateStockBody, type UpdateStoreRulesBody } from '@sc/contracts';
import type { z } from 'zod';
import { AppError, enqueueEvent, type ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import type { StoreCache } from '../catalog/index.js';
import { listInventory, lockStock, productTitleAndType, setStock } from './inventory.repository.js';
import { lockRules, rulesOf, saveRules, type WebsiteRules } from '../rules/rules.repository.js';

export class StoreService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #cache: StoreCache;

  constructor(ctx: ServiceContext<CartDB>, cache: StoreCache) {
    this.#ctx = ctx;
    this.#cache = cache;
  }

  // --- Inventory.

  inventory(websiteId: string, itemId?: string) {
    return listInventory(this.#ctx.db, websiteId, itemId);
  }

  /** Sets (or adjusts) one variant's stock; a change is announced (commerce.stock.changed). */
  setStock(
    websiteId: string,
    itemId: string,
    variantId: string,
    body: z.infer<typeof UpdateStockBody>,
  ): Promise<z.infer<typeof InventoryRow>> {
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
      return {
        itemId,
        variantId,
        sku: before.sku,
        title: product?.title ?? '',
        productType: product?.product_type ?? 1,
        qtyInStock: qty,
        unlimited,
      };
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
  async editList<K extends 'shippingOptions' | 'taxRules'>(
    websiteId: string,
    list: K,
    edit: (items: WebsiteRules[K]) => WebsiteRules[K],
  ): Promise<WebsiteRules[K]> {
    const items = await this.#ctx.transaction(async (trx) => {
      const rules = await lockRules(trx, websiteId);
      const next = edit(rules[list]);
      await saveRules(trx, websiteId, { [list]: next });
      return next;
    });
    await this.#cache.rulesChanged(websiteId);
    return items;
  }
}
