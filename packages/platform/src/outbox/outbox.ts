// The transactional outbox: an event is written in the same transaction as the change it
// announces, so either both happen or neither does. The relay publishes it later.
import { randomUUID } from 'node:crypto';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import { EventSchemas, type EventData, type EventEnvelope, type EventType } from '@sc/contracts';
import { traceHeaders } from '../telemetry.js';
import { withTables } from '../database/tables.js';

/** The outbox and handled-events tables every service schema has (platform migration 0000). */
export interface OutboxTables {
  outbox: {
    seq: Generated<number>;
    id: string;
    type: string;
    website_id: string;
    occurred_at: Date | string;
    data: unknown;
    headers: ColumnType<Record<string, string>, string | undefined, string>;
    attempts: Generated<number>;
    last_error: string | null;
    claimed_until: Date | string | null;
    published_at: Date | string | null;
  };
  handled_events: {
    consumer: string;
    event_id: string;
    handled_at: Generated<Date>;
  };
}

/**
 * Writes an event to the outbox inside the caller's transaction. The data is validated against
 * its contract first, and the current trace context is kept to travel with the message.
 */
export async function enqueueEvent<T extends EventType, DB extends OutboxTables>(
  trx: Kysely<DB> | Transaction<DB>,
  type: T,
  websiteId: string,
  data: EventData<T>,
  options: { id?: string; occurredAt?: Date } = {},
): Promise<EventEnvelope<EventData<T>>> {
  const parsed = EventSchemas[type].parse(data) as EventData<T>;
  const event: EventEnvelope<EventData<T>> = {
    id: options.id ?? randomUUID(),
    type,
    websiteId,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    data: parsed,
  };
  // Kysely's table types are invariant; every service schema has these tables (migration 0000).
  const own = withTables<OutboxTables>(trx);
  await own
    .insertInto('outbox')
    .values({
      id: event.id,
      type: event.type,
      website_id: event.websiteId,
      occurred_at: event.occurredAt,
      data: JSON.stringify(event.data),
      headers: JSON.stringify(traceHeaders()),
      last_error: null,
      claimed_until: null,
      published_at: null,
    })
    .execute();
  return event;
}
