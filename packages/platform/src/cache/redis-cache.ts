import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { Cache } from './cache.js';

// INCR and PEXPIRE in one round trip, so a crash between them cannot leave a counter that never expires.
const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;
// DECR keeps the key's expiry; a missing key is not created (it would never expire) and 0 is the floor.
const DECREMENT = `local n = tonumber(redis.call('GET', KEYS[1])) if not n or n <= 0 then return 0 end return redis.call('DECR', KEYS[1])`;

/** The Redis cache of distributed mode. Keys are prefixed so several services can share one Redis. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly client: Redis;
  readonly #prefix: string;

  constructor(url: string, options: { prefix: string; logger: Logger }) {
    this.#prefix = options.prefix;
    this.client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.client.on('error', (error) => options.logger.warn({ err: error }, 'Redis error'));
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.client.get(this.#prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.client.set(this.#prefix + key, value);
    else await this.client.set(this.#prefix + key, value, 'PX', ttlMs);
  }

  async delete(key: string): Promise<void> {
    await this.client.del(this.#prefix + key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return Number(await this.client.eval(INCREMENT, 1, this.#prefix + key, ttlMs));
  }

  async decrement(key: string): Promise<number> {
    return Number(await this.client.eval(DECREMENT, 1, this.#prefix + key));
  }

  async ready(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
