// The analytics schema (see analytics.table.ts). Raw tables have no primary key: they are only
// appended to in batches and purged by age, so a BRIN index on the receipt time is all they need.
// Rollup tables are keyed by what reports group by, so each flush or event upserts into them.
import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

const COUNT = (name: string) => (t: CreateTableBuilder<string, never>) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

async function rollup(db: Kysely<unknown>, name: string, keys: Array<[string, string]>, counts: string[]): Promise<void> {
  let table = db.schema.createTable(name).addColumn('website_id', 'text', (c) => c.notNull()) as CreateTableBuilder<string, never>;
  for (const [column, type] of keys) table = table.addColumn(column, sql.raw(type), (c) => c.notNull());
  for (const column of counts) table = COUNT(column)(table);
  await table.addPrimaryKeyConstraint(`${name}_pk`, ['website_id', ...keys.map(([column]) => column)] as never).execute();
}

export const m0001Analytics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hits')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('event_type', 'smallint', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('referrer_host', 'text')
      .addColumn('item_id', 'text')
      .addColumn('collection_id', 'text')
      .addColumn('page_type', 'integer')
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .addColumn('viewport_width', 'integer')
      .addColumn('viewport_height', 'integer')
      .addColumn('screen_width', 'integer')
      .addColumn('screen_height', 'integer')
      .addColumn('locale', 'text')
      .addColumn('template_id', 'text')
      .addColumn('client_date', 'timestamptz')
      .execute();
    await db.schema
      .createTable('events')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('path', 'text')
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('interactions')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('path', 'text')
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('js_errors')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack', 'text')
      .addColumn('source', 'text')
      .addColumn('line', 'integer')
      .addColumn('col', 'integer')
      .addColumn('path', 'text')
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('caught', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('perf_records')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('page_load_id', 'uuid', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .execute();
    for (const table of ['hits', 'events', 'interactions', 'js_errors', 'perf_records']) {
      await db.schema.createIndex(`${table}_received_at`).on(table).using('brin').column('received_at').execute();
    }

    await db.schema
      .createTable('daily_salts')
      .addColumn('day', 'date', (c) => c.primaryKey())
      .addColumn('salt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('visitor_state')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
      .addColumn('prev_seen', 'timestamptz')
      .addPrimaryKeyConstraint('visitor_state_pk', ['website_id', 'visitor_hash'])
      .execute();
    await db.schema.createIndex('visitor_state_last_seen').on('visitor_state').column('last_seen').execute();

    await rollup(db, 'traffic_hourly', [['hour', 'timestamptz']], ['page_views', 'visits', 'visitors']);
    await rollup(db, 'traffic_daily', [['day', 'date']], ['page_views', 'visits', 'visitors']);
    await rollup(
      db,
      'page_daily',
      [
        ['day', 'date'],
        ['path', 'text'],
      ],
      ['views'],
    );
    await rollup(
      db,
      'referrer_daily',
      [
        ['day', 'date'],
        ['host', 'text'],
      ],
      ['views'],
    );
    await rollup(
      db,
      'device_daily',
      [
        ['day', 'date'],
        ['device', 'text'],
      ],
      ['page_views', 'visits', 'visitors'],
    );
    await rollup(
      db,
      'product_daily',
      [
        ['day', 'date'],
        ['product_id', 'text'],
      ],
      ['views', 'adds', 'add_quantity', 'removes', 'purchases', 'purchased_quantity'],
    );
    await db.schema
      .createTable('sales_daily')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revenue', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('sales_daily_pk', ['website_id', 'day', 'currency'])
      .execute();
    await rollup(
      db,
      'form_daily',
      [
        ['day', 'date'],
        ['form_id', 'text'],
      ],
      ['views', 'submissions'],
    );
    await rollup(
      db,
      'event_daily',
      [
        ['day', 'date'],
        ['name', 'text'],
      ],
      ['count'],
    );
    await rollup(
      db,
      'interaction_daily',
      [
        ['day', 'date'],
        ['kind', 'text'],
        ['target', 'text'],
      ],
      ['count'],
    );
    await db.schema
      .createTable('error_daily')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('source', 'text')
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('error_daily_pk', ['website_id', 'day', 'fingerprint'])
      .execute();
    await rollup(
      db,
      'vitals_daily',
      [
        ['day', 'date'],
        ['metric', 'text'],
        ['device', 'text'],
        ['bucket', 'smallint'],
      ],
      ['count'],
    );

    await db.schema
      .createTable('settings')
      .addColumn('website_id', 'text', (c) => c.primaryKey())
      .addColumn('tracking_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('replay_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('replay_experiment', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('country', 'text')
      .addColumn('time_zone', 'text')
      .addColumn('restrictive_cookie_policy', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('products')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('products_pk', ['website_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('product_skus')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_skus_pk', ['website_id', 'sku'])
      .execute();
  },
};
