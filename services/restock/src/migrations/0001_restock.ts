import { sql, type Kysely, type Migration } from 'kysely';

// Cursor keys are millisecond ISO strings: columns paged on keep millisecond precision so a key
// names its row exactly (Postgres would otherwise keep microseconds and pages would repeat rows).
const MS_TIMESTAMP = sql`timestamptz(3)`;

export const m0001Restock: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('signups')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('is_join_mailing_list', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', MS_TIMESTAMP, (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('notified_at', 'timestamptz')
      .addUniqueConstraint('signups_one_per_email', ['website_id', 'product_id', 'variant_id', 'email_normalized'])
      .execute();
    await db.schema
      .createIndex('signups_variant')
      .on('signups')
      .columns(['website_id', 'product_id', 'variant_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('settings')
      .addColumn('website_id', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('products')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('full_url', 'text', (c) => c.notNull())
      .addColumn('variants', 'jsonb', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('products_pk', ['website_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('websites')
      .addColumn('website_id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('domain', 'text')
      .execute();
  },
};
