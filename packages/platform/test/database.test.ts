// Runs against real Postgres when DATABASE_URL is set, the embedded PGlite otherwise.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { Mutex } from '../src/database/serialized-pglite.js';
import { migrateToLatest } from '../src/database/migrate.js';
import { openServiceInfra, type ServiceInfra } from '../src/infra.js';
import { createLogger } from '../src/logger.js';
import { mode, testConfig, unique } from '../test-kit/index.js';

interface DB {
  items: { id: number; label: string };
}

describe(Mutex.name, () => {
  it('hands the lock out one holder at a time, in request order', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    const hold = async (name: string, ms: number) => {
      const release = await mutex.acquire();
      order.push(`${name}+`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name}-`);
      release();
    };
    await Promise.all([hold('a', 20), hold('b', 1), hold('c', 1)]);
    expect(order).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });
});

describe(`database on ${mode.database}`, () => {
  let infra: ServiceInfra<DB>;
  let db: Kysely<DB>;
  const schema = unique('dbtest').toLowerCase();

  beforeAll(async () => {
    infra = await openServiceInfra<DB>(schema, testConfig(), createLogger('test', 'silent'));
    db = infra.database.db;
    await migrateToLatest(db as Kysely<unknown>, schema, {
      '0001_items': {
        async up(m: Kysely<unknown>) {
          await m.schema
            .createTable('items')
            .addColumn('id', 'integer', (c) => c.primaryKey())
            .addColumn('label', 'text', (c) => c.notNull())
            .execute();
        },
      },
    });
  });

  afterAll(async () => {
    // The schema is left in place (the run's database is dropped at the end): dropping it here
    // races Kysely's migrator in other workers, which reads the catalogue across all schemas.
    await infra.close();
  });

  it('keeps exactly the committed half of 50 concurrent transactions when 25 roll back', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('items')
            .values({ id: i, label: `item ${i}` })
            .execute();
          // Yield between statements so transactions really overlap.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          await trx
            .updateTable('items')
            .set({ label: `item ${i} checked` })
            .where('id', '=', i)
            .execute();
          if (i % 2 === 1) throw new Error(`roll back ${i}`);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(25);
    const rows = await db.selectFrom('items').select(['id', 'label']).orderBy('id').execute();
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.id % 2 === 0 && r.label === `item ${r.id} checked`)).toBe(true);
  });

  it('creates tables in the service schema only', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db);
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'handled_events',
      'items',
      'kysely_migration',
      'kysely_migration_lock',
      'outbox',
    ]);
  });

  it('runs migrations once: a second run applies nothing', async () => {
    const applied = await migrateToLatest(db as Kysely<unknown>, schema, {
      '0001_items': {
        async up() {
          throw new Error('must not run again');
        },
      },
    });
    expect(applied).toEqual([]);
  });

  it('answers ping', async () => {
    expect(await infra.database.ping()).toBe(true);
  });
});
