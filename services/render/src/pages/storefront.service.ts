// A site page as the storefront answers it: from the page cache, or rendered (HTML, or with
// ?format=json the page's context) and then cached. A body worth compressing is compressed once,
// when the page is made, and cached with it.
import { gzipSync } from 'node:zlib';
import { etagOf, type CachedPage, type PageCache, type ReadyPage } from './page-cache.js';
import type { PageRenderer } from './page-renderer.js';
import { newNonce } from './security-headers.js';
import { surrogateKeysOf } from './shared-cache.js';
import type { PageQuery, PageService, PageVisitor } from './page.service.js';

export const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_MIN_BYTES = 1024;

function made(status: number, contentType: string, body: string, nonce?: string, keys?: string): CachedPage {
  return {
    status,
    contentType,
    etag: etagOf(body),
    body,
    gzip: body.length >= GZIP_MIN_BYTES ? gzipSync(body).toString('base64') : undefined,
    nonce,
    keys,
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A redirect: its Location, and a body with the link for clients that do not follow it. */
function redirect(status: number, location: string): CachedPage {
  return {
    ...made(
      status,
      HTML,
      `<!doctype html><title>Moved</title><p>Moved to <a href="${escapeHtml(location)}">${escapeHtml(location)}</a>.</p>`,
    ),
    location,
  };
}

export interface PageRequest {
  path: string;
  query: PageQuery;
  /** The page's context as JSON instead of its HTML. */
  json: boolean;
  visitor: PageVisitor;
  /** Who asks, as the cache tells pages apart ('' for every visitor alike). */
  visitorKey: string;
  /** The session's experiment flags, as the cache tells pages apart. */
  flags: string;
}

export class StorefrontService {
  constructor(
    private readonly pages: PageService,
    private readonly renderer: PageRenderer,
    private readonly cache: PageCache,
    private readonly pageTtlMs: number,
  ) {}

  /** How long a shared cache may keep a page: as long as render's own cache does (0: pages living under a second are not shared). */
  get sharedMaxAgeS(): number {
    return Math.floor(this.pageTtlMs / 1000);
  }

  /** The page, and whether the cache had it. */
  async page(websiteId: string, request: PageRequest): Promise<{ page: ReadyPage; hit: boolean }> {
    const { path, query, json, visitor } = request;
    // The origin is part of the key: one website's pages carry a different canonical URL under each of its domains.
    const parts = [
      json ? 'json' : 'html',
      this.renderer.version(),
      visitor.origin ?? '',
      path,
      query.cursor ?? '',
      query.tag ?? '',
      query.category ?? '',
      query.q ?? '',
      query.page ?? '',
      request.visitorKey,
      request.flags,
    ];
    return this.cache.remember(
      websiteId,
      parts,
      async () => {
        const page = await this.pages.page(websiteId, path, query, visitor);
        if (page.location !== undefined) return redirect(page.status, page.location);
        const shown = this.renderer.prepare(page);
        const keys = surrogateKeysOf(websiteId, shown.context);
        if (json) return made(shown.status, JSON_TYPE, JSON.stringify(shown.context), undefined, keys);
        const nonce = newNonce();
        return made(shown.status, HTML, this.renderer.html(shown, nonce), nonce, keys);
      },
      // Access-denied pages (403) are cached too: they depend on the same things as the page they stand for.
      (page) => page.status === 200 || page.status === 403,
    );
  }
}
