// Where a service's durable consumers and the read models they feed stand, for /readyz, /metrics
// and the rebuild command. A read model is "empty" when the bus has delivered events of its
// subjects and none was recorded here: the events went to someone else (the shared-NATS case of
// issue 25), so the service would answer from nothing. "behind" is a backlog above the limit.
import type { Kysely } from 'kysely';
import type { EventBus, SubscribeOptions } from './bus/bus.js';
import type { OutboxTables } from './outbox/outbox.js';

export type ConsumerState = 'ok' | 'behind' | 'empty';

export interface ConsumerStatus {
  durable: string;
  readModel?: string;
  pending: number;
  delivered: number;
  state: ConsumerState;
}

/** A backlog above this many events counts as behind. */
export const DEFAULT_MAX_CONSUMER_LAG = 1_000;

/** The status of each durable `consumers` names (skipping those not subscribed through `bus`). */
export async function consumerStatuses(
  db: Kysely<OutboxTables>,
  bus: EventBus,
  consumers: Array<Pick<SubscribeOptions, 'durable' | 'readModel'>>,
  maxLag = DEFAULT_MAX_CONSUMER_LAG,
): Promise<ConsumerStatus[]> {
  const out: ConsumerStatus[] = [];
  for (const consumer of consumers) {
    const progress = await bus.progress?.(consumer.durable);
    if (!progress) continue;
    let state: ConsumerState = progress.pending > maxLag ? 'behind' : 'ok';
    if (consumer.readModel && progress.delivered > 0 && progress.pending === 0 && !(await hasHandled(db, consumer.durable)))
      state = 'empty';
    out.push({ durable: consumer.durable, ...(consumer.readModel ? { readModel: consumer.readModel } : {}), ...progress, state });
  }
  return out;
}

async function hasHandled(db: Kysely<OutboxTables>, consumer: string): Promise<boolean> {
  const row = await db.selectFrom('handled_events').select('event_id').where('consumer', '=', consumer).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Rebuilds the read models fed by `consumers`: forgets which events they handled and has the bus
 * deliver every retained event again. Applying an event is idempotent and version-checked, so the
 * replay restores what is missing and leaves newer rows as they are.
 */
export async function replayConsumers(db: Kysely<OutboxTables>, bus: EventBus, durables: string[]): Promise<void> {
  for (const durable of durables) {
    if (!bus.replay) throw new Error(`The ${bus.kind} bus cannot replay ${durable}`);
    await db.deleteFrom('handled_events').where('consumer', '=', durable).execute();
    await bus.replay(durable);
  }
}
