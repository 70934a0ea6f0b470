// Erasure of one email on one website (a privacy request), the part every service shares: each
// service consumes privacy.customer.erased, runs its own rules first (delete an account, anonymise
// an order), then scrubs whatever is left: every text and jsonb column of every table of its schema
// that has a website_id, on that website's rows only, has the email replaced by ERASED_EMAIL. The
// scrub is what makes "no trace left" hold for tables nobody thought of (idempotency responses,
// the mail outbox, outbox events, analytics); the rules are what make the result sensible.
import { CustomerErased, ERASED_EMAIL, type EventEnvelope } from '@sc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SubscribeOptions } from '../bus/bus.js';
import { handleOnce } from '../outbox/handled.js';
import type { OutboxTables } from '../outbox/outbox.js';
import type { Logger } from '../logger.js';
import { withTables } from '../database/tables.js';

/** A service's own erasure rules, run in the consumer's transaction before the scrub. */
export type EraseRules<DB> = (trx: Transaction<DB>, websiteId: string, email: string) => Promise<void>;

/** The email as a case-insensitive POSIX regular expression matching it literally. */
export function emailPattern(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

/**
 * Replaces `email` (any case) by ERASED_EMAIL in every text, varchar and jsonb column of the
 * website's rows in `schema`. Tables without website_id are left alone: their rows cannot be
 * told apart by website. Returns how many cells changed.
 */
export async function scrubEmail(
  db: Kysely<unknown> | Transaction<unknown>,
  schema: string,
  websiteId: string,
  email: string,
): Promise<number> {
  const columns = (
    await sql<Column>`
      select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
       where c.table_schema = ${schema}
         and c.data_type in ('text', 'character varying', 'jsonb', 'json')
         and exists (select 1 from information_schema.columns w
                      where w.table_schema = c.table_schema and w.table_name = c.table_name and w.column_name = 'website_id')
         and exists (select 1 from information_schema.tables t
                      where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
       order by c.table_name, c.ordinal_position`.execute(db)
  ).rows;
  const pattern = emailPattern(email);
  let changed = 0;
  for (const column of columns) {
    if (column.column_name === 'website_id') continue;
    const target = sql.id(schema, column.table_name);
    const cell = sql.ref(column.column_name);
    const json = column.data_type === 'jsonb' || column.data_type === 'json';
    const replaced = json
      ? sql`regexp_replace(${cell}::text, ${pattern}, ${ERASED_EMAIL}, 'gi')::${sql.raw(column.data_type)}`
      : sql`regexp_replace(${cell}, ${pattern}, ${ERASED_EMAIL}, 'gi')`;
    const result =
      await sql`update ${target} set ${cell} = ${replaced} where website_id = ${websiteId} and ${cell}::text ~* ${pattern}`.execute(db);
    changed += Number(result.numAffectedRows ?? 0);
  }
  return changed;
}

/**
 * The shared part of an erasure in one schema: mail to the email (outbox and local mailbox, whose
 * bodies hold names and addresses) is deleted, then the scrub. Returns the cells scrubbed.
 */
export async function eraseEmail(
  db: Kysely<unknown> | Transaction<unknown>,
  schema: string,
  websiteId: string,
  email: string,
): Promise<number> {
  const normalized = email.trim().toLowerCase();
  const mailTables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.columns
       where table_schema = ${schema} and column_name = 'to_address' and table_name in ('mail_outbox', 'mailbox')`.execute(db)
  ).rows;
  for (const { table_name } of mailTables) {
    await sql`delete from ${sql.id(schema, table_name)} where website_id = ${websiteId} and lower(to_address) = ${normalized}`.execute(db);
  }
  return scrubEmail(db, schema, websiteId, normalized);
}

export const erasureConsumerName = (service: string): string => `${service}-privacy`;

/** The durable consumer of privacy.customer.erased every service runs (buildService adds it). */
export function erasureConsumer<DB>(
  service: { name: string; schema: string; db: Kysely<DB>; logger: Logger },
  rules: EraseRules<DB> | undefined,
  durable: string = erasureConsumerName(service.name),
): SubscribeOptions {
  return {
    durable,
    subjects: ['privacy.customer.erased'],
    handler: async (event: EventEnvelope) => {
      const data = CustomerErased.parse(event.data);
      await handleOnce(withTables<OutboxTables>(service.db), durable, event, async (trx) => {
        await rules?.(withTables<DB>(trx), event.websiteId, data.email);
        await eraseEmail(withTables<unknown>(trx), service.schema, event.websiteId, data.email);
      });
      // The log says which erasure and which website, never the email.
      service.logger.info({ erasureId: data.erasureId, websiteId: event.websiteId }, 'customer erased');
    },
  };
}
