// Content's events leave only after its cached storefront answers are dropped.
//
// Consumers of content events (render's page cache above all) react to an event by reading
// content's public routes at once. If the event could leave before content bumped the website's
// cache generation, such a read would be answered from the old generation, and the consumer would
// cache stale data with nothing left to invalidate it. So a change runs as:
//
//   1. in the transaction: the change and its events; each event row is written *held*
//      (claimed_until in the near future), so no outbox relay may publish it yet;
//   2. commit;
//   3. bump the cache generation of every website the transaction announced a change of;
//   4. release the held rows and poke the relay.
//
// Why not simpler orders: bumping inside the transaction (before commit) lets a reader between
// the bump and the commit compute an answer from the old rows and cache it under the new
// generation; bumping after the commit but "before poking the relay" is not enough either, since
// the relay also polls on its own and could publish in between. Holding the rows is the only order
// in which the relay cannot win. If the process dies between commit and release, the hold simply
// lapses (HOLD_MS) and the relay publishes then: events are late, never lost; the cache may then
// not have been bumped, and its answers end within their own TTL (a minute).
//
// Held rows can leave in a different order than they were written across transactions (the one
// whose bump finished first goes first); consumers already order by each entity's `version`.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventData, EventEnvelope, EventType } from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import type { ContentDB } from '../tables.js';
import type { PublicCache } from './public-cache.js';

/** How long a held event waits at most (the relay publishes it after this even if never released). */
export const HOLD_MS = 10_000;

type Handle = Kysely<ContentDB> | Transaction<ContentDB>;

/** How content's services write their events: every content event goes through one of these. */
export interface ContentEvents {
  /** Writes an event in the caller's transaction (see the platform's enqueueEvent). */
  enqueue<T extends EventType>(trx: Handle, type: T, websiteId: string, data: EventData<T>): Promise<EventEnvelope<EventData<T>>>;
}

/** Events written as the platform writes them (services made outside the module: tests, benches). */
export const directEvents: ContentEvents = {
  enqueue: (trx, type, websiteId, data) => enqueueEvent(trx, type, websiteId, data),
};

interface Held {
  ids: string[];
  websites: Set<string>;
}

/**
 * The outbox content's services write through (made once, in module.ts). `context` is the
 * platform's service context except that its `transaction` commits, then drops the cached
 * storefront answers of the websites it changed, then lets its events leave; `enqueue` holds an
 * event written inside such a transaction until then, and writes any other as usual.
 */
export class CacheFirstOutbox implements ContentEvents {
  readonly context: ServiceContext<ContentDB>;
  /** The open transactions of `context`, and what each has announced so far. */
  readonly #held = new WeakMap<Handle, Held>();

  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly cache: PublicCache,
  ) {
    this.context = { ...ctx, transaction: (work) => this.#transaction(work) };
  }

  async enqueue<T extends EventType>(trx: Handle, type: T, websiteId: string, data: EventData<T>): Promise<EventEnvelope<EventData<T>>> {
    const event = await enqueueEvent(trx, type, websiteId, data);
    const held = this.#held.get(trx);
    if (held) {
      await trx
        .updateTable('outbox')
        .set({ claimed_until: sql<Date>`now() + ${`${HOLD_MS} milliseconds`}::interval` })
        .where('id', '=', event.id)
        .execute();
      held.ids.push(event.id);
      held.websites.add(websiteId);
    }
    return event;
  }

  async #transaction<T>(work: (trx: Transaction<ContentDB>) => Promise<T>): Promise<T> {
    const { ctx } = this;
    const held: Held = { ids: [], websites: new Set() };
    const result = await ctx.db.transaction().execute((trx) => {
      this.#held.set(trx, held);
      return work(trx);
    });
    if (held.ids.length === 0) return result;
    for (const websiteId of held.websites) {
      // The change is committed whatever happens here: a failed bump is logged, and the events
      // still leave (a consumer may then read an answer up to its TTL old, as before this order).
      await this.cache
        .bump(websiteId)
        .catch((error: unknown) => ctx.logger.warn({ err: error, websiteId }, 'storefront cache bump failed'));
    }
    await ctx.db
      .updateTable('outbox')
      .set({ claimed_until: null })
      .where('id', 'in', held.ids)
      .where('published_at', 'is', null)
      .execute()
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, events: held.ids.length }, 'held events not released; they leave when the hold lapses'),
      );
    ctx.relay.poke();
    return result;
  }
}
