// From a request's path to a page: the SPEC 2 routes (/cart, /search) first, then whatever content
// publishes at the path (a collection, one of its categories, an item), else the not-found page.
// Products carry the live stock render last heard from the cart (stock/). Content being
// unreachable gives the error page (503); nothing here renders HTML.
import {
  COMMENT_LIMITS,
  CommentState,
  matchRedirect,
  type Collection,
  type ContentItem,
  type Layout,
  type MemberAreaSummary,
  type SiteStyles,
  SEARCH_LIMITS,
} from '@sc/contracts';
import { DEFAULT_PUBLIC_URL, websiteOrigin, type Logger } from '@sc/platform';
import { ContentUnavailableError, type ContentReader, type Forwarded } from '../content/content-reader.js';
import { productIds, withLiveStock, type LiveStock } from '../domain/live-stock.js';
import { withExperiments, type Overrides } from '../domain/experiments.js';
import {
  accessDeniedPage,
  blockSources,
  cartPage,
  collectionPage,
  errorPage,
  fallbackSite,
  familyOf,
  itemPage,
  layoutPage,
  membersPage,
  notFoundPage,
  redirectPage,
  searchPage,
  type BlockSource,
  type CommentArea,
  type Page,
} from './page-context.js';
import type { SiteData } from './site-context.js';
import { pageSeo } from './page-seo.js';
import { homeCollectionId } from '../domain/seo-urls.js';

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

/** Who asks for a page, as far as the page depends on it. */
export interface PageVisitor {
  /** The website's public origin (publicOriginOf): canonical URLs, og:url and JSON-LD are absolute under it. */
  origin?: string | undefined;
  /** Headers passed on to content: the request id and the signed identity render verified. */
  forward?: Forwarded | undefined;
  /** The session's experiment overrides (honoured under site status INTERNAL only). */
  overrides?: Overrides | undefined;
}

/** The live stock of items' variants, as render last heard it from the cart. */
export interface StockReader {
  levels(websiteId: string, itemIds: readonly string[]): Promise<LiveStock>;
}

/** No live stock known: pages show content's stock (tests without a database, tools). */
export const NO_LIVE_STOCK: StockReader = { levels: async () => new Map() };

/** The origin of pages asked for outside a request (tools, tests without a gateway). */
const DEFAULT_ORIGIN = websiteOrigin(DEFAULT_PUBLIC_URL);

const MEMBERS_PATH = /^\/members\/([A-Za-z0-9_-]{1,64})$/;

