import { describe, expect, it } from '@jest/globals';
import { MemoryCache } from '../src/cache/index.js';

describe(MemoryCache.name, () => {
  it('stores, expires and deletes values', async () => {
    let now = 1_000;
    const cache = new MemoryCache({ now: () => now });
    await cache.set('a', '1', 100);
    await cache.set('forever', '2');
    expect(await cache.get('a')).toBe('1');
    now += 100;
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('forever')).toBe('2');
    await cache.delete('forever');
    expect(await cache.get('forever')).toBeUndefined();
    await cache.close();
  });

  it('counts within a window that starts at the first increment', async () => {
    let now = 0;
    const cache = new MemoryCache({ now: () => now });
    expect(await cache.increment('k', 1_000)).toBe(1);
    now = 600;
    expect(await cache.increment('k', 1_000)).toBe(2);
    now = 1_000;
    expect(await cache.increment('k', 1_000)).toBe(1);
    await cache.close();
  });
});
