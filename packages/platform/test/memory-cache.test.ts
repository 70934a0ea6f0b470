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

  it('takes back from a counter without moving its window', async () => {
    let now = 0;
    const cache = new MemoryCache({ now: () => now });
    expect(await cache.decrement('k')).toBe(0);
    expect(await cache.increment('k', 1_000)).toBe(1);
    expect(await cache.increment('k', 1_000)).toBe(2);
    now = 600;
    expect(await cache.decrement('k')).toBe(1);
    now = 1_000;
    expect(await cache.decrement('k')).toBe(0);
    expect(await cache.get('k')).toBeUndefined();
    await cache.close();
  });

  it('keeps at most maxBytes of keys and values, dropping the least recently used', async () => {
    const cache = new MemoryCache({ maxBytes: 1_000 });
    await cache.set('kept', 'x'.repeat(96));
    for (let i = 0; i < 100; i++) {
      await cache.set(`page-${i}`, 'y'.repeat(94));
      // Read on every round, so it stays the most recently used.
      expect(await cache.get('kept')).toBe('x'.repeat(96));
    }
    let held = 0;
    for (let i = 0; i < 100; i++) if ((await cache.get(`page-${i}`)) !== undefined) held++;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(9);
    expect(await cache.get('page-99')).toBe('y'.repeat(94));
    expect(await cache.get('page-0')).toBeUndefined();
    await cache.close();
  });
});
