// How render reads content: through the content service's public storefront routes over HTTP.
//
// Why HTTP and not a read model built from content events: the events carry what the cart and the
// page cache need (prices, variants, URLs), not what a page shows (bodies, images, layouts, header
// and footer, navigation), so a read model would need content to publish whole documents and render
// to keep a second copy of every site. Pages are cached (page-cache.ts), so these reads happen once
// per page per change, and content answers them from its own cache. Content's tables are never read.
import {
  Category,
  Collection,
  ContentItem,
  DEFAULT_HEADER_FOOTER,
  HeaderFooter,
  IDENTITY_HEADER,
  MemberAccessDenied,
  MemberAreaSummary,
  PublicComment,
  PublicPopupOverlay,
  PublicSite,
  ResolvedPath,
  SearchResponse,
  SiteLayout,
  SitemapEntries,
  SitemapSummary,
  type PopupOverlay,
  type SitemapType,
} from '@sc/contracts';
import { pageSchema, ReplicaFetch, serviceCallHeaders, type Page } from '@sc/platform';
import type { z } from 'zod';

export type PublicSite = z.infer<typeof PublicSite>;
/** A page of a collection's items, in the platform's paging shape. */
export type ItemPage = Page<ContentItem>;
export interface ItemQuery {
  limit: number;
  cursor?: string | undefined;
  categoryId?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
}

/**
 * Headers render passes on to content for one page request: its request id and, when render
 * itself verified it, the gateway's signed identity (content checks it again and answers gated
 * pages by it). Without them content answers as to an anonymous visitor.
 */
export type Forwarded = Readonly<Record<string, string>>;

/** A path in a member area the visitor has no access to: what the access-denied page shows. */
export interface Denied {
  denied: MemberAreaSummary;
}

/** What a page needs from content; every call is for one website. */
export interface ContentReader {
  /** The website; null when there is none with this id. */
  site(websiteId: string): Promise<PublicSite | null>;
  layout(websiteId: string): Promise<SiteLayout>;
  headerFooter(websiteId: string): Promise<HeaderFooter>;
  /**
   * The collection, item or category a path names; null when nothing is published there; the
   * member area when the path is gated and the visitor (`as`) has no access.
   */
  resolve(websiteId: string, path: string, as?: Forwarded): Promise<ResolvedPath | Denied | null>;
  /** A collection; null when there is none, or it is gated and the visitor has no access. */
  collection(websiteId: string, collectionId: string, as?: Forwarded): Promise<Collection | null>;
  /** Items of a collection; none when it is gated and the visitor has no access. */
  items(websiteId: string, collectionId: string, query: ItemQuery, as?: Forwarded): Promise<ItemPage>;
  categories(websiteId: string, collectionId: string, as?: Forwarded): Promise<Category[]>;
  /**
   * One page of the site search (content ranks published pages, posts, products and events);
   * null when content refuses the query (empty, too long, page out of range). Pages of member
   * areas the visitor has no access to are left out.
   */
  search(websiteId: string, query: string, page: number, as?: Forwarded): Promise<SearchResponse | null>;
  /** The first approved comments of an item, oldest first (SPEC 2 comment area). */
  comments(websiteId: string, itemId: string, limit: number, as?: Forwarded): Promise<PublicComment[]>;
  /** A member area as the visitor may know it; null when there is none. */
  memberArea(websiteId: string, memberAreaId: string, as?: Forwarded): Promise<MemberAreaSummary | null>;
  /** The popup overlay visitors get; null when it is off. */
  popup(websiteId: string): Promise<PopupOverlay | null>;
  /** How many public URLs of each type the website's sitemaps list; null when there is no such website. */
  sitemapSummary(websiteId: string): Promise<SitemapSummary | null>;
  /** A page of a sitemap's public URLs, after `after` or from the `skip`-th. */
  sitemapEntries(
    websiteId: string,
    type: SitemapType,
    page: { after?: string | null | undefined; skip?: number; limit: number },
  ): Promise<SitemapEntries>;
}

/** Content did not answer, or answered with a failure other than "not found". */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const PUBLIC = '/api/content-service/public/1.0';
const ItemPageSchema = pageSchema(ContentItem);
const CategoryPage = pageSchema(Category);
const CommentPage = pageSchema(PublicComment);

/** Content's 403 for gated content, as #get hands it to resolve. */
class AccessDenied {
  constructor(readonly memberArea: MemberAreaSummary) {}
}

