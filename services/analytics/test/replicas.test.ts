// Two replicas of analytics on one database and one shared cache (issue 39):
// - an owner's settings change made through replica A (tracking turned off) is followed by
//   replica B's ingestion within LOCAL_CACHE_RECHECK_MS, where B's settings cache used to keep its
//   entry for 5 s and went on recording the website's visitors;
// - with NATS, both replicas on the same durable consumer (as `pnpm start:cluster --replicas 2`
//   runs them): every event's effect happens once, each event handled by one of them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, type EventEnvelope } from '@sc/contracts';
import { LOCAL_CACHE_RECHECK_MS, MemoryCache, type SharedInfra } from '@sc/platform';
import { unique, waitFor } from '@sc/platform/test-kit';
import { COMMERCE_CONSUMER } from '../src/index.js';
import { hitForm, setup, sharedDatabase, type Kit } from './kit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two analytics replicas', () => {
  let a: Kit;
  let b: Kit;
  let database: { shared: SharedInfra; close(): Promise<void> };
  // The same durable for both (a suffix of this run's own, so no other suite's consumer shares it).
  const durableSuffix = `-${unique('replicas')}`;
  beforeAll(async () => {
    database = await sharedDatabase();
    const cache = process.env.REDIS_URL ? {} : { cache: new MemoryCache() };
    const consumers = { durableSuffix, newOnly: true, forgetAfterIdleMs: 60_000 };
    a = await setup({ shared: { ...database.shared, ...cache }, consumers });
    b = await setup({ shared: { ...database.shared, ...cache }, consumers });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it("stops recording a website's visitors on replica B within the bound after its owner turned tracking off through replica A", async () => {
    const site = unique('optout');
    const hit = (kit: Kit) => kit.call('POST', '/api/census/RecordHit', undefined, { site, form: hitForm(site) });
    expect((await hit(b)).json()).toEqual({ accepted: 1 });
    expect((await a.call('PUT', '/api/census/settings', { trackingEnabled: false }, { site, roles: [Role.ADMIN] })).statusCode).toBe(200);
    expect((await hit(a)).json()).toEqual({ accepted: 0, skipped: 'opted-out' });
    await sleep(LOCAL_CACHE_RECHECK_MS + 150);
    expect((await hit(b)).json()).toEqual({ accepted: 0, skipped: 'opted-out' });
  });

  (process.env.NATS_URL ? it : it.skip)('handles each event of a shared durable consumer once across both replicas', async () => {
    const site = unique('once');
    const events: EventEnvelope[] = Array.from({ length: 40 }, () => ({
      id: randomUUID(),
      type: 'commerce.cart.entry-added',
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data: {
        cartId: 'c1',
        entryId: randomUUID(),
        itemId: 'lamp',
        variantId: 'v1',
        sku: 'lamp-sku',
        quantity: 1,
        unitPrice: { value: '1000', currency: 'USD' },
      },
    }));
    // Half published through each replica's bus; JetStream hands each delivery to one of the two.
    await Promise.all(events.map((event, i) => (i % 2 ? a : b).ctx.bus.publish(event)));
    const adds = async () =>
      Number(
        (
          await a.db
            .selectFrom('product_daily')
            .select((eb) => eb.fn.sum<number>('adds').as('n'))
            .where('website_id', '=', site)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    await waitFor(async () => (await adds()) >= events.length, 30_000, 'every event counted');
    // Some more time for a second delivery to show, if there were one.
    await sleep(1_000);
    expect(await adds()).toBe(events.length);
    const handled = await a.db
      .selectFrom('handled_events' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('consumer' as never, '=', COMMERCE_CONSUMER as never)
      .where('event_id' as never, 'in', events.map((e) => e.id) as never)
      .executeTakeFirstOrThrow();
    expect(Number(handled.n)).toBe(events.length);
  });
});
