// NATS goes away for 10 s while carts are being created: no commerce.cart.created is lost. The
// test runs its own nats-server (never the shared one) and stops and restarts it. Meanwhile the
// service stays ready (issue 39): a NATS outage is a metric, not a reason to leave the Service.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { NatsBus, createLogger, metricsRegistry, natsPrefix, type EventBus } from '@sc/platform';
import { testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { NatsServerProcess } from '@sc/platform/test-kit/nats-server';
import { buildApp } from '../src/index.js';
import { APP_START_TIMEOUT_MS } from './kit.js';

describe('cart events survive a NATS outage', () => {
  let nats: NatsServerProcess;
  let app: FastifyInstance;
  let observer: EventBus;

  beforeAll(async () => {
    nats = await NatsServerProcess.start();
    // A database of its own (embedded, also when the run has DATABASE_URL): with the shared
    // Postgres, the cart apps of other test files running beside this one have relays on the
    // same outbox, and would publish this test's events to the shared NATS, not this one.
    const config = testConfig(0, { NATS_URL: nats.url, DATABASE_URL: '' });
    app = await buildApp({ config, relay: { pollMs: 100 } });
    await app.ready();
    observer = new NatsBus({ url: nats.url, name: 'observer', logger: createLogger('observer', 'silent'), prefix: natsPrefix(config) });
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await observer.close();
    await app.close();
    await nats.stop();
  });

  it('publishes every cart created while NATS was down once it is back', async () => {
    const site = unique('outage');
    const received = new Set<string>();
    await observer.subscribe({
      durable: unique('observer'),
      subjects: ['commerce.cart.created'],
      handler: async (event) => {
        if (event.websiteId === site) received.add((event.data as { cartId: string }).cartId);
      },
    });
    const createCart = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', headers: { 'x-website-id': site } });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string }>().id;
    };

    const before = [await createCart(), await createCart()];
    await waitFor(() => before.every((id) => received.has(id)), 10_000, 'events before the outage');

    await nats.stop();
    const downAt = Date.now();
    const during: string[] = [];
    while (Date.now() - downAt < 10_000) {
      during.push(await createCart());
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(during.some((id) => received.has(id))).toBe(false);
    // The service still serves (the carts above were made): it stays ready, and says the bus is down.
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'down' } });
    const metrics = await metricsRegistry.getSingleMetric('dependency_up')!.get();
    expect(metrics.values.find((v) => v.labels.service === 'cart' && v.labels.dependency === 'nats')?.value).toBe(0);

    await nats.restart();
    const after = await createCart();
    const all = [...before, ...during, after];
    await waitFor(() => all.every((id) => received.has(id)), 45_000, 'every event after the outage');
    expect(received.size).toBe(all.length);
  }, 120_000);
});
