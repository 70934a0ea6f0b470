// From a request's path to a page: the SPEC 2 routes (/cart, /search) first, then whatever content
// publishes at the path (a collection, one of its categories, an item), else the not-found page.
// Content being unreachable gives the error page (503); nothing here renders HTML.
import { SEARCH_LIMITS, type Collection } from '@sc/contracts';
import type { Logger } from '@sc/platform';
import { ContentUnavailableError, type ContentReader } from '../content/content-reader.js';
import {
  blockSources,
  cartPage,
  collectionPage,
  errorPage,
  fallbackSite,
  familyOf,
  itemPage,
  layoutPage,
  notFoundPage,
  searchPage,
  type BlockSource,
  type Page,
} from './page-context.js';
import type { SiteData } from './site-context.js';

/** The query parameters a page depends on; every other one is ignored (and not part of the cache key). */
export interface PageQuery {
  cursor?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
  /** Page of search results (the /search page only). */
  page?: string | undefined;
}

/** Items per page of a collection list. */
export const LIST_PAGE_SIZE = 50;

/** A site path without its trailing slash ('/' stays '/'). */
export function normalisePath(path: string): string {
  const bare = path.split('?')[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export class PageService {
  constructor(
    private readonly content: ContentReader,
    private readonly logger: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The page at `path` of a website; never throws (failures are the error page). */
  async page(websiteId: string, rawPath: string, query: PageQuery): Promise<Page> {
    const path = normalisePath(rawPath);
    const now = this.clock();
    let site: SiteData | undefined;
    try {
      site = await this.#site(websiteId);
      if (!site) return notFoundPage(fallbackSite(websiteId), path, now);
      if (path === '/cart') return cartPage(site, path, now);
      if (path === '/search') return await this.#search(websiteId, site, query, path, now);
      return await this.#content(websiteId, site, path, query, now);
    } catch (error) {
      const unavailable = error instanceof ContentUnavailableError;
      this.logger.error({ err: error, websiteId, path }, unavailable ? 'content unavailable; answering the error page' : 'page failed');
      return errorPage(site ?? fallbackSite(websiteId), unavailable ? 503 : 500, path, now);
    }
  }

  async #site(websiteId: string): Promise<SiteData | undefined> {
    const [site, layout, headerFooter] = await Promise.all([
      this.content.site(websiteId),
      this.content.layout(websiteId),
      this.content.headerFooter(websiteId),
    ]);
    return site ? { site, layout, headerFooter } : undefined;
  }

  async #content(websiteId: string, site: SiteData, path: string, query: PageQuery, now: number): Promise<Page> {
    const resolved = await this.content.resolve(websiteId, path);
    if (!resolved) return notFoundPage(site, path, now);
    const { collection, item, category } = resolved;
    if (item) return itemPage(site, collection, item, path, now);
    if (familyOf(collection) === 'page') return layoutPage(site, collection, await this.#blockSources(websiteId, collection), path, now);
    const [page, categories] = await Promise.all([
      this.content.items(websiteId, collection.id, { limit: LIST_PAGE_SIZE, cursor: query.cursor, categoryId: category?.id, tag: query.tag, category: query.category }),
      familyOf(collection) === 'products' ? this.content.categories(websiteId, collection.id) : Promise.resolve([]),
    ]);
    return collectionPage(site, collection, { path, now, page, categories, category, filter: { tag: query.tag, category: query.category } });
  }

  async #blockSources(websiteId: string, collection: Collection): Promise<Map<string, BlockSource>> {
    const sources = new Map<string, BlockSource>();
    await Promise.all(
      blockSources(collection).map(async ({ collectionId, limit }) => {
        const [listed, page] = await Promise.all([this.content.collection(websiteId, collectionId), this.content.items(websiteId, collectionId, { limit })]);
        if (listed) sources.set(collectionId, { collection: listed, items: page.items });
      }),
    );
    return sources;
  }

  /**
   * The search page: content searches the website (every published page, post, product and
   * event) and answers one page of ranked results; an empty query shows the form only.
   */
  async #search(websiteId: string, site: SiteData, query: PageQuery, path: string, now: number): Promise<Page> {
    const text = (query.q ?? '').trim().slice(0, SEARCH_LIMITS.queryLength).trim();
    const page = searchPageNumber(query.page);
    const found = text === '' ? null : await this.content.search(websiteId, text, page);
    return searchPage(site, { query: text, page, found }, path, now);
  }
}

/** The requested page of search results: a whole number from 1 to the last page offered, else 1. */
export function searchPageNumber(raw: string | undefined): number {
  const n = raw !== undefined && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 && n <= SEARCH_LIMITS.maxPage ? n : 1;
}
