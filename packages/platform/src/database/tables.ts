// The documented boundary between a service's database type and the tables it shares a schema
// with. Every service's schema holds the platform's tables (outbox, handled events, mail, captcha)
// beside its own, and migrations and raw helpers see it untyped; a service's Kysely type names
// only its own tables. The same connection is viewed with other table types through these two
// functions, so the one unchecked step is here, not repeated as casts through every service.
import type { Kysely, Transaction } from 'kysely';

// Any database's or transaction's type: what it names is exactly what this boundary sets aside.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTables = any;

/** `db` (a service's database or transaction) viewed with the tables `T`. */
export function withTables<T>(db: Transaction<AnyTables>): Transaction<T>;
export function withTables<T>(db: Kysely<AnyTables>): Kysely<T>;
export function withTables<T>(db: Kysely<AnyTables>): Kysely<T> {
  return db as Kysely<T>;
}

/**
 * A value for a json/jsonb column, as the column's type. node-postgres would send a JS array as a
 * Postgres array, not JSON, so values go as their JSON text; Postgres reads it back as the value.
 */
export function jsonb<T>(value: T): T {
  return JSON.stringify(value) as unknown as T;
}