/** SPEC 4: comments on when commentState is 1 or there are public comments, off when the site disables them. */
function commentsOn(item: ContentItem, commentsEnabled: boolean): boolean {
  return commentsEnabled && (item.commentState === CommentState.ON || item.publicCommentCount > 0);
}

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
    private readonly stock: StockReader = NO_LIVE_STOCK,
  ) {}

  /** The items with their live stock; content's own figures when the read model cannot be read. */
  async #live(websiteId: string, items: ContentItem[]): Promise<ContentItem[]> {
    const ids = productIds(items);
    if (ids.length === 0) return items;
    try {
      const live = await this.stock.levels(websiteId, ids);
      return items.map((item) => withLiveStock(item, live));
    } catch (error) {
      this.logger.warn({ err: error, websiteId }, 'live stock unavailable; showing content’s stock');
      return items;
    }
  }

  /**
   * The page at `path` of a website, with what it tells search engines and social networks
   * (context.seo); never throws (failures are the error page). An owner's redirect, an item's
   * old URL and the home page's own path answer a redirect page (`location`).
   */
  async page(websiteId: string, rawPath: string, query: PageQuery, visitor: PageVisitor = {}): Promise<Page> {
    const made = await this.#page(websiteId, rawPath, query, visitor);
    if (made.page.location === undefined)
      made.page.context.seo = pageSeo(made.page, made.site ?? fallbackSite(websiteId), visitor.origin ?? DEFAULT_ORIGIN, query);
    return made.page;
  }

  async #page(
    websiteId: string,
    rawPath: string,
    query: PageQuery,
    visitor: PageVisitor,
  ): Promise<{ page: Page; site?: SiteData | undefined }> {
    const path = normalisePath(rawPath);
    const now = this.clock();
    const as = visitor.forward;
    let site: SiteData | undefined;
    try {
      const read = await this.#site(websiteId);
      if (!read) return { page: notFoundPage(fallbackSite(websiteId), path, now) };
      site = { ...withExperiments(read, visitor.overrides ?? {}), hosts: hostsOf(visitor.origin) };
      // The owner's redirects come first, as Squarespace's URL mappings do: they may move a page that exists.
      const redirect = matchRedirect(site.site.settings.seo.redirects, path);
      if (redirect) return { page: redirectPage(redirect.status, redirect.location), site };
      return { page: await this.#route(websiteId, site, path, query, now, as), site };
    } catch (error) {
      const unavailable = error instanceof ContentUnavailableError;
      this.logger.error({ err: error, websiteId, path }, unavailable ? 'content unavailable; answering the error page' : 'page failed');
      return { page: errorPage(site ?? fallbackSite(websiteId), unavailable ? 503 : 500, path, now), site };
    }
  }

  async #route(websiteId: string, site: SiteData, path: string, query: PageQuery, now: number, as: Forwarded | undefined): Promise<Page> {
    if (path === '/cart') return cartPage(site, path, now);
    if (path === '/search') return await this.#search(websiteId, site, query, path, now, as);
    const members = MEMBERS_PATH.exec(path);
    if (members) return await this.#members(websiteId, site, members[1] ?? '', path, now, as);
    return await this.#content(websiteId, site, path, query, now, as);
  }

  /**
   * The page editor's draft: the page collection with `layout` in place of its stored one, as the
   * public page would show it (same context, same template). Nothing is stored or cached. Null
   * when the website or the page cannot be found.
   */
  async preview(
    websiteId: string,
    collectionId: string,
    layout: Layout,
    visitor: PageVisitor = {},
    styles?: SiteStyles,
  ): Promise<Page | null> {
    const as = visitor.forward;
    const [read, collection] = await Promise.all([this.#site(websiteId), this.content.collection(websiteId, collectionId, as)]);
    if (!read || !collection || familyOf(collection) !== 'page') return null;
    // The styles panel's draft styles stand in for the saved ones.
    const site = styles ? { ...read, site: { ...read.site, settings: { ...read.site.settings, styles } } } : read;
    const draft: Collection = { ...collection, layout };
    return layoutPage(site, draft, await this.#blockSources(websiteId, draft, as), normalisePath(collection.fullUrl), this.clock());
  }

  async #site(websiteId: string): Promise<SiteData | undefined> {
    const [site, layout, headerFooter, popup] = await Promise.all([
      this.content.site(websiteId),
      this.content.layout(websiteId),
      this.content.headerFooter(websiteId),
      this.content.popup(websiteId),
    ]);
    return site ? { site, layout, headerFooter, popup } : undefined;
  }

  async #content(websiteId: string, site: SiteData, path: string, query: PageQuery, now: number, as: Forwarded | undefined): Promise<Page> {
    const resolved = await this.content.resolve(websiteId, path, as);
    if (!resolved) return notFoundPage(site, path, now);
    if ('denied' in resolved) return accessDeniedPage(site, resolved.denied, path, now);
    // An item's URL before a rename, and the home page under its own path: one URL per page.
    if (resolved.movedTo) return redirectPage(301, resolved.movedTo);
    const { collection, category } = resolved;
    if (!resolved.item && !category && path !== '/' && collection.id === homeCollectionId(site.layout)) return redirectPage(301, '/');
    if (resolved.item) {
      const [item = resolved.item] = await this.#live(websiteId, [resolved.item]);
      return itemPage(site, collection, item, path, now, await this.#commentArea(websiteId, site, collection, item, as));
    }
    if (familyOf(collection) === 'page')
      return layoutPage(site, collection, await this.#blockSources(websiteId, collection, as), path, now);
    const [page, categories] = await Promise.all([
      this.content.items(
        websiteId,
        collection.id,
        { limit: LIST_PAGE_SIZE, cursor: query.cursor, categoryId: category?.id, tag: query.tag, category: query.category },
        as,
      ),
      familyOf(collection) === 'products' ? this.content.categories(websiteId, collection.id, as) : Promise.resolve([]),
    ]);
    const listed = { ...page, items: await this.#live(websiteId, page.items) };
    return collectionPage(site, collection, {
      path,
      now,
      page: listed,
      categories,
      category,
      filter: { tag: query.tag, category: query.category },
    });
  }

  /** The comment area of a post or lesson whose comments are on (SPEC 4): its first approved comments. */
  async #commentArea(
    websiteId: string,
    site: SiteData,
    collection: Collection,
    item: ContentItem,
    as: Forwarded | undefined,
  ): Promise<CommentArea | undefined> {
    const family = familyOf(collection);
    if (family !== 'blog' && family !== 'lessons') return undefined;
    const enabled = site.site.settings.commentsEnabled;
    if (!commentsOn(item, enabled)) return undefined;
    const comments = await this.content.comments(websiteId, item.id, COMMENT_LIMITS.shownWithItem, as);
    return { comments, open: item.commentState !== CommentState.CLOSED };
  }

  /** A member area's page: its pages for members, the access-denied page for everyone else. */
  async #members(
    websiteId: string,
    site: SiteData,
    memberAreaId: string,
    path: string,
    now: number,
    as: Forwarded | undefined,
  ): Promise<Page> {
    const area = await this.content.memberArea(websiteId, memberAreaId, as);
    if (!area) return notFoundPage(site, path, now);
    return area.hasAccess ? membersPage(site, area, path, now) : accessDeniedPage(site, area, path, now);
  }

  async #blockSources(websiteId: string, collection: Collection, as: Forwarded | undefined): Promise<Map<string, BlockSource>> {
    const sources = new Map<string, BlockSource>();
    const areas = new Map<string, MemberAreaSummary>();
    await Promise.all([
      ...blockSources(collection).map(async ({ collectionId, limit }) => {
        const [listed, page] = await Promise.all([
          this.content.collection(websiteId, collectionId, as),
          this.content.items(websiteId, collectionId, { limit }, as),
        ]);
        if (listed) sources.set(collectionId, { collection: listed, items: await this.#live(websiteId, page.items) });
      }),
      // Member-area blocks (block type 67): the area's join or sign-in panel.
      ...memberAreaBlocks(collection).map(async (memberAreaId) => {
        const area = await this.content.memberArea(websiteId, memberAreaId, as);
        if (area) areas.set(memberAreaId, area);
      }),
    ]);
    for (const [id, area] of areas) sources.set(`member-area:${id}`, { collection, items: [], memberArea: area });
    return sources;
  }

  /**
   * The search page: content searches the website (every published page, post, product and
   * event) and answers one page of ranked results; an empty query shows the form only.
   */
  async #search(websiteId: string, site: SiteData, query: PageQuery, path: string, now: number, as: Forwarded | undefined): Promise<Page> {
    const text = (query.q ?? '').trim().slice(0, SEARCH_LIMITS.queryLength).trim();
    const page = searchPageNumber(query.page);
    const found = text === '' ? null : await this.content.search(websiteId, text, page, as);
    return searchPage(site, { query: text, page, found }, path, now);
  }
}

/** The requested page of search results: a whole number from 1 to the last page offered, else 1. */
export function searchPageNumber(raw: string | undefined): number {
  const n = raw !== undefined && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 && n <= SEARCH_LIMITS.maxPage ? n : 1;
}

/** The member areas a layout's member-area blocks (block type 67) name. */
export function memberAreaBlocks(collection: Collection): string[] {
  const ids = new Set<string>();
  for (const block of collection.layout?.blocks ?? []) {
    const id = block.data.memberAreaId;
    if (block.type === 67 && typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)) ids.add(id);
  }
  return [...ids];
}

/** The host of the address the page is served at (links to it in rich text are same-site). */
function hostsOf(origin: string | undefined): string[] {
  if (!origin) return [];
  try {
    return [new URL(origin).host];
  } catch {
    return [];
  }
}
