// The storefront's reads that take more than one step: a collection's published items (the member
// gate first, then the cached answer: a cached listing is the same for everyone who may see it),
// a published collection's categories, and site search without the collections the viewer may
// not see.
import { ContentItem, type Category, type ItemListQuery, type SearchQuery, type SearchResponse } from '@sc/contracts';
import { pageSchema, type Page } from '@sc/platform';
import type { z } from 'zod';
import type { CategoryService } from '../categories/categories.service.js';
import type { MemberAccess } from '../community/member-access.service.js';
import type { Viewer } from '../domain/community.js';
import type { ItemService } from '../items/items.service.js';
import type { SearchService } from '../search/search.service.js';
import type { PublicCache } from '../shared/public-cache.js';

export const ItemPage = pageSchema(ContentItem);
export type ItemPage = z.infer<typeof ItemPage>;

export class PublicReadService {
  constructor(
    private readonly items: ItemService,
    private readonly categories: CategoryService,
    private readonly cache: PublicCache,
    private readonly search: SearchService,
    private readonly access: MemberAccess,
  ) {}

  /** A collection's published items as JSON text, or its gzip when `gzip`. */
  async listing(
    websiteId: string,
    collectionId: string,
    query: z.infer<typeof ItemListQuery>,
    viewer: Viewer,
    gzip: boolean,
  ): Promise<string | Buffer> {
    const { cursor, limit, categoryId, tag, category } = query;
    // The gate first: a cached listing is the same for everyone who may see it.
    await this.items.gate(websiteId, collectionId, viewer);
    return this.cache.remember(
      websiteId,
      ['items', collectionId, String(limit), cursor ?? '', categoryId ?? '', tag ?? '', category ?? ''],
      gzip,
      async () => {
        const { page, validUntil } = await this.items.listPublic(websiteId, collectionId, query);
        // Checked against the response schema once, when computed; the cached text is sent as is.
        return { json: JSON.stringify(ItemPage.parse(page)), validUntil };
      },
    );
  }

  /** A published collection's categories. */
  async collectionCategories(
    websiteId: string,
    collectionId: string,
    viewer: Viewer,
    limit: number,
    cursor: string | undefined,
  ): Promise<Page<Category>> {
    const collection = await this.items.publicCollection(websiteId, collectionId, viewer);
    return this.categories.list(websiteId, collection.id, limit, cursor);
  }

  /** Site search, leaving out what the viewer may not see. */
  async searchSite(websiteId: string, query: SearchQuery, viewer: Viewer): Promise<SearchResponse> {
    return this.search.search(websiteId, query, await this.access.hiddenCollectionIds(websiteId, viewer));
  }
}
