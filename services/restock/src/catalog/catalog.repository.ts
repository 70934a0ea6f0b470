// The read model of products and websites, from content's events (never content's tables).
import type { ContentProductUpserted } from '@sc/contracts';
import type { Db } from '../tables.js';

const labelOf = (attributes: Record<string, string>): string =>
  Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): CatalogRepository {
    return new CatalogRepository(trx);
  }

  /** Applies a product upsert unless a newer version is already there. */
  async upsertProduct(websiteId: string, data: ContentProductUpserted): Promise<void> {
    const variants = Object.fromEntries(data.variants.map((v) => [v.id, { sku: v.sku, label: labelOf(v.attributes) }]));
    await this.db
      .insertInto('products')
      .values({
        website_id: websiteId,
        product_id: data.productId,
        version: data.version,
        title: data.title,
        full_url: data.fullUrl,
        variants: JSON.stringify(variants) as never,
        deleted: false,
      })
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'product_id'])
          .doUpdateSet({
            version: data.version,
            title: data.title,
            full_url: data.fullUrl,
            variants: JSON.stringify(variants) as never,
            deleted: false,
          })
          .where('products.version', '<=', data.version),
      )
      .execute();
  }

  async markProductDeleted(websiteId: string, productId: string, version: number): Promise<void> {
    await this.db
      .updateTable('products')
      .set({ deleted: true, version })
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .where('version', '<=', version)
      .execute();
  }

  async upsertWebsite(websiteId: string, title: string, domain: string | null): Promise<void> {
    await this.db
      .insertInto('websites')
      .values({ website_id: websiteId, title, domain })
      .onConflict((oc) => oc.column('website_id').doUpdateSet({ title, domain }))
      .execute();
  }

  async productOf(websiteId: string, productId: string) {
    return this.db
      .selectFrom('products')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  }

  async websiteOf(websiteId: string) {
    return this.db.selectFrom('websites').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
  }
}
