// The outbox relay: publishes unpublished outbox rows to the bus in order, marks them published,
// and keeps retrying while the bus is away.
//
// No transaction is held while publishing: a batch is leased (claimed_until) by one UPDATE,
// published outside any transaction, then marked published. Holding a transaction across network
// I/O would pin a pool connection per replica, and in embedded mode it would hold PGlite's only
// session, stalling every query of every service while NATS is slow or down. Replicas skip each
// other's leased rows; a lease that expires (a replica died mid-batch) is taken over, and the
// repeat publish is dropped by the bus because the event id is the message id.
//
// The lease is short (5 s) and renewed while the batch is out, so a slow bus never lets another
// replica take a batch that is still being published, and a crashed replica's batch waits
// seconds, not the half minute it did (issue 39). A relay that stops while a batch is out gives
// the batch back at once (stop's grace), so the next replica need not wait for the lease at all.
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
  /** How long a claimed batch belongs to this relay before another may take it over. */
  leaseMs?: number;
  /** Published rows are deleted after this long. */
  retentionMs?: number;
  /** How long stop() waits for a batch that is out before giving its claims back. */
  stopGraceMs?: number;
}

export class OutboxRelay {
  readonly #options: Required<OutboxRelayOptions>;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #poked = false;
  #lastCleanup = 0;
  /** The rows of the batch being published now (their claims are this relay's). */
  #claimed: number[] = [];

  constructor(options: OutboxRelayOptions) {
    this.#options = { pollMs: 500, batchSize: 100, leaseMs: 5_000, retentionMs: 7 * 24 * 3600_000, stopGraceMs: 2_000, ...options };
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
    const loop = this.#loop;
    if (!loop) return;
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      loop.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.#options.stopGraceMs))),
    ]);
    clearTimeout(timer);
    if (stopped) return;
    // The bus is slow or away: the batch goes back now; its publish, if it ends, is a repeat the bus drops.
    await this.#release(this.#claimed).catch((error: unknown) =>
      this.#options.logger.warn({ err: error }, 'outbox claims could not be given back; they expire with their lease'),
    );
  }

  async #release(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.#options.db
      .updateTable('outbox')
      .set({ claimed_until: null })
      .where('seq', 'in', seqs)
      .where('published_at', 'is', null)
      .execute();
  }

  /** Publishes one batch; returns how many rows were published. Throws when the bus refuses. */
  async publishBatch(): Promise<number> {
    const { db, bus, batchSize, leaseMs } = this.#options;
    if (!(await bus.ready())) throw new Error('the bus is not connected');
    // Lease a batch in one statement (no explicit transaction: one round trip instead of four).
    // RETURNING has no order, so the batch is put back in outbox order here.
    const rows = (
      await db
        .updateTable('outbox')
        .set({ claimed_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where('seq', 'in', (eb) =>
          eb
            .selectFrom('outbox')
            .select('seq')
            .where('published_at', 'is', null)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', sql<Date>`now()`)]))
            .orderBy('seq')
            .limit(batchSize)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['seq', 'id', 'type', 'website_id', 'occurred_at', 'data', 'headers'])
        .execute()
    ).sort((a, b) => Number(a.seq) - Number(b.seq));
    if (rows.length === 0) return 0;
    const seqs = rows.map((row) => row.seq);
    this.#claimed = seqs;
    const heartbeat = setInterval(
      () => {
        db.updateTable('outbox')
          .set({ claimed_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
          .where('seq', 'in', seqs)
          .where('published_at', 'is', null)
          .where('claimed_until', 'is not', null)
          .execute()
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      return await this.#publishClaimed(rows);
    } finally {
      clearInterval(heartbeat);
      this.#claimed = [];
    }
  }

  async #publishClaimed(
    rows: Array<{
      seq: number;
      id: string;
      type: string;
      website_id: string;
      occurred_at: Date | string;
      data: unknown;
      headers: Record<string, string>;
    }>,
  ): Promise<number> {
    const { db, bus } = this.#options;
    // Every publish of the batch is sent at once, in outbox order (the bus sends them in call
    // order on one connection), and the acks are awaited together: one at a time, each event
    // waited a full round trip to the server. Only the run before the first failure counts as
    // published, so events still leave in order; a later one that did get through is sent again
    // on the retry and dropped by the bus as a repeat of its id.
    const outcomes = await Promise.allSettled(
      rows.map((row) => {
        const event: EventEnvelope = {
          id: row.id,
          type: row.type,
          websiteId: row.website_id,
          occurredAt: new Date(row.occurred_at).toISOString(),
          data: row.data,
        };
        return bus.publish(event, row.headers);
      }),
    );
    const firstFailure = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    const cut = firstFailure === -1 ? rows.length : firstFailure;
    const published = rows.slice(0, cut).map((r) => r.seq);
    const unpublished = rows.slice(cut).map((r) => r.seq);
    if (published.length > 0) {
      await db
        .updateTable('outbox')
        .set({ published_at: sql`now()`, claimed_until: null })
        .where('seq', 'in', published)
        .execute();
      // A privacy request names the person it erases: once published, its row is not kept.
      if (rows.some((row) => row.type.startsWith('privacy.'))) {
        await db.deleteFrom('outbox').where('seq', 'in', published).where('type', 'like', 'privacy.%').execute();
      }
    }
    if (firstFailure !== -1) {
      const reason = (outcomes[firstFailure] as PromiseRejectedResult).reason as unknown;
      const error = reason instanceof Error ? reason : new Error(JSON.stringify(reason));
      // Release the rest of the lease at once so the retry does not wait for it to expire.
      await db.updateTable('outbox').set({ claimed_until: null }).where('seq', 'in', unpublished).execute();
      await db
        .updateTable('outbox')
        .set({ attempts: sql`attempts + 1`, last_error: error.message })
        .where('seq', '=', rows[firstFailure]!.seq)
        .execute();
      if (published.length === 0) throw error;
    }
    return published.length;
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
