// Purging a deleted website (issue 34), the part every service shares: content announces
// content.website.purged once a deleted website's 30 days to be restored are over (and it has
// purged its own rows); every service consumes it, runs its own rules first (files, caches), then
// deletes every row of that website in every table of its schema that has a website_id: orders,
// carts, coupons, forms and submissions, restock sign-ups, site users and their sessions, API keys,
// analytics and its rollups, whatever a later migration adds. Children go before the rows they
// reference. The outbox is left alone (the relay owns it, and this very event sits in content's).
// Idempotent: handleOnce records the event, and a second purge finds nothing to delete.
import type { EventEnvelope } from '@sc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SubscribeOptions } from '../bus/bus.js';
import { handleOnce } from '../outbox/handled.js';
import type { OutboxTables } from '../outbox/outbox.js';
import type { Logger } from '../logger.js';
import { withTables } from '../database/tables.js';

/** The subject content publishes when a deleted website is purged for good. */
export const WEBSITE_PURGED = 'content.website.purged';

/** A service's own purge steps, run in the consumer's transaction before its rows are deleted. */
export type PurgeRules<DB> = (trx: Transaction<DB>, websiteId: string) => Promise<void>;

/**
 * The tables of `schema` with a website_id column (base tables, the outbox aside), ordered so
 * that a table comes before every table it references: deleting in this order breaks no foreign key.
 */
export async function websiteTables(db: Kysely<unknown> | Transaction<unknown>, schema: string): Promise<string[]> {
  const tables = (
    await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema = ${schema} and c.column_name = 'website_id' and c.table_name not like 'outbox%'
       order by c.table_name`.execute(db)
  ).rows.map((row) => row.table_name);
  const references = (
    await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
       where k.contype = 'f' and n.nspname = ${schema} and child.oid <> parent.oid`.execute(db)
  ).rows;
  // Depth-first: every table that references T is placed before T.
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>): void => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { child, parent } of references) if (parent === table && tables.includes(child)) place(child, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** Deletes every row of the website in `schema`'s tables that have a website_id; answers how many. */
export async function purgeWebsiteRows(db: Kysely<unknown> | Transaction<unknown>, schema: string, websiteId: string): Promise<number> {
  let deleted = 0;
  for (const table of await websiteTables(db, schema)) {
    const result = await sql`delete from ${sql.id(schema, table)} where website_id = ${websiteId}`.execute(db);
    deleted += Number(result.numAffectedRows ?? 0);
  }
  return deleted;
}

export const purgeConsumerName = (service: string): string => `${service}-website-purge`;

/** The durable consumer of content.website.purged every service runs (buildService adds it). */
export function websitePurgeConsumer<DB>(
  service: { name: string; schema: string; db: Kysely<DB>; logger: Logger },
  rules: PurgeRules<DB> | undefined,
  durable: string = purgeConsumerName(service.name),
): SubscribeOptions {
  return {
    durable,
    subjects: [WEBSITE_PURGED],
    handler: async (event: EventEnvelope) => {
      let deleted = 0;
      await handleOnce(withTables<OutboxTables>(service.db), durable, event, async (trx) => {
        await rules?.(withTables<DB>(trx), event.websiteId);
        deleted = await purgeWebsiteRows(withTables<unknown>(trx), service.schema, event.websiteId);
      });
      service.logger.info({ websiteId: event.websiteId, rows: deleted }, 'purged a deleted website');
    },
  };
}