/** The content service's public routes, called with the website in X-Website-Id as the gateway does. */
export class HttpContentReader implements ContentReader {
  /** Content's replicas (CONTENT_URL may list several, comma-separated), taken in turn with failover. */
  readonly #content: ReplicaFetch;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    /** IDENTITY_SIGNING_KEY: content answers only calls that carry a signed identity. */
    private readonly signingKey?: string,
  ) {
    this.#content = new ReplicaFetch(baseUrl);
  }

  site(websiteId: string): Promise<PublicSite | null> {
    return this.#get(websiteId, `${PUBLIC}/site`, PublicSite);
  }

  /** The site's navigations; none (content answers 404) before the owner has made a main navigation. */
  async layout(websiteId: string): Promise<SiteLayout> {
    return (await this.#get(websiteId, '/api/commondata/GetSiteLayout', SiteLayout)) ?? { layout: [] };
  }

  async headerFooter(websiteId: string): Promise<HeaderFooter> {
    return (await this.#get(websiteId, '/api/site-header-footer', HeaderFooter)) ?? DEFAULT_HEADER_FOOTER;
  }

  async resolve(websiteId: string, path: string, as?: Forwarded): Promise<ResolvedPath | Denied | null> {
    const answer = await this.#get(websiteId, `${PUBLIC}/resolve?path=${encodeURIComponent(path)}`, ResolvedPath, as, true);
    return answer instanceof AccessDenied ? { denied: answer.memberArea } : answer;
  }

  collection(websiteId: string, collectionId: string, as?: Forwarded): Promise<Collection | null> {
    return this.#get(websiteId, `${PUBLIC}/collections/${encodeURIComponent(collectionId)}`, Collection, as);
  }

  async items(websiteId: string, collectionId: string, query: ItemQuery, as?: Forwarded): Promise<ItemPage> {
    const params = new URLSearchParams({ limit: String(query.limit) });
    for (const key of ['cursor', 'categoryId', 'tag', 'category'] as const) {
      const value = query[key];
      if (value !== undefined && value !== '') params.set(key, value);
    }
    const page = await this.#get(
      websiteId,
      `${PUBLIC}/collections/${encodeURIComponent(collectionId)}/items?${params.toString()}`,
      ItemPageSchema,
      as,
    );
    return page ?? { items: [], hasNextPage: false, nextPageCursor: null };
  }

  async categories(websiteId: string, collectionId: string, as?: Forwarded): Promise<Category[]> {
    const page = await this.#get(
      websiteId,
      `${PUBLIC}/collections/${encodeURIComponent(collectionId)}/categories?limit=200`,
      CategoryPage,
      as,
    );
    return page?.items ?? [];
  }

  search(websiteId: string, query: string, page: number, as?: Forwarded): Promise<SearchResponse | null> {
    const params = new URLSearchParams({ q: query, page: String(page) });
    return this.#get(websiteId, `${PUBLIC}/search?${params.toString()}`, SearchResponse, as);
  }

  async comments(websiteId: string, itemId: string, limit: number, as?: Forwarded): Promise<PublicComment[]> {
    const page = await this.#get(websiteId, `${PUBLIC}/items/${encodeURIComponent(itemId)}/comments?limit=${limit}`, CommentPage, as);
    return page?.items ?? [];
  }

  memberArea(websiteId: string, memberAreaId: string, as?: Forwarded): Promise<MemberAreaSummary | null> {
    return this.#get(websiteId, `${PUBLIC}/member-areas/${encodeURIComponent(memberAreaId)}`, MemberAreaSummary, as);
  }

  async popup(websiteId: string): Promise<PopupOverlay | null> {
    return (await this.#get(websiteId, `${PUBLIC}/popup-overlay`, PublicPopupOverlay))?.popup ?? null;
  }

  sitemapSummary(websiteId: string): Promise<SitemapSummary | null> {
    return this.#get(websiteId, `${PUBLIC}/sitemap`, SitemapSummary);
  }

  async sitemapEntries(
    websiteId: string,
    type: SitemapType,
    page: { after?: string | null | undefined; skip?: number; limit: number },
  ): Promise<SitemapEntries> {
    const params = new URLSearchParams({ limit: String(page.limit) });
    if (page.after) params.set('after', page.after);
    else if (page.skip) params.set('skip', String(page.skip));
    return (await this.#get(websiteId, `${PUBLIC}/sitemap/${type}?${params.toString()}`, SitemapEntries)) ?? { entries: [], next: null };
  }

  /**
   * The parsed answer; null for a 404 or a 400 (a cursor or filter content refuses names nothing),
   * and for a 403 of a member area (gated content the visitor may not see), which is returned as
   * AccessDenied instead when the caller asks for it (`denied`).
   */
  async #get<T extends z.ZodType>(websiteId: string, path: string, schema: T, as?: Forwarded): Promise<z.infer<T> | null>;
  async #get<T extends z.ZodType>(
    websiteId: string,
    path: string,
    schema: T,
    as: Forwarded | undefined,
    denied: true,
  ): Promise<z.infer<T> | AccessDenied | null>;
  async #get<T extends z.ZodType>(
    websiteId: string,
    path: string,
    schema: T,
    as?: Forwarded,
    denied = false,
  ): Promise<z.infer<T> | AccessDenied | null> {
    let response: Response;
    try {
      response = await this.#content.fetch(path, {
        timeoutMs: this.timeoutMs,
        // A page asked for by someone signed in forwards their identity; otherwise (visitors, and
        // calls made outside any request) render signs a visitor's, under the request's id if any.
        headers: {
          ...(as?.[IDENTITY_HEADER] ? as : { ...as, ...serviceCallHeaders(this.signingKey, websiteId, as?.['x-request-id']) }),
          'x-website-id': websiteId,
          accept: 'application/json',
        },
      });
    } catch (error) {
      throw new ContentUnavailableError(`content did not answer ${path}`, { cause: error });
    }
    if (response.status === 403) {
      const body = MemberAccessDenied.safeParse(await response.json().catch(() => undefined));
      if (!body.success) throw new ContentUnavailableError(`content answered 403 to ${path} without a member area`);
      return denied ? new AccessDenied(body.data.memberArea) : null;
    }
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ContentUnavailableError(`content answered ${response.status} to ${path}`);
    }
    // The timeout also covers the body: content may stall after its headers, and that is the
    // same unavailability (503 and the error page), not a failure of render's own (500).
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ContentUnavailableError(`content's answer to ${path} did not arrive whole`, { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ContentUnavailableError(`content's answer to ${path} has an unexpected shape`, { cause: parsed.error });
    return parsed.data;
  }
}
