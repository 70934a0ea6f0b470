// The URLs items had before a rename (issue 37): an old link keeps working as a 301 to the item's
// URL now, as long as no other item takes the old URL. Deleting an item drops its old URLs. And
// the sitemaps read a website's items in pages by id: an index makes each page a range scan
// instead of a sort of the whole site (bench/render/sitemap.ts).
import { sql, type Kysely, type Migration } from 'kysely';

export const m0040ItemUrlHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('item_url_history')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('item_url_history_pk', ['website_id', 'collection_id', 'url_id'])
      .execute();
    await db.schema.createIndex('item_url_history_by_item').on('item_url_history').columns(['item_id']).execute();
    await db.schema.createIndex('items_by_website_id').on('items').columns(['website_id', 'id']).execute();
  },
};
