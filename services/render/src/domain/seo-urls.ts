// One URL per page (issue 37): which variants of a path answer a 301 to the page's own URL, what
// a page's canonical URL is (absolute, at the website's public origin, with only the query
// parameters that change what the page shows), and which pages search engines are asked not to
// index. Pure: the origin and the page's facts come in.
import { PageType, type SiteLayout } from '@sc/contracts';

/**
 * The 301 target of a request URL whose path ends in a slash (not '/'): the same path without it,
 * query kept. Leading slashes collapse to one, so `//evil.example/` never becomes a
 * protocol-relative Location that leaves the site. Null when the path has no trailing slash.
 */
export function trailingSlashRedirect(url: string): string | null {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const search = at < 0 ? '' : url.slice(at);
  if (path.length <= 1 || !path.endsWith('/')) return null;
  const bare = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return `${bare}${search}`;
}

/** The collection '/' shows: the main navigation's first link to a collection (as content resolves '/'). */
export function homeCollectionId(layout: SiteLayout): string | null {
  const main = layout.layout.find((l) => l.identifier === 'mainNav') ?? layout.layout[0];
  return main?.links.find((link) => link.collectionId)?.collectionId ?? null;
}

/** Page types no search engine should index: search, cart, checkout, order pages, gated and failed pages. */
const NOINDEX_TYPES = new Set<number>([
  PageType.SEARCH,
  PageType.CART,
  PageType.CHECKOUT,
  PageType.ORDER_CONFIRMED,
  PageType.ORDER_STATUS,
  PageType.MEMBER_AREA_ACCESS_DENIED,
  PageType.LOCK_SCREEN,
  PageType.NOT_FOUND,
  PageType.ERROR,
]);

/** Paths of a visitor's own pages (account, checkout, member areas): never indexed. */
const PRIVATE_PATHS = /^\/(?:cart|checkout|account|search|members|config)(?:\/|$)/;

/** Whether a page carries `noindex`. */
export function isNoindex(pageType: number, path: string): boolean {
  return NOINDEX_TYPES.has(pageType) || PRIVATE_PATHS.test(path);
}

/** The query parameters that change what a list page shows; every other one (tracking, format) is left out of its canonical URL. */
const LIST_PARAMS = ['category', 'tag', 'cursor'] as const;

/**
 * A page's canonical URL: the origin, its canonical path, and on list pages the parameters that
 * choose what is listed (in a fixed order, so one page has one URL).
 */
export function canonicalUrl(origin: string, path: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const query = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = params[name];
    if (value) query.set(name, value);
  }
  const search = query.toString();
  return `${origin}${encodeURI(decodeURISafe(path))}${search ? `?${search}` : ''}`;
}

/** decodeURI that leaves a malformed escape as it is. */
function decodeURISafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** An absolute URL for a path or URL of the site's own (a link that already names a host stays as it is). */
export function absoluteUrl(origin: string, urlOrPath: string): string {
  if (/^https?:\/\//i.test(urlOrPath)) return urlOrPath;
  return `${origin}${urlOrPath.startsWith('/') ? '' : '/'}${urlOrPath}`;
}
