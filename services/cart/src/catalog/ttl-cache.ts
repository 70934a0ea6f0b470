// A small in-process cache with a time to live, a size bound (lru-cache: the least recently used
// go first) and one load per key at a time.
// Replicas each keep their own: a change made through another replica (or a read-model event
// consumed there) reaches this one when the entry expires, so the TTL is the bound on staleness
// across replicas; changes seen by this process drop the entry at once (invalidate).
import { LRUCache } from 'lru-cache';

export class TtlCache<V> {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries: LRUCache<string, { value: V; expiresAt: number }>;
  readonly #loading = new Map<string, Promise<V>>();
  /** Bumped by every invalidation, so a load that began before one is not stored after it. */
  #generation = 0;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#entries = new LRUCache({ max: options.maxEntries });
    this.#now = options.now ?? Date.now;
  }

  /** The fresh cached value, if any (no load). */
  peek(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > this.#now()) return hit.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** The cached value, or `load()`'s (shared by concurrent callers); `keep` decides what is stored. */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (value) => {
        this.#loading.delete(key);
        if (generation === this.#generation && keep(value)) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  set(key: string, value: V): void {
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
  }

  invalidate(key: string): void {
    this.#generation++;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  /** Drops every key that starts with `prefix` (all of a website's entries). */
  invalidatePrefix(prefix: string): void {
    this.#generation++;
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
    for (const key of [...this.#loading.keys()]) if (key.startsWith(prefix)) this.#loading.delete(key);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
