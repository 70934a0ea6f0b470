// The JetStream bus against the NATS server of this machine (CI starts one for both halves).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { NatsBus } from '../src/bus/index.js';
import { createLogger } from '../src/logger.js';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe(NatsBus.name, () => {
  const bus = new NatsBus({ url, name: 'nats-bus-test', logger: createLogger('nats-bus-test', 'silent') });
  afterAll(() => bus.close());

  it('stops a subscription at once, even before its consumer has started reading', async () => {
    const durable = `stop-early-${randomUUID().slice(0, 8)}`;
    const subscription = await bus.subscribe({ durable, subjects: ['platformtest.stop.early'], handler: async () => undefined, forgetAfterIdleMs: 5_000 });
    // Before the fix, stop() waited for a consume loop that nobody had told to stop: it never resolved.
    const stopped = await Promise.race([subscription.stop().then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000))]);
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
      Array.from({ length: 50 }, (_, n) => bus.publish({ id: randomUUID(), type: subject, websiteId: 'w1', occurredAt: new Date().toISOString(), data: { n } })),
    );
    for (let i = 0; i < 100 && seen.length < 50; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });
});
