// The database of a service: Kysely on node-postgres when DATABASE_URL is set, on the embedded
// PGlite otherwise. Every service owns one schema; its Kysely is bound to it with withSchema, so
// services sharing one database (or one PGlite session) never touch each other's tables.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { EmbeddedPostgres } from './serialized-pglite.js';

/** A service's handle on its database: the schema-bound Kysely and how to close what it owns. */
export interface Database<DB = unknown> {
  readonly db: Kysely<DB>;
  readonly schema: string;
  readonly kind: 'postgres' | 'pglite';
  /** Answers true when a trivial query succeeds; used by /readyz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The connection pool's use right now (node-postgres only), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// node-postgres returns bigint (int8) and numeric as strings; we keep money in integer minor
// units that fit a JS number, so counts and sums come back as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens a pool on a real Postgres. Every client gets an error listener of its own when it connects:
 * the pool listens only to idle clients, so a connection lost while a client is checked out
 * (pg_terminate_backend, a Postgres restart, a failover) emitted 'error' with nobody listening and
 * the process exited. Now the statement in progress fails (a 503 by isUnavailableError), the pool
 * drops the broken client when it is released, and the process stays up.
 */
export function openPostgres<DB>(url: string, schema: string, logger: Logger, poolSize = 10): Database<DB> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ err: error }, 'Postgres connection lost; its client will be replaced'));
  });
  // An idle client's error reaches the pool too; the client's own listener has logged it.
  pool.on('error', () => undefined);
  const root = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db: root.withSchema(schema),
    schema,
    kind: 'postgres',
    ping: () => ping(root as Kysely<unknown>),
    close: () => root.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Binds a service to a shared embedded database; closing the handle leaves the database open. */
export function openEmbedded<DB>(embedded: EmbeddedPostgres, schema: string): Database<DB> {
  const root = new Kysely<DB>({ dialect: embedded.dialect() });
  return {
    db: root.withSchema(schema),
    schema,
    kind: 'pglite',
    ping: () => ping(root as Kysely<unknown>),
    close: () => root.destroy(),
  };
}

async function ping(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export { EmbeddedPostgres };
