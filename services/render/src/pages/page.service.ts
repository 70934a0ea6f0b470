// From a request's path to a page: the SPEC 2 routes (/cart, /search) first, then whatever content
// publishes at the path (a collection, one of its categories, an item), else the not-found page.
// Content being unreachable gives the error page (503); nothing here renders HTML.
import type { Collection, ContentItem } from '@sc/contracts';
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
  type SearchResult,
} from './page-context.js';
import type { SiteData } from './site-context.js';

/** The query parameters a page depends on; every other one is ignored (and not part of the cache key). */
export interface PageQuery {
  cursor?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
}

/** Items per page of a collection list. */
export const LIST_PAGE_SIZE = 50;
/** Items looked through per collection by the search page, and results shown. */
const SEARCH_SCAN = 200;
const SEARCH_RESULTS = 50;

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
      if (path === '/search') return await this.#search(websiteId, site, query.q ?? '', path, now);
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
   * The search page. Content has no search route yet, so the site's navigation collections are
   * looked through here (titles, excerpts, tags, categories; every word must match).
   */
  async #search(websiteId: string, site: SiteData, rawQuery: string, path: string, now: number): Promise<Page> {
    const query = rawQuery.trim().slice(0, 200);
    const ids = new Set<string>();
    const visit = (links: SiteData['layout']['layout'][number]['links']) => {
      for (const link of links) {
        if (link.collectionId) ids.add(link.collectionId);
        visit(link.children);
      }
    };
    for (const nav of site.layout.layout) visit(nav.links);
    const collections = (await Promise.all([...ids].map((id) => this.content.collection(websiteId, id)))).filter(
      (c): c is Collection => c !== null && familyOf(c) !== 'page',
    );
    const results: SearchResult[] = [];
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length > 0) {
      const pages = await Promise.all(collections.map((c) => this.content.items(websiteId, c.id, { limit: SEARCH_SCAN })));
      pages.forEach((page, index) => {
        const collection = collections[index] as Collection;
        for (const item of page.items) if (matches(item, words)) results.push({ collection, item });
      });
    }
    return searchPage(site, query, results.slice(0, SEARCH_RESULTS), collections, path, now);
  }
}

function matches(item: ContentItem, words: string[]): boolean {
  const text = [item.title, item.excerpt.replace(/<[^>]*>/g, ' '), ...item.tags, ...item.categories].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}
