// Storefront reads (open): collections, their published items, categories, path resolution for
// the render service, and site search. Draft, private, needs-review and not-yet-due scheduled items never appear,
// nor anything of a disabled collection. Pages and collections of a member area are answered only
// to viewers with access (the signed-in site user or owner named by the gateway's identity header);
// anyone else gets a 403 carrying what the access-denied page shows of the area.
import { Category, Collection, ContentId, ContentItem, ItemListQuery, PageQueryStrict, ResolvedPath, SearchQuery, SearchResponse } from '@sc/contracts';
import { pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CategoryService } from '../categories/categories.service.js';
import type { ItemService } from '../items/items.service.js';
import type { PublicCache } from '../shared/public-cache.js';
import type { SearchService } from '../search/search.service.js';
import type { MemberAccess } from '../community/member-access.js';
import { viewerOfRequest } from '../shared/access.js';

export const PUBLIC_BASE = '/api/content-service/public/1.0';
const ItemPage = pageSchema(ContentItem);
type ItemPage = z.infer<typeof ItemPage>;
const CollectionParams = z.object({ collectionId: ContentId }).strict();

export function publicRoutes(app: ZodApp, items: ItemService, categories: CategoryService, cache: PublicCache, search: SearchService, access: MemberAccess): void {
  app.get(
    `${PUBLIC_BASE}/resolve`,
    { schema: { summary: 'What a site path shows: its collection, and the item or category in it', querystring: z.object({ path: z.string().max(2082) }).strict(), response: { 200: ResolvedPath } } },
    async (request) => items.resolvePublic(websiteIdOf(request), request.query.path, viewerOfRequest(request)),
  );

  app.get(`${PUBLIC_BASE}/collections/:collectionId`, { schema: { summary: 'One published collection', params: CollectionParams, response: { 200: Collection } } }, async (request) =>
    items.publicCollection(websiteIdOf(request), request.params.collectionId, viewerOfRequest(request)),
  );

  app.get(
    `${PUBLIC_BASE}/collections/:collectionId/items`,
    { schema: { summary: "A collection's published items, by category or tag, paged", params: CollectionParams, querystring: ItemListQuery, response: { 200: ItemPage } } },
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const { collectionId } = request.params;
      const { cursor, limit, categoryId, tag, category } = request.query;
      // The gate first: a cached listing is the same for everyone who may see it.
      await items.gate(websiteId, collectionId, viewerOfRequest(request));
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      const answer = await cache.remember(websiteId, ['items', collectionId, String(limit), cursor ?? '', categoryId ?? '', tag ?? '', category ?? ''], gzip, async () => {
        const { page, validUntil } = await items.listPublic(websiteId, collectionId, request.query);
        // Checked against the response schema once, when computed; the cached text is sent as is.
        return { json: JSON.stringify(ItemPage.parse(page)), validUntil };
      });
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (typeof answer !== 'string') reply.header('content-encoding', 'gzip');
      // JSON text or its gzip is sent as it is (no second serialisation); the route keeps its
      // response schema for the API document, so the type of the bytes is the page they encode.
      return reply.send(answer as unknown as ItemPage);
    },
  );

  app.get(
    `${PUBLIC_BASE}/collections/:collectionId/categories`,
    { schema: { summary: "A collection's categories, paged", params: CollectionParams, querystring: PageQueryStrict, response: { 200: pageSchema(Category) } } },
    async (request) => {
      const websiteId = websiteIdOf(request);
      const collection = await items.publicCollection(websiteId, request.params.collectionId, viewerOfRequest(request));
      return categories.list(websiteId, collection.id, request.query.limit, request.query.cursor);
    },
  );

  // Site search (the /search page, the search block): published pages, posts, products and events.
  app.get(`${PUBLIC_BASE}/search`, { schema: { summary: 'Site search: published pages, posts, products and events', querystring: SearchQuery, response: { 200: SearchResponse } } }, async (request) => {
    const websiteId = websiteIdOf(request);
    return search.search(websiteId, request.query, await access.hiddenCollectionIds(websiteId, viewerOfRequest(request)));
  });

  app.get(`${PUBLIC_BASE}/items/:itemId`, { schema: { summary: 'One published item', params: z.object({ itemId: ContentId }).strict(), response: { 200: ContentItem } } }, async (request) =>
    items.getPublic(websiteIdOf(request), request.params.itemId, viewerOfRequest(request)),
  );
}
