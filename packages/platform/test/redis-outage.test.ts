// Redis is a cache (issue 39): when it goes away, a read is a miss and the source answers, a write
// is left out, and counters (rate limits) go on in this process; every fallback is counted in
// dependency_failures_total. Before, a page view during an outage was a 500
// (MaxRetriesPerRequestError from the page cache's generation read). On a redis-server of the
// test's own, stopped halfway.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildService, metricsRegistry, RedisCache, type ServiceDefinition, type ServiceName } from '../src/index.js';
import { createLogger } from '../src/logger.js';
import { testConfig } from '../test-kit/index.js';
import { RedisServerProcess } from '../test-kit/redis-server.js';

const fallbacks = async (service: string): Promise<Record<string, number>> => {
  const metric = await metricsRegistry.getSingleMetric('dependency_failures_total')!.get();
  const found: Record<string, number> = {};
  for (const value of metric.values)
    if (value.labels.service === service && value.labels.dependency === 'redis') found[String(value.labels.outcome)] = value.value;
  return found;
};

describe('a Redis outage', () => {
  let redis: RedisServerProcess;
  let app: FastifyInstance;
  let sourceReads = 0;

  const definition: ServiceDefinition<unknown> = {
    name: 'redisout' as ServiceName,
    migrations: {},
    routes: (server, ctx) => {
      // What the page caches do: a generation read, then the cached answer or the source's.
      server.get('/api/page', async () => {
        const generation = (await ctx.cache.get('gen')) ?? '0';
        const cached = await ctx.cache.get(`page:${generation}`);
        if (cached !== undefined) return { page: cached, hit: true };
        sourceReads++;
        await ctx.cache.set(`page:${generation}`, 'from the source', 60_000);
        return { page: 'from the source', hit: false };
      });
      // What the rate limits do: a counter per client and window.
      server.post('/api/limited', async (_request, reply) => {
        const count = await ctx.cache.increment('limit:client', 60_000);
        return count > 3 ? reply.status(429).send({ count }) : { count };
      });
    },
  };

  beforeAll(async () => {
    redis = await RedisServerProcess.start();
    app = await buildService(definition, { config: testConfig(0, { REDIS_URL: redis.url }), relay: { autoStart: false } });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  it('answers from the source, never a 5xx, and counts on in this process', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/page' })).json()).toEqual({ page: 'from the source', hit: false });
    expect((await app.inject({ method: 'GET', url: '/api/page' })).json()).toEqual({ page: 'from the source', hit: true });
    expect((await app.inject({ method: 'POST', url: '/api/limited' })).json()).toEqual({ count: 1 });
    await redis.stop();

    const pages = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/page' })));
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(pages.every((page) => page.json().page === 'from the source')).toBe(true);
    expect(sourceReads).toBe(6);
    // The local limiter starts its own count and still stops a client past the limit.
    const limited = [];
    for (let i = 0; i < 4; i++) limited.push((await app.inject({ method: 'POST', url: '/api/limited' })).statusCode);
    expect(limited).toEqual([200, 200, 200, 429]);
    const counted = await fallbacks('redisout');
    expect(counted['cache-miss']).toBeGreaterThanOrEqual(10);
    expect(counted['write-skipped']).toBeGreaterThanOrEqual(5);
    expect(counted['local-counter']).toBe(4);
  });

  it('fails nothing on a client pointed at a port where no Redis listens', async () => {
    const { freePort } = await import('../test-kit/index.js');
    const cache = new RedisCache(`redis://127.0.0.1:${await freePort()}`, { prefix: 'dead:', logger: createLogger('test', 'silent') });
    try {
      await cache.set('a', 'one');
      expect(await cache.get('a')).toBeUndefined();
      expect(await cache.increment('n', 1_000)).toBe(1);
      expect(await cache.increment('n', 1_000)).toBe(2);
      expect(await cache.decrement('n')).toBe(1);
      expect(await cache.ready()).toBe(false);
    } finally {
      await cache.close();
    }
  });
});
