// The storefront's reads, cached as the JSON they answer with. A store listing is large (a
// 200-product page is about half a megabyte) and read far more often than it changes, so it is
// computed once per change. Every cached answer is keyed by the website's generation, which each
// change of that website bumps after it commits and before its events leave (cache-first-outbox.ts)
// and again before its answer is sent; an answer therefore never outlives a change its reader
// could have seen, whether the reader learnt of the change from the owner's answer or an event. Scheduled items going live are not changes anyone makes,
// so an answer also expires when the next scheduled item of its list is due.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Cache } from '@sc/platform';

const ANSWER_TTL_MS = 60_000;
// Far longer than any answer lives, so a generation that expires and restarts at 0 finds nothing old.
const GENERATION_TTL_MS = 7 * 24 * 3600_000;

export interface Cacheable {
  json: string;
  /** When the answer stops being true by itself (the next scheduled item's time), if ever. */
  validUntil?: number | undefined;
}

export class PublicCache {
  constructor(private readonly cache: Cache) {}

  /** Makes every cached answer of the website stale (call after a change has committed). */
  async bump(websiteId: string): Promise<void> {
    await this.cache.increment(`content:gen:${websiteId}`, GENERATION_TTL_MS);
  }

  /**
   * The cached answer for these key parts, or the computed one, which is then cached. With `gzip`
   * the answer is the gzip of the JSON (cached beside it): a large listing then crosses the
   * gateway at a tenth of its size.
   */
  async remember(websiteId: string, parts: readonly string[], gzip: boolean, compute: () => Promise<Cacheable>): Promise<string | Buffer> {
    const generation = (await this.cache.get(`content:gen:${websiteId}`)) ?? '0';
    const digest = createHash('sha1').update(JSON.stringify(parts)).digest('base64url');
    const key = `content:public:${websiteId}:${generation}:${digest}`;
    // The cache holds text, so the compressed answer is kept as base64.
    if (gzip) {
      const packed = await this.cache.get(`${key}:gz`);
      if (packed !== undefined) return Buffer.from(packed, 'base64');
    }
    let json = await this.cache.get(key);
    let ttl = ANSWER_TTL_MS;
    if (json === undefined) {
      const answer = await compute();
      json = answer.json;
      ttl = Math.min(ANSWER_TTL_MS, answer.validUntil === undefined ? Infinity : answer.validUntil - Date.now());
      if (ttl > 0) await this.cache.set(key, json, ttl);
    }
    if (!gzip) return json;
    const compressed = gzipSync(json);
    if (ttl > 0) await this.cache.set(`${key}:gz`, compressed.toString('base64'), ttl);
    return compressed;
  }
}
