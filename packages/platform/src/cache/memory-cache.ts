import type { Cache } from './cache.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** The in-process cache of embedded mode. Expired keys are dropped when read and swept each minute. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
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

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#entries.clear();
  }

  #sweep(): void {
    for (const key of this.#entries.keys()) this.#live(key);
  }
}
