// WebsiteGenerations (issue 39): what keeps the in-process caches of a service's replicas in
// agreement. Two replicas over one shared cache, on a clock of the test's own.
import { describe, expect, it } from '@jest/globals';
import { LOCAL_CACHE_RECHECK_MS, MemoryCache, WebsiteGenerations, type Cache } from '../src/index.js';

describe(WebsiteGenerations.name, () => {
  const replicas = (cache: Cache) => {
    let now = 1_000_000;
    const clock = { advance: (ms: number) => void (now += ms) };
    const make = () => new WebsiteGenerations(cache, 'store', { now: () => now });
    return { a: make(), b: make(), clock };
  };

  it('shows a bump made on one replica on the other within the recheck interval, and on its own at once', async () => {
    const { a, b, clock } = replicas(new MemoryCache());
    const before = await b.current('site-1');
    expect(await a.current('site-1')).toBe(before);
    await a.bump('site-1');
    const after = await a.current('site-1');
    expect(after).not.toBe(before);
    // B read the token moments ago: it serves what it knows (no read, no await) until the interval has passed.
    clock.advance(LOCAL_CACHE_RECHECK_MS - 1);
    expect(b.current('site-1')).toBe(before);
    clock.advance(1);
    expect(await b.current('site-1')).toBe(after);
    // Other websites keep their token.
    expect(await b.current('site-2')).toBe(await a.current('site-2'));
  });

  it("never fails when the shared cache does (Redis down): a bump stays on its replica, a read that fails reads '0'", async () => {
    // Only get and set are used; every call of this cache fails.
    const down = () => Promise.reject(new Error('down'));
    const broken = {
      kind: 'redis',
      get: down,
      set: down,
      delete: down,
      increment: down,
      decrement: down,
      ready: down,
      close: down,
    } as Cache;
    const { a, b, clock } = replicas(broken);
    await expect(a.bump('site-1')).resolves.toBeUndefined();
    const mine = await a.current('site-1');
    clock.advance(LOCAL_CACHE_RECHECK_MS);
    expect(await b.current('site-1')).toBe('0');
    expect(await a.current('site-1')).toBe('0');
    expect(mine).not.toBe('0');
  });
});
