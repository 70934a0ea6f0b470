// The retention purge: raw rows older than the retention are deleted (rollups stay), and so is
// what only served one day's counting: visitor state after two days, and
// salts once their day is over (after that a day's hashes can no longer be linked to anyone).
// Deletes run in chunks so a large backlog never holds long locks; replicas may run it at once.
import { sql, type Kysely } from 'kysely';
import type { Logger } from '@sc/platform';
import { RAW_TABLES, type AnalyticsDB } from '../tables.js';
import { dayOf } from '../domain/dates.js';
import { withTables } from '@sc/platform';

const DAY_MS = 86_400_000;
const CHUNK = 10_000;

export interface PurgeResult {
  raw: number;
  visitors: number;
  salts: number;
}

async function deleteChunked(db: Kysely<unknown>, schema: string, table: string, column: string, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    // ctid chunks: the raw tables have no key, and a bounded DELETE needs one.
    const result =
      await sql`delete from ${sql.id(schema, table)} where ctid in (select ctid from ${sql.id(schema, table)} where ${sql.id(column)} < ${before.toISOString()}::timestamptz limit ${CHUNK})`.execute(
        db,
      );
    const n = Number(result.numAffectedRows ?? 0);
    deleted += n;
    if (n < CHUNK) return deleted;
  }
}

/** Deletes what the retention no longer keeps, as of `now`. */
export async function purge(db: Kysely<AnalyticsDB>, schema: string, retentionDays: number, now = Date.now()): Promise<PurgeResult> {
  const raw = withTables<unknown>(db);
  const rawBefore = new Date(now - retentionDays * DAY_MS);
  let rawDeleted = 0;
  for (const table of RAW_TABLES) rawDeleted += await deleteChunked(raw, schema, table, 'received_at', rawBefore);
  const visitorBefore = new Date(now - 2 * DAY_MS);
  const visitors = await deleteChunked(raw, schema, 'visitor_state', 'last_seen', visitorBefore);
  // Yesterday's salt is kept a little: hits received just before midnight may still be in a buffer.
  const salts = await db
    .deleteFrom('daily_salts')
    .where('day', '<', dayOf(now - DAY_MS))
    .executeTakeFirst();
  return { raw: rawDeleted, visitors, salts: Number(salts.numDeletedRows) };
}

/** Runs purge every `intervalMs` (first run shortly after start); stop() cancels it. */
export function schedulePurge(run: () => Promise<PurgeResult>, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .then((result) => logger.info(result, 'analytics retention purge done'))
      .catch((error: unknown) => logger.warn({ err: error }, 'analytics retention purge failed; will retry'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(tick, Math.min(intervalMs, 60_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
