// Migrations run at start: the service's schema is created, then the platform's own tables
// (outbox, handled events) and the service's migrations apply in name order. Kysely's migrator
// takes a lock table, so replicas starting together migrate once.
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { platformMigrations } from './platform-migrations.js';

export type Migrations = Record<string, Migration>;

/** Creates `schema` if needed and applies every pending migration; throws with the failing name. */
export async function migrateToLatest(db: Kysely<unknown>, schema: string, migrations: Migrations): Promise<string[]> {
  await createSchema(db, schema);
  const all: Migrations = { ...platformMigrations, ...migrations };
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => all },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '(state)';
    throw new Error(`Migration ${schema}/${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function createSchema(db: Kysely<unknown>, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    // Two replicas racing on CREATE SCHEMA IF NOT EXISTS: one gets a unique violation; the schema exists.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
}
