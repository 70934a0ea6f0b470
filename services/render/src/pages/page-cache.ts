// Rendered pages, cached in the platform cache (Redis in distributed mode, in memory in embedded
// mode). Every key carries the website's generation: a content event for a website bumps it
// (consumers/page-cache.consumer.ts), so all of that website's pages go stale at once. Whole-site rather
// than per-URL because a change shows on pages the event does not list (a product on the home
// page's summary block, on category pages, in search results); a re-render is cheap, and content
// answers it from its own cache. Entries also expire after PAGE_CACHE_TTL_MS, for what no event
// announces (a scheduled item going live). Concurrent misses for one key share one render.
import { createHash } from 'node:crypto';
import type { Cache } from '@sc/platform';

/** A response as it is cached and sent. */
export interface CachedPage {
  status: number;
  contentType: string;
  etag: string;
  body: string;
  /** The body gzipped, in base64 (the cache holds text); absent for small bodies. */
  gzip?: string | undefined;
  /** The CSP nonce the body's script tags carry (HTML pages; security-headers.ts). */
  nonce?: string | undefined;
}

// Far longer than any page lives, so a generation that expires and restarts finds no old page.
const GENERATION_TTL_MS = 7 * 24 * 3600_000;

const generationKey = (websiteId: string) => `render:gen:${websiteId}`;

/** A strong validator of a body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

// Stored as five header lines and the body: no JSON escaping of a large HTML body on every hit.
// (The key's `v2` names this layout: pages cached in the four-line one are never read as it.)
function encode(page: CachedPage): string {
  return `${page.status}\n${page.contentType}\n${page.etag}\n${page.nonce ?? ''}\n${page.gzip ?? ''}\n${page.body}`;
}

function decode(text: string): CachedPage | undefined {
  const ends: number[] = [];
  for (let at = -1, i = 0; i < 5; i++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return undefined;
    ends.push(at);
  }
  const [a = 0, b = 0, c = 0, d = 0, e = 0] = ends;
  const status = Number(text.slice(0, a));
  if (!Number.isInteger(status)) return undefined;
  const nonce = text.slice(c + 1, d);
  const gzip = text.slice(d + 1, e);
  return { status, contentType: text.slice(a + 1, b), etag: text.slice(b + 1, c), body: text.slice(e + 1), gzip: gzip === '' ? undefined : gzip, nonce: nonce === '' ? undefined : nonce };
}

export class PageCache {
  readonly #inflight = new Map<string, Promise<CachedPage>>();

  constructor(
    private readonly cache: Cache,
    private readonly ttlMs: number,
  ) {}

  /** Makes every cached page of the website stale. */
  async invalidateWebsite(websiteId: string): Promise<void> {
    await this.cache.increment(generationKey(websiteId), GENERATION_TTL_MS);
  }

  /**
   * The cached page for `parts`, or the one `produce` makes, which is cached when `cacheable`
   * says so (error pages are not). The generation is read before producing, so a page made from
   * content older than an event lands under the generation that event already left behind.
   */
  async remember(websiteId: string, parts: readonly string[], produce: () => Promise<CachedPage>, cacheable: (page: CachedPage) => boolean): Promise<{ page: CachedPage; hit: boolean }> {
    const generation = (await this.cache.get(generationKey(websiteId))) ?? '0';
    const digest = createHash('sha1').update(parts.join('\u0000')).digest('base64url');
    const key = `render:page:v2:${websiteId}:${generation}:${digest}`;
    const cached = await this.cache.get(key);
    const page = cached === undefined ? undefined : decode(cached);
    if (page) return { page, hit: true };
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const made = await produce();
        if (cacheable(made)) await this.cache.set(key, encode(made), this.ttlMs);
        return made;
      })().finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    return { page: await pending, hit: false };
  }
}
