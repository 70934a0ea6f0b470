// The outbox and its relay against the configured database and bus (real ones when URLs are set).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { EventEnvelope } from '@sc/contracts';
import type { EventBus } from '../src/bus/index.js';
import { MemoryBus } from '../src/bus/index.js';
import { migrateToLatest } from '../src/database/migrate.js';
import { openServiceInfra, type ServiceInfra } from '../src/infra.js';
import { createLogger } from '../src/logger.js';
import { enqueueEvent, handleOnce, OutboxRelay, type OutboxTables } from '../src/outbox/index.js';
import { mode, testConfig, unique, waitFor } from '../test-kit/index.js';

describe(`outbox on ${mode.database} with ${mode.bus} bus`, () => {
  let infra: ServiceInfra<OutboxTables>;
  let db: Kysely<OutboxTables>;
  const schema = unique('outboxtest').toLowerCase();
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    infra = await openServiceInfra<OutboxTables>(schema, testConfig(), logger);
    db = infra.database.db;
    await migrateToLatest(db as Kysely<unknown>, schema, {});
  });

  afterAll(async () => {
    // The schema is left in place (the run's database is dropped at the end): dropping it here
    // races Kysely's migrator in other workers, which reads the catalogue across all schemas.
    await infra.close();
  });

  it('publishes committed events and never rolled-back ones', async () => {
    const websiteId = unique('site');
    const received: EventEnvelope[] = [];
    const sub = await infra.bus.subscribe({
      durable: unique('outbox_consumer'),
      subjects: ['commerce.cart.created'],
      newOnly: true,
      forgetAfterIdleMs: 60_000,
      handler: async (e) => void (e.websiteId === websiteId && received.push(e)),
    });
    const kept = await db
      .transaction()
      .execute((trx) => enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: 'kept', websiteId }));
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: 'lost', websiteId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const relay = new OutboxRelay({ db, bus: infra.bus, logger });
    expect(await relay.publishBatch()).toBe(1);
    await waitFor(() => received.length === 1, 10_000, 'the event');
    expect(received[0]).toEqual(kept);
    expect(await relay.publishBatch()).toBe(0);
    await sub.stop();
  });

  it('refuses event data that breaks its contract', async () => {
    await expect(
      db.transaction().execute((trx) =>
        // @ts-expect-error cartId is required by the contract
        enqueueEvent(trx, 'commerce.cart.created', 'w', { websiteId: 'w' }),
      ),
    ).rejects.toThrow();
  });

  it('keeps events while the bus refuses them and publishes them in order afterwards', async () => {
    const websiteId = unique('site');
    let refusing = true;
    const delivered: string[] = [];
    const bus: EventBus = {
      kind: 'memory',
      publish: async (e) => {
        if (refusing) throw new Error('bus down');
        if (e.websiteId === websiteId) delivered.push((e.data as { cartId: string }).cartId);
      },
      subscribe: () => Promise.reject(new Error('unused')),
      // Claims to be connected but refuses: the relay must count the failed attempt.
      ready: async () => true,
      close: async () => undefined,
    };
    // Rows left by other tests in this schema are published first; only this site's are counted.
    for (const cartId of ['c1', 'c2', 'c3']) {
      await db.transaction().execute((trx) => enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId, websiteId }));
    }
    const relay = new OutboxRelay({ db, bus, logger, pollMs: 10 });
    relay.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const failed = await db
        .selectFrom('outbox')
        .select(['attempts', 'last_error'])
        .where('website_id', '=', websiteId)
        .orderBy('seq')
        .executeTakeFirstOrThrow();
      expect(failed.attempts).toBeGreaterThan(0);
      expect(failed.last_error).toBe('bus down');
      expect(delivered).toEqual([]);
      refusing = false;
      await waitFor(() => delivered.length === 3, 10_000, 'three events');
    } finally {
      await relay.stop();
    }
    expect(delivered).toEqual(['c1', 'c2', 'c3']);
  });

  it('handles an event once however often it is delivered', async () => {
    const event: EventEnvelope = {
      id: crypto.randomUUID(),
      type: 'commerce.cart.created',
      websiteId: 'w',
      occurredAt: new Date().toISOString(),
      data: {},
    };
    let effects = 0;
    const results = await Promise.all([1, 2, 3].map(() => handleOnce(db, 'counter', event, async () => void effects++)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(effects).toBe(1);
    expect(await handleOnce(db, 'another-consumer', event, async () => void effects++)).toBe(true);
    expect(effects).toBe(2);
  });

  it('does not record an event as handled when its effect fails', async () => {
    const event: EventEnvelope = { id: crypto.randomUUID(), type: 'a.b.c', websiteId: 'w', occurredAt: new Date().toISOString(), data: {} };
    await expect(
      handleOnce(db, 'c', event, async () => {
        throw new Error('effect failed');
      }),
    ).rejects.toThrow('effect failed');
    expect(await handleOnce(db, 'c', event, async () => undefined)).toBe(true);
  });

  it('uses the bus the environment selects', () => {
    expect(infra.bus.kind).toBe(mode.bus === 'nats' ? 'nats' : 'memory');
    expect(infra.bus instanceof MemoryBus).toBe(mode.bus === 'memory');
  });

  /** A bus whose publishes wait until the test lets them go (a slow or vanished NATS). */
  const stalledBus = () => {
    const waiting: Array<() => void> = [];
    const published: string[] = [];
    const bus: EventBus = {
      kind: 'memory',
      ready: async () => true,
      publish: async (event) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        published.push(event.id);
      },
      subscribe: () => Promise.reject(new Error('not here')),
      close: async () => undefined,
    };
    return { bus, waiting, published };
  };

  it('renews the lease of a batch that is out (another relay takes nothing of it) and gives the batch back when it stops', async () => {
    const websiteId = unique('site');
    // Older rows of this schema would be claimed first: publish them before the test begins.
    while ((await new OutboxRelay({ db, bus: new MemoryBus(), logger }).publishBatch()) > 0);
    await db.transaction().execute((trx) => enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: 'c1', websiteId }));
    const stalled = stalledBus();
    const slow = new OutboxRelay({ db, bus: stalled.bus, logger, leaseMs: 300, pollMs: 10, stopGraceMs: 200 });
    slow.start();
    await waitFor(() => stalled.waiting.length === 1, 10_000, 'the publish to start');
    // Three lease lengths later the batch is still this relay's: the other one finds nothing.
    await new Promise((resolve) => setTimeout(resolve, 900));
    const other = new MemoryBus();
    const received: EventEnvelope[] = [];
    const sub = await other.subscribe({
      durable: unique('relay_lease'),
      subjects: ['commerce.cart.created'],
      handler: async (e) => void received.push(e),
    });
    expect(await new OutboxRelay({ db, bus: other, logger, leaseMs: 300 }).publishBatch()).toBe(0);
    // Stopping while the publish hangs gives the claim back at once: the other relay publishes it now.
    await slow.stop();
    expect(await new OutboxRelay({ db, bus: other, logger, leaseMs: 300 }).publishBatch()).toBe(1);
    await waitFor(() => received.length === 1, 5_000, 'the event');
    expect(received[0]?.websiteId).toBe(websiteId);
    stalled.waiting.forEach((go) => go());
    await sub.stop();
  });
});
