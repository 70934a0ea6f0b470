// The read model of products and websites, from content's events (never content's tables).
import type { ContentProductUpserted } from '@sc/contracts';
import type { Db } from './db.js';

const labelOf = (attributes: Record<string, string>): string =>
  Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

/** Applies a product upsert unless a newer version is already there. */
export async function upsertProduct(db: Db, websiteId: string, data: ContentProductUpserted): Promise<void> {
  const variants = Object.fromEntries(data.variants.map((v) => [v.id, { sku: v.sku, label: labelOf(v.attributes) }]));
  await db
    .insertInto('products')
    .values({ website_id: websiteId, product_id: data.productId, version: data.version, title: data.title, full_url: data.fullUrl, variants: JSON.stringify(variants) as never, deleted: false })
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'product_id'])
        .doUpdateSet({ version: data.version, title: data.title, full_url: data.fullUrl, variants: JSON.stringify(variants) as never, deleted: false })
        .where('products.version', '<=', data.version),
    )
    .execute();
}

export async function markProductDeleted(db: Db, websiteId: string, productId: string, version: number): Promise<void> {
  await db.updateTable('products').set({ deleted: true, version }).where('website_id', '=', websiteId).where('product_id', '=', productId).where('version', '<=', version).execute();
}

export async function upsertWebsite(db: Db, websiteId: string, title: string, domain: string | null): Promise<void> {
  await db
    .insertInto('websites')
    .values({ website_id: websiteId, title, domain })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ title, domain }))
    .execute();
}

export async function productOf(db: Db, websiteId: string, productId: string) {
  return db.selectFrom('products').selectAll().where('website_id', '=', websiteId).where('product_id', '=', productId).executeTakeFirst();
}

export async function websiteOf(db: Db, websiteId: string) {
  return db.selectFrom('websites').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
}
