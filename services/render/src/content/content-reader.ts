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
  PublicSite,
  ResolvedPath,
  SearchResponse,
  SiteLayout,
} from '@sc/contracts';
import { pageSchema } from '@sc/platform';
import type { z } from 'zod';

export type PublicSite = z.infer<typeof PublicSite>;
export interface ItemPage {
  items: ContentItem[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}
export interface ItemQuery {
  limit: number;
  cursor?: string | undefined;
  categoryId?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
}

/** What a page needs from content; every call is for one website. */
export interface ContentReader {
  /** The website; null when there is none with this id. */
  site(websiteId: string): Promise<PublicSite | null>;
  layout(websiteId: string): Promise<SiteLayout>;
  headerFooter(websiteId: string): Promise<HeaderFooter>;
  /** The collection, item or category a path names; null when nothing is published there. */
  resolve(websiteId: string, path: string): Promise<ResolvedPath | null>;
  collection(websiteId: string, collectionId: string): Promise<Collection | null>;
  items(websiteId: string, collectionId: string, query: ItemQuery): Promise<ItemPage>;
  categories(websiteId: string, collectionId: string): Promise<Category[]>;
  /**
   * One page of the site search (content ranks published pages, posts, products and events);
   * null when content refuses the query (empty, too long, page out of range).
   */
  search(websiteId: string, query: string, page: number): Promise<SearchResponse | null>;
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

/** The content service's public routes, called with the website in X-Website-Id as the gateway does. */
export class HttpContentReader implements ContentReader {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

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

  resolve(websiteId: string, path: string): Promise<ResolvedPath | null> {
    return this.#get(websiteId, `${PUBLIC}/resolve?path=${encodeURIComponent(path)}`, ResolvedPath);
  }

  collection(websiteId: string, collectionId: string): Promise<Collection | null> {
    return this.#get(websiteId, `${PUBLIC}/collections/${encodeURIComponent(collectionId)}`, Collection);
  }

  async items(websiteId: string, collectionId: string, query: ItemQuery): Promise<ItemPage> {
    const params = new URLSearchParams({ limit: String(query.limit) });
    for (const key of ['cursor', 'categoryId', 'tag', 'category'] as const) {
      const value = query[key];
      if (value !== undefined && value !== '') params.set(key, value);
    }
    const page = await this.#get(websiteId, `${PUBLIC}/collections/${encodeURIComponent(collectionId)}/items?${params.toString()}`, ItemPageSchema);
    return page ?? { items: [], hasNextPage: false, nextPageCursor: null };
  }

  async categories(websiteId: string, collectionId: string): Promise<Category[]> {
    const page = await this.#get(websiteId, `${PUBLIC}/collections/${encodeURIComponent(collectionId)}/categories?limit=200`, CategoryPage);
    return page?.items ?? [];
  }

  search(websiteId: string, query: string, page: number): Promise<SearchResponse | null> {
    const params = new URLSearchParams({ q: query, page: String(page) });
    return this.#get(websiteId, `${PUBLIC}/search?${params.toString()}`, SearchResponse);
  }

  /** The parsed answer; null for a 404 or a 400 (a cursor or filter content refuses names nothing). */
  async #get<T extends z.ZodType>(websiteId: string, path: string, schema: T): Promise<z.infer<T> | null> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        headers: { 'x-website-id': websiteId, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ContentUnavailableError(`content did not answer ${path}`, { cause: error });
    }
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ContentUnavailableError(`content answered ${response.status} to ${path}`);
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new ContentUnavailableError(`content's answer to ${path} has an unexpected shape`, { cause: parsed.error });
    return parsed.data;
  }
}
