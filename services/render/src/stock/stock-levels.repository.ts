// The live stock read model's queries. Repositories take a Kysely or a transaction; the caller
// opens the transaction (the consumer records the event as handled in the same one).
import type { Kysely, Transaction } from 'kysely';
import type { RenderDB } from '../tables.js';
import type { LiveStock, StockLevel } from '../domain/live-stock.js';

type Db = Kysely<RenderDB> | Transaction<RenderDB>;

export interface VariantStock extends StockLevel {
  itemId: string;
  variantId: string;
}

/** Writes a variant's stock as of `asOf`, unless a later change is already there. */
export async function saveStockLevel(db: Db, websiteId: string, stock: VariantStock, asOf: Date): Promise<void> {
  await db
    .insertInto('stock_levels')
    .values({
      website_id: websiteId,
      item_id: stock.itemId,
      variant_id: stock.variantId,
      qty_in_stock: stock.qtyInStock,
      unlimited: stock.unlimited,
      as_of: asOf,
    })
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'variant_id'])
        .doUpdateSet({ item_id: stock.itemId, qty_in_stock: stock.qtyInStock, unlimited: stock.unlimited, as_of: asOf })
        .where('stock_levels.as_of', '<=', asOf),
    )
    .execute();
}

/** The live stock of these items' variants (variants never changed since the cart saw them are absent). */
export async function stockLevelsOf(db: Db, websiteId: string, itemIds: readonly string[]): Promise<LiveStock> {
  const live = new Map<string, StockLevel>();
  if (itemIds.length === 0) return live;
  const rows = await db
    .selectFrom('stock_levels')
    .select(['variant_id', 'qty_in_stock', 'unlimited'])
    .where('website_id', '=', websiteId)
    .where('item_id', 'in', [...new Set(itemIds)])
    .execute();
  for (const row of rows) live.set(row.variant_id, { qtyInStock: row.qty_in_stock, unlimited: row.unlimited });
  return live;
}
