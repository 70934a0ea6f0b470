// Rendered pages, cached in the platform cache (Redis in distributed mode, in memory in embedded
// mode). Every key carries the website's generation: a content event for a website bumps it
// (consumers/page-cache.consumer.ts), so all of that website's pages go stale at once. Whole-site rather
// than per-URL because a change shows on pages the event does not list (a product on the home
// page's summary block, on category pages, in search results); a re-render is cheap, and content
// answers it from its own cache. Entries also expire after PAGE_CACHE_TTL_MS, for what no event
// announces (a scheduled item going live). Concurrent misses for one key share one render.
//
// In front of the shared cache each process keeps the pages it served last, ready to send (body
// and gzip as bytes), bounded by LOCAL_MAX_BYTES: a hit then costs one GET (the generation, which
// another replica may have moved) instead of two, and no decoding, base64 or UTF-8 encoding of the
// body (issue 24: those were a quarter of a cached page's CPU). An entry's key carries the
// generation, so an event makes it unreachable at once, here as in the shared cache; it leaves the
// process when the shared copy expires.
import { createHash } from 'node:crypto';
import { pageGenerationKey, type Cache } from '@sc/platform';

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
  /** A redirect's Location (redirects are not cached, so it is not in the encoding). */
  location?: string | undefined;
  /** The page's Surrogate-Key (the website and the items it shows; surrogate-keys.ts), space-separated. */
  keys?: string | undefined;
}

// Far longer than any page lives, so a generation that expires and restarts finds no old page.
const GENERATION_TTL_MS = 7 * 24 * 3600_000;

const generationKey = pageGenerationKey;

/** A strong validator of a body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

// Stored as seven header lines and the body: no JSON escaping of a large HTML body on every hit.
// The first line is when the entry expires, so a process that keeps it locally lets it go when the
// shared copy goes. (The key's `v4` names this layout: pages cached in an older one are never read
// as it.)
function encode(page: CachedPage, expires: number): string {
  return `${expires}\n${page.status}\n${page.contentType}\n${page.etag}\n${page.nonce ?? ''}\n${page.keys ?? ''}\n${page.gzip ?? ''}\n${page.body}`;
}

function decode(text: string): { page: CachedPage; expires: number } | undefined {
  const ends: number[] = [];
  for (let at = -1, i = 0; i < 7; i++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return undefined;
    ends.push(at);
  }
  const [x = 0, a = 0, b = 0, c = 0, d = 0, k = 0, e = 0] = ends;
  const expires = Number(text.slice(0, x));
  const status = Number(text.slice(x + 1, a));
  if (!Number.isInteger(status) || !Number.isFinite(expires)) return undefined;
  const nonce = text.slice(c + 1, d);
  const keys = text.slice(d + 1, k);
  const gzip = text.slice(k + 1, e);
  const page = {
    status,
    contentType: text.slice(a + 1, b),
    etag: text.slice(b + 1, c),
    body: text.slice(e + 1),
    gzip: gzip === '' ? undefined : gzip,
    nonce: nonce === '' ? undefined : nonce,
    keys: keys === '' ? undefined : keys,
  };
  return { page, expires };
}

/** A cached page as it goes out: the bytes made once, kept in the process. */
export interface ReadyPage extends CachedPage {
  bodyBytes: Buffer;
  gzipBytes?: Buffer | undefined;
}

function ready(page: CachedPage): ReadyPage {
  return {
    ...page,
    bodyBytes: Buffer.from(page.body, 'utf8'),
    gzipBytes: page.gzip === undefined ? undefined : Buffer.from(page.gzip, 'base64'),
  };
}

/** Bytes the local layer may hold (bodies and their gzip); the least recently used pages leave first. */
export const LOCAL_MAX_BYTES = 16 * 1024 * 1024;

export class PageCache {
  readonly #inflight = new Map<string, Promise<ReadyPage>>();
  /** Recently served pages by key, least recently used first (a Map keeps insertion order). */
  readonly #local = new Map<string, { page: ReadyPage; expires: number; bytes: number }>();
  #localBytes = 0;

  constructor(
    private readonly cache: Cache,
    private readonly ttlMs: number,
    /** Told of every website made stale (the shared caches' purge; shared-cache-purge.ts). */
    private readonly onInvalidate: (websiteId: string) => void = () => undefined,
  ) {}

  /** Makes every cached page of the website stale, here, in the gateway's page cache and in shared caches. */
  async invalidateWebsite(websiteId: string): Promise<void> {
    await this.cache.increment(generationKey(websiteId), GENERATION_TTL_MS);
    this.onInvalidate(websiteId);
  }

  /**
   * The cached page for `parts`, or the one `produce` makes, which is cached when `cacheable`
   * says so (error pages are not). The generation is read before producing, so a page made from
   * content older than an event lands under the generation that event already left behind.
   */
  async remember(
    websiteId: string,
    parts: readonly string[],
    produce: () => Promise<CachedPage>,
    cacheable: (page: CachedPage) => boolean,
  ): Promise<{ page: ReadyPage; hit: boolean }> {
    const generation = (await this.cache.get(generationKey(websiteId))) ?? '0';
    const digest = createHash('sha1').update(parts.join('\u0000')).digest('base64url');
    const key = `render:page:v4:${websiteId}:${generation}:${digest}`;
    const local = this.#fromLocal(key);
    if (local) return { page: local, hit: true };
    const cached = await this.cache.get(key);
    const decoded = cached === undefined ? undefined : decode(cached);
    if (decoded) {
      const page = ready(decoded.page);
      this.#toLocal(key, page, decoded.expires);
      return { page, hit: true };
    }
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const made = ready(await produce());
        if (cacheable(made)) {
          const expires = Date.now() + this.ttlMs;
          await this.cache.set(key, encode(made, expires), this.ttlMs);
          this.#toLocal(key, made, expires);
        }
        return made;
      })().finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    return { page: await pending, hit: false };
  }

  #fromLocal(key: string): ReadyPage | undefined {
    const entry = this.#local.get(key);
    if (!entry) return undefined;
    this.#local.delete(key);
    if (entry.expires <= Date.now()) {
      this.#localBytes -= entry.bytes;
      return undefined;
    }
    this.#local.set(key, entry);
    return entry.page;
  }

  #toLocal(key: string, page: ReadyPage, expires: number): void {
    const bytes = page.bodyBytes.length + (page.gzipBytes?.length ?? 0);
    // One page never takes more than an eighth of the layer.
    if (bytes > LOCAL_MAX_BYTES / 8) return;
    const old = this.#local.get(key);
    if (old) {
      this.#local.delete(key);
      this.#localBytes -= old.bytes;
    }
    this.#local.set(key, { page, expires, bytes });
    this.#localBytes += bytes;
    for (const [oldest, entry] of this.#local) {
      if (this.#localBytes <= LOCAL_MAX_BYTES) break;
      this.#local.delete(oldest);
      this.#localBytes -= entry.bytes;
    }
  }
}
