import { sql, type Kysely, type Migration } from 'kysely';

export const m0001Carts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('site_user_id', 'text')
      .addColumn('order_id', 'text')
      .addColumn('is_purchased', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('carts_website').on('carts').columns(['website_id', 'created_at']).execute();
  },
};
