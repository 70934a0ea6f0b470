// The URLs collections had before a rename (issue 37, one URL per page): /old-shop and everything
// under it keep answering, as a 301 to the same path under the collection's URL now, as long as
// no collection takes the old URL. Deleting the collection drops its old URLs.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0060CollectionUrlHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collection_url_history')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('collection_url_history_pk', ['website_id', 'url_id'])
      .execute();
    await db.schema.createIndex('collection_url_history_by_collection').on('collection_url_history').columns(['collection_id']).execute();
  },
};
