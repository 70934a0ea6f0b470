// The in-process cache of embedded mode, bounded: an LRU (lru-cache) holding at most `maxBytes`
// of keys and values (the length of both strings, a close measure of what V8 keeps for the mostly
// one-byte text stored here), so a flood of distinct keys (every page URL is one in render's page
// cache) evicts the least recently used entries instead of growing the process. Expiry is checked
// on read, as Redis does, and expired keys are swept each minute.
//
// A website's page generation key (render) is read before each of its pages, so it is always more
// recently used than they are and is never evicted while one of its pages is still cached.
import { LRUCache } from 'lru-cache';
import type { Cache } from './cache.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * 24 MiB of cached text by default: a few thousand rendered pages and content answers. Embedded
 * mode runs every service in one process that idles at about 650 MB (bench/security/cache-rss), so
 * the cache's share is kept small; distributed mode caches in Redis.
 */
export const MEMORY_CACHE_MAX_BYTES = 24 * 1024 * 1024;

export interface MemoryCacheOptions {
  now?: () => number;
  /** The bound on the sum of key and value lengths; the least recently used go first past it. */
  maxBytes?: number;
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  readonly #entries: LRUCache<string, Entry>;
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: MemoryCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? MEMORY_CACHE_MAX_BYTES,
      sizeCalculation: (entry, key) => Math.max(1, key.length + entry.value.length),
    });
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : this.#now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const entry = this.#live(key);
    const count = (entry ? Number(entry.value) : 0) + 1;
    this.#entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.#now() + ttlMs });
    return count;
  }

  async decrement(key: string): Promise<number> {
    const entry = this.#live(key);
    if (!entry) return 0;
    const count = Math.max(0, Number(entry.value) - 1);
    this.#entries.set(key, { value: String(count), expiresAt: entry.expiresAt });
    return count;
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#entries.clear();
  }

  #sweep(): void {
    const now = this.#now();
    const expired = [...this.#entries.entries()].filter(([, entry]) => entry.expiresAt <= now);
    for (const [key] of expired) this.#entries.delete(key);
  }
}
