// What keeps the in-process caches of a service's replicas in agreement (issue 39): a token per
// website in the shared cache (Redis), replaced by every change of what those caches hold (bump),
// and read again by each replica at most every LOCAL_CACHE_RECHECK_MS while it serves from its own
// entries. An entry is kept under the token it was loaded with, so a new token makes every entry
// of the website stale at once. A change made through replica A (or an event only A consumed,
// since replicas share their durable consumers) is therefore seen through replica B within
// LOCAL_CACHE_RECHECK_MS: the bound on staleness across replicas. The process that made the change
// sees it at once. While the shared cache is down (RedisCache answers a miss, a write is lost) a
// change reaches other replicas when their entries expire: the caches' own TTL is the bound then.
// Used by the cart's store cache (catalog/store-cache.ts) and analytics' settings cache; render's
// page cache and content's public answers keep their generation in the shared cache itself.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Cache } from './cache.js';

/** How long a replica serves from its own entries before reading the website's token again. */
export const LOCAL_CACHE_RECHECK_MS = 500;
// Far longer than any local entry lives: a token that expires reads as '0', which only makes entries stale.
const TOKEN_TTL_MS = 7 * 24 * 3600_000;

export class WebsiteGenerations {
  readonly #cache: Cache;
  readonly #key: (websiteId: string) => string;
  readonly #recheckMs: number;
  readonly #now: () => number;
  readonly #known = new LRUCache<string, { token: string; checkedAt: number }>({ max: 20_000 });
  readonly #reading = new Map<string, Promise<string>>();

  /** `name` names the caches this token guards, in the service's shared cache (`<name>:gen:<website>`). */
  constructor(cache: Cache, name: string, options: { recheckMs?: number; now?: () => number } = {}) {
    this.#cache = cache;
    this.#key = (websiteId) => `${name}:gen:${websiteId}`;
    this.#recheckMs = options.recheckMs ?? LOCAL_CACHE_RECHECK_MS;
    this.#now = options.now ?? Date.now;
  }

  /** The website's token: as last read when that was less than the recheck interval ago (no await), else read again. */
  current(websiteId: string): string | Promise<string> {
    const known = this.#known.get(websiteId);
    if (known && this.#now() - known.checkedAt < this.#recheckMs) return known.token;
    let reading = this.#reading.get(websiteId);
    if (!reading) {
      reading = this.#read(websiteId).finally(() => this.#reading.delete(websiteId));
      this.#reading.set(websiteId, reading);
    }
    return reading;
  }

  /** Makes every replica's entries of the website stale: at once here, within the recheck interval elsewhere. Call after the change has committed. */
  async bump(websiteId: string): Promise<void> {
    const token = randomUUID();
    this.#known.set(websiteId, { token, checkedAt: this.#now() });
    await this.#cache.set(this.#key(websiteId), token, TOKEN_TTL_MS).catch(() => undefined);
  }

  async #read(websiteId: string): Promise<string> {
    const checkedAt = this.#now();
    const token = (await this.#cache.get(this.#key(websiteId)).catch(() => undefined)) ?? '0';
    // A bump made here while the read was under way wins over what the read found.
    const known = this.#known.get(websiteId);
    if (known && known.checkedAt > checkedAt) return known.token;
    this.#known.set(websiteId, { token, checkedAt });
    return token;
  }
}
