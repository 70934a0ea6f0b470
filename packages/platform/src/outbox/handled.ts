// Idempotent consumers: JetStream delivers at least once and its de-duplication window is short,
// so a handler records the event id in the same transaction as its effect and skips repeats.
import type { Kysely, Transaction } from 'kysely';
import type { EventEnvelope } from '@sc/contracts';
import type { OutboxTables } from './outbox.js';
import { withTables } from '../database/tables.js';

/** Runs `effect` once per (consumer, event id); returns false when the event was handled before. */
export async function handleOnce<DB extends OutboxTables>(
  db: Kysely<DB>,
  consumer: string,
  event: EventEnvelope,
  effect: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = withTables<OutboxTables>(trx);
    const inserted = await own
      .insertInto('handled_events')
      .values({ consumer, event_id: event.id })
      .onConflict((oc) => oc.doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await effect(trx);
    return true;
  });
}
