// The pieces that keep add-to-cart at one round trip: the TTL cache of the store's read model,
// the write limiter that counts locally and shares in batches, and the batched relay poke.
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@sc/platform/test-kit';
import { batchedPoke } from '../../src/cart/outbox-poke.js';
import { TtlCache } from '../../src/catalog/ttl-cache.js';
import { WindowLimiter, type SharedCounters } from '@sc/platform';

describe(TtlCache.name, () => {
  function setup() {
    let now = 1_000;
    const cache = new TtlCache<string>({ ttlMs: 100, maxEntries: 2, now: () => now });
    return { cache, advance: (ms: number) => (now += ms) };
  }

  it('serves a value until its time to live passes, then loads again', async () => {
    const { cache, advance } = setup();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get('a', load)).toBe('v1');
    advance(99);
    expect(await cache.get('a', load)).toBe('v1');
    advance(1);
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('holds at most maxEntries keys, dropping the least recently used', async () => {
    const { cache } = setup();
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.peek('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('A');
    expect(cache.peek('c')).toBe('C');
  });

  it('shares one load between concurrent callers and keeps only what `keep` accepts', async () => {
    const { cache } = setup();
    let loads = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++loads}`), 10));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual(['v1', 'v1']);
    expect(
      await cache.get(
        'b',
        async () => 'no',
        () => false,
      ),
    ).toBe('no');
    expect(cache.peek('b')).toBeUndefined();
  });

  it('does not store a load that an invalidation overtook', async () => {
    const { cache } = setup();
    let release!: (value: string) => void;
    const pending = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('a');
    release('stale');
    expect(await pending).toBe('stale');
    expect(cache.peek('a')).toBeUndefined();
  });

  it('forgets the oldest entry beyond its size and a whole prefix at once', async () => {
    const { cache } = setup();
    cache.set('site1\u0000a', '1');
    cache.set('site1\u0000b', '2');
    cache.set('site2\u0000c', '3');
    expect(cache.peek('site1\u0000a')).toBeUndefined();
    cache.invalidatePrefix('site1\u0000');
    expect(cache.peek('site1\u0000b')).toBeUndefined();
    expect(cache.peek('site2\u0000c')).toBe('3');
  });
});

describe(WindowLimiter.name, () => {
  /** Counters as Redis keeps them, shared by every limiter given this store. */
  function sharedStore(failing = { now: false }): SharedCounters & { totals: Map<string, number> } {
    const totals = new Map<string, number>();
    return {
      totals,
      async add(batch) {
        if (failing.now) throw new Error('redis is away');
        return batch.map(({ key, count }) => {
          const total = (totals.get(key) ?? 0) + count;
          totals.set(key, total);
          return total;
        });
      },
    };
  }

  it('counts exactly within one process and starts again after the window', () => {
    let now = 0;
    const limiter = new WindowLimiter({ max: 3, windowMs: 1_000, now: () => now });
    expect([1, 2, 3, 4].map(() => limiter.allow('cart-a'))).toEqual([true, true, true, false]);
    expect(limiter.allow('cart-b')).toBe(true);
    now = 1_000;
    expect(limiter.allow('cart-a')).toBe(true);
  });

  it("adds each replica's counts to the shared total and learns the others'", async () => {
    const store = sharedStore();
    const a = new WindowLimiter({ max: 5, windowMs: 60_000, shared: store, flushMs: 60_000 });
    const b = new WindowLimiter({ max: 5, windowMs: 60_000, shared: store, flushMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(a.allow('cart')).toBe(true);
    await a.flush();
    expect(store.totals.get('cart')).toBe(3);
    expect(b.allow('cart')).toBe(true);
    await b.flush();
    // b now knows 4 were counted; one more is allowed, the sixth is not.
    expect(b.allow('cart')).toBe(true);
    expect(b.allow('cart')).toBe(false);
    a.close();
    b.close();
  });

  it('keeps counting, and keeps the counts for later, while the shared store fails', async () => {
    const failing = { now: true };
    const store = sharedStore(failing);
    const errors: unknown[] = [];
    const limiter = new WindowLimiter({ max: 2, windowMs: 60_000, shared: store, flushMs: 60_000, onFlushError: (e) => errors.push(e) });
    limiter.allow('cart');
    await limiter.flush();
    expect(errors).toHaveLength(1);
    expect(limiter.allow('cart')).toBe(true);
    expect(limiter.allow('cart')).toBe(false);
    failing.now = false;
    await limiter.flush();
    expect(store.totals.get('cart')).toBe(3);
    limiter.close();
  });

  it('flushes by itself a moment after counting', async () => {
    const store = sharedStore();
    const limiter = new WindowLimiter({ max: 10, windowMs: 60_000, shared: store, flushMs: 5 });
    limiter.allow('cart');
    limiter.allow('cart');
    await waitFor(() => store.totals.get('cart') === 2, 2_000, 'the background flush');
    limiter.close();
  });
});

describe(batchedPoke.name, () => {
  it('wakes the relay once per interval however many writes asked', async () => {
    let pokes = 0;
    const poke = batchedPoke({ poke: () => pokes++ }, 10);
    for (let i = 0; i < 100; i++) poke();
    expect(pokes).toBe(0);
    await waitFor(() => pokes === 1, 2_000, 'the first poke');
    poke();
    await waitFor(() => pokes === 2, 2_000, 'the second poke');
  });
});
