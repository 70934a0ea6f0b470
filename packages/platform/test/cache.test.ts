// The cache the environment selects (Redis when REDIS_URL is set, memory otherwise) keeps one contract.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemoryCache, RedisCache, type Cache } from '../src/cache/index.js';
import { createLogger } from '../src/logger.js';
import { mode, unique } from '../test-kit/index.js';

describe(`cache contract on ${mode.cache}`, () => {
  let cache: Cache;

  beforeAll(() => {
    cache = process.env.REDIS_URL
      ? new RedisCache(process.env.REDIS_URL, { prefix: `${unique('test')}:`, logger: createLogger('test', 'silent') })
      : new MemoryCache();
  });

  afterAll(async () => {
    await cache.close();
  });

  it('is ready', async () => {
    expect(await cache.ready()).toBe(true);
    expect(cache.kind).toBe(mode.cache);
  });

  it('sets, gets, expires and deletes', async () => {
    await cache.set('a', 'one');
    await cache.set('short', 'two', 50);
    expect(await cache.get('a')).toBe('one');
    expect(await cache.get('short')).toBe('two');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await cache.get('short')).toBeUndefined();
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
  });

  it('counts concurrent increments exactly and starts over after the window', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => cache.increment('n', 150)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await cache.increment('n', 150)).toBe(1);
  });

  it('takes back from a live counter within its window, never below 0 and never creating one', async () => {
    expect(await cache.decrement('never-counted')).toBe(0);
    expect(await cache.get('never-counted')).toBeUndefined();
    await Promise.all(Array.from({ length: 5 }, () => cache.increment('d', 200)));
    const counts = await Promise.all(Array.from({ length: 7 }, () => cache.decrement('d')));
    expect([...counts].sort((x, y) => x - y)).toEqual([0, 0, 0, 1, 2, 3, 4]);
    expect(await cache.increment('d', 200)).toBe(1);
    // The window still runs from the first increment: the counter expires on time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await cache.get('d')).toBeUndefined();
    expect(await cache.decrement('d')).toBe(0);
    expect(await cache.get('d')).toBeUndefined();
  });
});
