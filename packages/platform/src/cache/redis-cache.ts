import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';

// INCR and PEXPIRE in one round trip, so a crash between them cannot leave a counter that never expires.
const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;
// DECR keeps the key's expiry; a missing key is not created (it would never expire) and 0 is the floor.
const DECREMENT = `local n = tonumber(redis.call('GET', KEYS[1])) if not n or n <= 0 then return 0 end return redis.call('DECR', KEYS[1])`;

/** What the cache did instead of Redis: a read answered as a miss, a write left out, a counter kept in this process. */
export type CacheFallback = 'cache-miss' | 'write-skipped' | 'local-counter';

export interface RedisCacheOptions {
  prefix: string;
  logger: Logger;
  /** Told each time Redis failed and the cache fell back (a metric: dependency_failures_total). */
  onFallback?: (fallback: CacheFallback) => void;
  /** How long a command may take before it counts as failed (default 1 s). */
  commandTimeoutMs?: number;
}

/**
 * The Redis cache of distributed mode. Keys are prefixed so several services can share one Redis.
 * Redis is a cache, never the source (issue 39: an outage turned every page view into a 500): a
 * read that fails is a miss, a write that fails is left out, and a counter (rate limits, the
 * generations of page caches) is kept in this process's memory meanwhile, so each replica limits on
 * its own instead of not at all. While the client is not connected nothing waits for it.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly client: Redis;
  readonly #prefix: string;
  readonly #local = new MemoryCache({ maxBytes: 4 * 1024 * 1024 });
  readonly #onFallback: (fallback: CacheFallback) => void;

  constructor(url: string, options: RedisCacheOptions) {
    this.#prefix = options.prefix;
    this.#onFallback = options.onFallback ?? (() => undefined);
    this.client = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
    });
    this.client.on('error', (error) => options.logger.warn({ err: error }, 'Redis error'));
  }

  /** Runs `command` on Redis, or `fallback` when Redis is away or fails. */
  async #either<T>(command: () => Promise<T>, fallback: () => Promise<T>, kind: CacheFallback): Promise<T> {
    // 'wait' is lazyConnect's state; anything but ready or connecting means the connection is gone.
    if (this.client.status === 'ready' || this.client.status === 'connecting' || this.client.status === 'connect') {
      try {
        return await command();
      } catch {
        // Logged by the client's error listener when it is the connection; counted below.
      }
    }
    this.#onFallback(kind);
    return fallback();
  }

  async get(key: string): Promise<string | undefined> {
    // Meanwhile only the counters kept here are known (a page cache's generation bumped during the
    // outage is read from here, so its pages are made again); anything else is a miss.
    return this.#either(
      async () => (await this.client.get(this.#prefix + key)) ?? undefined,
      () => this.#local.get(key),
      'cache-miss',
    );
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.#either(
      async () => {
        if (ttlMs === undefined) await this.client.set(this.#prefix + key, value);
        else await this.client.set(this.#prefix + key, value, 'PX', ttlMs);
      },
      async () => undefined,
      'write-skipped',
    );
  }

  async delete(key: string): Promise<void> {
    // The local counter goes too: a counter reset (a successful sign-in) resets both.
    await this.#local.delete(key);
    await this.#either(
      async () => void (await this.client.del(this.#prefix + key)),
      async () => undefined,
      'write-skipped',
    );
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return this.#either(
      async () => Number(await this.client.eval(INCREMENT, 1, this.#prefix + key, ttlMs)),
      () => this.#local.increment(key, ttlMs),
      'local-counter',
    );
  }

  async decrement(key: string): Promise<number> {
    return this.#either(
      async () => Number(await this.client.eval(DECREMENT, 1, this.#prefix + key)),
      () => this.#local.decrement(key),
      'local-counter',
    );
  }

  async ready(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#local.close();
    // QUIT on a lost connection would wait for a reconnection that may never come.
    if (this.client.status !== 'ready') this.client.disconnect();
    else await this.client.quit().catch(() => this.client.disconnect());
  }
}
