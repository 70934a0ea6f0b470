// What shared caches (a CDN, Varnish, nginx) in front of the gateway are told (issue 38): how long
// they may keep a visitor page, the Surrogate-Key/Cache-Tag naming the website and the items it
// shows, and, when a website changes, a purge by that key to every PURGE_URLS endpoint.
//
// A page goes stale as a whole website (page-cache.ts: a product shows on the home page's summary
// block, on category pages and in search results, which its event does not list), so the purge
// names the website; the item keys let an operator purge one item's pages by hand.
import { PAGE_GENERATION_RECHECK_MS, type Logger } from '@sc/platform';

/** How long a shared cache may serve a page it has after it went stale, while it asks again. */
export const STALE_WHILE_REVALIDATE_S = 30;
/** At most this many item keys per page (a 50-product store page lists 50). */
const MAX_ITEM_KEYS = 100;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The key every page of a website carries. */
export const websiteKey = (websiteId: string): string => `w-${websiteId}`;

/** The Surrogate-Key of a page: its website, then each item or collection the context shows. */
export function surrogateKeysOf(websiteId: string, context: Record<string, unknown>): string {
  const keys = new Set([websiteKey(websiteId)]);
  const add = (value: unknown) => {
    const id = (value as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'string' && ID.test(id) && keys.size <= MAX_ITEM_KEYS) keys.add(`i-${id}`);
  };
  add(context.collection);
  add(context.item);
  if (Array.isArray(context.items)) for (const item of context.items) add(item);
  return [...keys].join(' ');
}

/** The Cache-Control of a page every visitor gets alike: browsers revalidate, shared caches keep it `sharedMaxAgeS`. */
export const sharedCacheControl = (sharedMaxAgeS: number): string =>
  `public, max-age=0, s-maxage=${sharedMaxAgeS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;

/**
 * A purge waits this long: until the gateway's page cache has seen the website's new generation
 * (else the shared cache would fetch the old page from it again), which also makes the burst of
 * events one publish sends a single purge. Still within a second of the change.
 */
const PURGE_DELAY_MS = PAGE_GENERATION_RECHECK_MS + 100;

/** Sends `PURGE` with the website's Surrogate-Key to every endpoint; a failure is logged, never thrown. */
export class SharedCachePurger {
  readonly #due = new Set<string>();

  constructor(
    private readonly urls: readonly string[],
    private readonly logger: Logger,
    private readonly timeoutMs = 1_000,
  ) {}

  /** Purges every page of the website soon (fire and forget: the change is already saved). */
  purgeWebsite(websiteId: string): void {
    if (this.urls.length === 0 || this.#due.has(websiteId)) return;
    this.#due.add(websiteId);
    setTimeout(() => {
      this.#due.delete(websiteId);
      this.#send(websiteId);
    }, PURGE_DELAY_MS).unref();
  }

  #send(websiteId: string): void {
    const key = websiteKey(websiteId);
    for (const url of this.urls) {
      fetch(url, { method: 'PURGE', headers: { 'surrogate-key': key }, signal: AbortSignal.timeout(this.timeoutMs) })
        .then(async (answer) => {
          await answer.body?.cancel();
          if (answer.status >= 300) this.logger.warn({ url, key, status: answer.status }, 'shared cache purge refused');
        })
        .catch((error: unknown) => this.logger.warn({ err: error, url, key }, 'shared cache purge failed'));
    }
  }
}
