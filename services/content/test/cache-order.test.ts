// Content's events leave only after its cached storefront answers are dropped: a consumer that
// reads the public listing the moment a product event reaches it sees the new data, even when the
// cache is slow to take the bump (a Redis round trip across a busy network, here 300 ms).
// Against the real servers when their URLs are set: NATS carries the event, Redis holds the cache.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProductType, RecordType, type ContentProductUpserted, type EventEnvelope } from '@sc/contracts';
import { MemoryCache, RedisCache, type Cache, type Logger, type Subscription } from '@sc/platform';
import { mode, unique, waitFor } from '@sc/platform/test-kit';
import { HOLD_MS } from '../src/shared/cache-first-outbox.js';
import { ADMIN, setup, type Kit } from './kit.js';

const BUMP_DELAY_MS = 300;

/** A cache whose counters answer late, as a far-away Redis would. */
class SlowCounters implements Cache {
  constructor(private readonly inner: Cache) {}
  get kind() {
    return this.inner.kind;
  }
  get = (key: string) => this.inner.get(key);
  set = (key: string, value: string, ttlMs?: number) => this.inner.set(key, value, ttlMs);
  delete = (key: string) => this.inner.delete(key);
  increment = async (key: string, ttlMs: number) => {
    await new Promise((resolve) => setTimeout(resolve, BUMP_DELAY_MS));
    return this.inner.increment(key, ttlMs);
  };
  decrement = (key: string) => this.inner.decrement(key);
  ready = () => this.inner.ready();
  close = () => this.inner.close();
}

const usd = (value: number) => ({ value: String(value), currency: 'USD' });
const product = (title: string) => ({
  recordType: RecordType.STORE_ITEM,
  title,
  structuredContent: { productType: ProductType.PHYSICAL, variants: [{ sku: 'MUG-1', priceMoney: usd(2400), qtyInStock: 3 }] },
});

describe(`content events leave after the cache bump (${mode.bus} bus, ${mode.cache} cache)`, () => {
  let kit: Kit;
  let cache: Cache;
  let subscription: Subscription | undefined;
  let site: string;
  /** What the consumer read from the public listing the moment each product event arrived: version → titles. */
  const seen = new Map<number, string[]>();

  beforeAll(async () => {
    const silent = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;
    const inner: Cache = process.env.REDIS_URL
      ? new RedisCache(process.env.REDIS_URL, { prefix: `sc:${unique('content-order')}:`, logger: silent })
      : new MemoryCache();
    cache = new SlowCounters(inner);
    kit = await setup({ shared: { cache }, relay: { pollMs: 20 } });
    site = await kit.newWebsite();
    subscription = await kit.ctx.bus.subscribe({
      durable: unique('content-order-consumer'),
      subjects: ['content.product.upserted'],
      newOnly: true,
      forgetAfterIdleMs: 60_000,
      handler: async (event: EventEnvelope) => {
        if (event.websiteId !== site) return;
        const data = event.data as ContentProductUpserted;
        // As render does: straight to content's public route.
        const listing = await kit.call('GET', `/api/content-service/public/1.0/collections/${data.collectionId}/items`, {
          websiteId: site,
        });
        seen.set(
          data.version,
          listing.json<{ items: Array<{ title: string }> }>().items.map((item) => item.title),
        );
      },
    });
  }, 60_000);

  afterAll(async () => {
    await subscription?.stop();
    await kit?.close();
    await cache?.close();
  });

  it('answers a consumer of the event with the changed product, never the cached old one', async () => {
    const store = await kit.call(
      'POST',
      `/api/content-service/product/1.1/websites/${site}/products`,
      { websiteId: site, roles: ADMIN },
      { title: 'Shop', navigationTitle: 'Shop', urlId: 'shop', enabled: true },
    );
    const collectionId = store.json<{ id: string }>().id;
    const created = await kit.call(
      'POST',
      `/api/content-service/product/1.1/websites/${site}/products/${collectionId}/items`,
      { websiteId: site, roles: ADMIN },
      product('Enamel Mug'),
    );
    expect(created.statusCode).toBe(201);
    const itemId = created.json<{ id: string }>().id;
    expect(await waitFor(() => seen.get(1), 10_000, 'the created event')).toEqual(['Enamel Mug']);

    for (const [version, title] of [
      [2, 'Enamel Mug, Navy'],
      [3, 'Enamel Mug, Sage'],
    ] as const) {
      // Readers warm the cache with the current answer just before the change.
      const warm = await kit.call('GET', `/api/content-service/public/1.0/collections/${collectionId}/items`, { websiteId: site });
      expect(warm.statusCode).toBe(200);
      const started = Date.now();
      const replaced = await kit.call(
        'PUT',
        `/api/content-service/product/1.1/websites/${site}/products/${collectionId}/items/${itemId}`,
        { websiteId: site, roles: ADMIN },
        product(title),
      );
      expect(replaced.statusCode).toBe(200);
      expect(await waitFor(() => seen.get(version), 10_000, `event version ${version}`)).toEqual([title]);
      // Held for the bump, not for the whole hold: the event left once the cache had moved on.
      expect(Date.now() - started).toBeLessThan(HOLD_MS);
    }
  }, 60_000);

  it('releases the hold, so nothing waits in the outbox', async () => {
    const held = await waitFor(
      async () => {
        const rows = await kit.ctx.db
          .selectFrom('outbox')
          .select(['id', 'claimed_until'])
          .where('website_id', '=', site)
          .where('published_at', 'is', null)
          .execute();
        return rows.length === 0 ? rows : undefined;
      },
      10_000,
      'every event published',
    );
    expect(held).toEqual([]);
  });
});
