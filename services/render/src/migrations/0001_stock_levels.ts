import type { Kysely, Migration } from 'kysely';

export const m0001StockLevels: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stock_levels')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('qty_in_stock', 'integer', (c) => c.notNull())
      .addColumn('unlimited', 'boolean', (c) => c.notNull())
      .addColumn('as_of', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_levels_pk', ['website_id', 'variant_id'])
      .execute();
    // Pages read the stock of the items they show.
    await db.schema.createIndex('stock_levels_item').on('stock_levels').columns(['website_id', 'item_id']).execute();
  },
};
