// The outbox relay: publishes unpublished outbox rows to the bus in order, marks them published,
// and keeps retrying while the bus is away. Rows are claimed with FOR UPDATE SKIP LOCKED so
// replicas of a service share the work; a repeat publish (crash after publish, before the mark)
// is dropped by the bus because the event id is the message id.
import { sql, type Kysely } from 'kysely';
import type { EventEnvelope } from '@sc/contracts';
import type { EventBus } from '../bus/bus.js';
import type { Logger } from '../logger.js';
import type { OutboxTables } from './outbox.js';

export interface OutboxRelayOptions {
  db: Kysely<OutboxTables>;
  bus: EventBus;
  logger: Logger;
  /** How often to look for rows when nobody pokes the relay. */
  pollMs?: number;
  batchSize?: number;
  /** Published rows are deleted after this long. */
  retentionMs?: number;
}

export class OutboxRelay {
  readonly #options: Required<OutboxRelayOptions>;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #poked = false;
  #lastCleanup = 0;

  constructor(options: OutboxRelayOptions) {
    this.#options = { pollMs: 500, batchSize: 100, retentionMs: 7 * 24 * 3600_000, ...options };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Asks the relay to look now (called after a transaction that enqueued events commits). */
  poke(): void {
    this.#poked = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /** Publishes one batch; returns how many rows were published. Throws when the bus refuses. */
  async publishBatch(): Promise<number> {
    const { db, bus, batchSize } = this.#options;
    // The failure is thrown after the commit, so the attempt count and error are kept for operators.
    const outcome = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['seq', 'id', 'type', 'website_id', 'occurred_at', 'data', 'headers'])
        .where('published_at', 'is', null)
        .orderBy('seq')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      const published: number[] = [];
      let failure: unknown = undefined;
      for (const row of rows) {
        const event: EventEnvelope = {
          id: row.id,
          type: row.type,
          websiteId: row.website_id,
          occurredAt: new Date(row.occurred_at).toISOString(),
          data: row.data,
        };
        try {
          await bus.publish(event, row.headers);
          published.push(row.seq);
        } catch (error) {
          failure = error;
          // Stop at the first failure so events leave in the order they were written.
          await trx
            .updateTable('outbox')
            .set({ attempts: sql`attempts + 1`, last_error: error instanceof Error ? error.message : String(error) })
            .where('seq', '=', row.seq)
            .execute();
          break;
        }
      }
      if (published.length > 0) {
        await trx.updateTable('outbox').set({ published_at: sql`now()` }).where('seq', 'in', published).execute();
      }
      return { published: published.length, failure };
    });
    if (outcome.failure !== undefined && outcome.published === 0) {
      throw outcome.failure instanceof Error ? outcome.failure : new Error(JSON.stringify(outcome.failure));
    }
    return outcome.published;
  }

  async #run(): Promise<void> {
    const { pollMs, batchSize, logger } = this.#options;
    let failures = 0;
    while (this.#running) {
      this.#poked = false;
      let published = 0;
      try {
        published = await this.publishBatch();
        if (failures > 0) logger.info({ afterFailures: failures }, 'outbox relay publishing again');
        failures = 0;
        await this.#cleanup();
      } catch (error) {
        failures++;
        if (failures === 1 || failures % 20 === 0) logger.warn({ err: error, failures }, 'outbox relay cannot publish; will retry');
      }
      if (published === batchSize && failures === 0) continue;
      const wait = failures > 0 ? Math.min(pollMs * 2 ** Math.min(failures - 1, 4), 5_000) : pollMs;
      if (!this.#poked || failures > 0) await this.#sleep(wait);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  async #cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastCleanup < 3600_000) return;
    this.#lastCleanup = now;
    await this.#options.db
      .deleteFrom('outbox')
      .where('published_at', '<', new Date(now - this.#options.retentionMs))
      .execute();
  }
}
