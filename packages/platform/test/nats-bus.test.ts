// The JetStream bus against the NATS server of this machine (CI starts one for both halves).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@sc/contracts';
import { NatsBus, natsPrefix } from '../src/bus/index.js';
import { createLogger } from '../src/logger.js';
import { waitFor } from '../test-kit/index.js';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe(NatsBus.name, () => {
  const bus = new NatsBus({
    url,
    name: 'nats-bus-test',
    logger: createLogger('nats-bus-test', 'silent'),
    prefix: `t${randomUUID().slice(0, 8)}`,
  });
  afterAll(() => bus.close());

  it('stops a subscription at once, even before its consumer has started reading', async () => {
    const durable = `stop-early-${randomUUID().slice(0, 8)}`;
    const subscription = await bus.subscribe({
      durable,
      subjects: ['platformtest.stop.early'],
      handler: async () => undefined,
      forgetAfterIdleMs: 5_000,
    });
    // Before the fix, stop() waited for a consume loop that nobody had told to stop: it never resolved.
    const stopped = await Promise.race([
      subscription.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000)),
    ]);
    expect(stopped).toBe('stopped');
  });

  it('delivers what it publishes, in order', async () => {
    const durable = `order-${randomUUID().slice(0, 8)}`;
    const subject = `platformtest.order.${randomUUID().slice(0, 8)}`;
    const seen: number[] = [];
    const subscription = await bus.subscribe({
      durable,
      subjects: [subject],
      newOnly: true,
      forgetAfterIdleMs: 5_000,
      handler: async (event) => {
        seen.push((event.data as { n: number }).n);
      },
    });
    // Published together, as the outbox relay does with a batch.
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        bus.publish({ id: randomUUID(), type: subject, websiteId: 'w1', occurredAt: new Date().toISOString(), data: { n } }),
      ),
    );
    for (let i = 0; i < 100 && seen.length < 50; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });
});

// Issue 25: two deployments on one NATS server (another database, a restored copy) with the
// same durable names. Without a prefix both share EVENTS_<DOMAIN> and the durable, so each event
// goes to whichever process pulls it first and the other deployment never sees it.
describe('deployment prefixes on one NATS server', () => {
  const logger = createLogger('nats-prefix-test', 'silent');
  const run = randomUUID().slice(0, 8);
  const event = (n: number): EventEnvelope => ({
    id: randomUUID(),
    type: 'platformtest.item.made',
    websiteId: 'w',
    occurredAt: new Date().toISOString(),
    data: { n },
  });

  it('gives each deployment every event of its own and none of the other one', async () => {
    const buses = [`a${run}`, `b${run}`].map((prefix) => new NatsBus({ url, name: prefix, logger, prefix }));
    const seen: number[][] = [[], []];
    try {
      const subscriptions = await Promise.all(
        buses.map((bus, i) =>
          // The same durable name in both deployments, as every real consumer has.
          bus.subscribe({
            durable: 'shared-name',
            subjects: ['platformtest.item.*'],
            forgetAfterIdleMs: 10_000,
            handler: async (e) => void seen[i]?.push((e.data as { n: number }).n),
          }),
        ),
      );
      for (let n = 0; n < 20; n++) await buses[n % 2]?.publish(event(n));
      await waitFor(() => (seen[0]?.length ?? 0) + (seen[1]?.length ?? 0) >= 20, 10_000, 'twenty events');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen[0]).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
      expect(seen[1]).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });

  it("without prefixes the two deployments take each other's events (the failure the prefix prevents)", async () => {
    // A subject of this run only, so the bare stream it makes holds nothing from other runs.
    const subject = `bare${run.replace(/[^a-z]/g, '')}x.item.made`;
    const buses = [0, 1].map((i) => new NatsBus({ url, name: `bare-${i}`, logger, prefix: '' }));
    const seen: number[][] = [[], []];
    try {
      const subscriptions = await Promise.all(
        buses.map((bus, i) =>
          bus.subscribe({
            durable: 'shared-name',
            subjects: [subject],
            forgetAfterIdleMs: 10_000,
            handler: async (e) => void seen[i]?.push((e.data as { n: number }).n),
          }),
        ),
      );
      for (let n = 0; n < 20; n++) await buses[0]?.publish({ ...event(n), type: subject });
      await waitFor(() => (seen[0]?.length ?? 0) + (seen[1]?.length ?? 0) >= 20, 10_000, 'twenty events');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Between them they got each event once: neither deployment got all twenty.
      expect((seen[0]?.length ?? 0) + (seen[1]?.length ?? 0)).toBe(20);
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });

  it('replays a durable from the first event, and reports what it has pending', async () => {
    const prefix = `r${run}`;
    const bus = new NatsBus({ url, name: prefix, logger, prefix });
    const seen: number[] = [];
    try {
      for (let n = 0; n < 5; n++) await bus.publish(event(n));
      const subscription = await bus.subscribe({
        durable: 'replayed',
        subjects: ['platformtest.item.made'],
        forgetAfterIdleMs: 10_000,
        handler: async (e) => void seen.push((e.data as { n: number }).n),
      });
      await waitFor(() => seen.length === 5, 10_000, 'the first pass');
      await waitFor(async () => (await bus.progress('replayed'))?.pending === 0, 5_000, 'nothing pending');
      expect((await bus.progress('replayed'))?.delivered).toBe(5);
      expect(await bus.progress('unknown')).toBeUndefined();
      await bus.replay('replayed');
      await waitFor(() => seen.length === 10, 10_000, 'the replay');
      expect(seen).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
      await subscription.stop();
    } finally {
      await bus.close();
    }
  });
});

describe(natsPrefix.name, () => {
  it('is NATS_PREFIX when set', () => {
    expect(natsPrefix({ NATS_PREFIX: 'shop-eu', DATABASE_URL: 'postgres://x@h/db', DATA_DIR: '.data' })).toBe('shop-eu');
  });

  it('differs between databases and stays the same for one database', () => {
    const a = natsPrefix({ DATABASE_URL: 'postgres://u:pw@db.internal:5432/sitebuilder', DATA_DIR: '.data' });
    expect(a).toMatch(/^sitebuilder_[0-9a-f]{8}$/);
    // Credentials and options are not part of which database it is.
    expect(natsPrefix({ DATABASE_URL: 'postgres://other:pw2@db.internal/sitebuilder?sslmode=require', DATA_DIR: '.data' })).toBe(a);
    expect(natsPrefix({ DATABASE_URL: 'postgres://u:pw@db.internal:5432/sitebuilder_restored', DATA_DIR: '.data' })).not.toBe(a);
    expect(natsPrefix({ DATABASE_URL: 'postgres://u:pw@db2.internal:5432/sitebuilder', DATA_DIR: '.data' })).not.toBe(a);
    expect(natsPrefix({ DATA_DIR: '/srv/a' })).not.toBe(natsPrefix({ DATA_DIR: '/srv/b' }));
    expect(natsPrefix({ DATA_DIR: '/srv/a' })).toMatch(/^embedded_[0-9a-f]{8}$/);
  });
});
