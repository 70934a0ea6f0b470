// The owner's inventory: stock of every variant with its product, one variant's stock under lock.
import type { Kysely, Transaction } from 'kysely';
import type { CartDB } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

/** Stock of the website's live products (one product's when `itemId`), by title then SKU. */
export async function listInventory(db: Db, websiteId: string, itemId?: string) {
  let query = db
    .selectFrom('stock as s')
    .innerJoin('products as p', (j) => j.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
    .select(['s.product_id', 's.variant_id', 's.sku', 's.qty', 's.unlimited', 'p.title', 'p.product_type'])
    .where('s.website_id', '=', websiteId)
    .where('p.deleted', '=', false);
  if (itemId) query = query.where('s.product_id', '=', itemId);
  return query.orderBy('p.title').orderBy('s.sku').execute();
}

export async function lockStock(trx: Transaction<CartDB>, websiteId: string, productId: string, variantId: string) {
  return trx
    .selectFrom('stock')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setStock(
  trx: Transaction<CartDB>,
  websiteId: string,
  productId: string,
  variantId: string,
  stock: { qty: number; unlimited: boolean },
): Promise<void> {
  await trx
    .updateTable('stock')
    .set(stock)
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .execute();
}

export async function productTitleAndType(db: Db, websiteId: string, productId: string) {
  return db
    .selectFrom('products')
    .select(['title', 'product_type'])
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}
