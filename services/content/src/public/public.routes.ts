// Storefront reads (open): collections, their published items, categories, path resolution for
// the render service, and site search. Draft, private, needs-review and not-yet-due scheduled items never appear,
// nor anything of a disabled collection. Pages and collections of a member area are answered only
// to viewers with access (the signed-in site user or owner named by the gateway's identity header);
// anyone else gets a 403 carrying what the access-denied page shows of the area.
import {
  Category,
  Collection,
  ContentId,
  ContentItem,
  ItemListQuery,
  PageQueryStrict,
  ResolvedPath,
  SearchQuery,
  SearchResponse,
} from '@sc/contracts';
import { pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { ItemService } from '../items/items.service.js';
import { viewerOfRequest } from '../shared/access.js';
import { PUBLIC_BASE } from '../shared/paths.js';
import { ItemPage, type PublicReadService } from './public.service.js';

const CollectionParams = z.object({ collectionId: ContentId }).strict();

export function publicRoutes(app: ZodApp, items: ItemService, reads: PublicReadService): void {
  app.get(
    `${PUBLIC_BASE}/resolve`,
    {
      schema: {
        summary: 'What a site path shows: its collection, and the item or category in it',
        querystring: z.object({ path: z.string().max(2082) }).strict(),
        response: { 200: ResolvedPath },
      },
    },
    async (request) => items.resolvePublic(websiteIdOf(request), request.query.path, viewerOfRequest(request)),
  );

  app.get(
    `${PUBLIC_BASE}/collections/:collectionId`,
    { schema: { summary: 'One published collection', params: CollectionParams, response: { 200: Collection } } },
    async (request) => items.publicCollection(websiteIdOf(request), request.params.collectionId, viewerOfRequest(request)),
  );

  app.get(
    `${PUBLIC_BASE}/collections/:collectionId/items`,
    {
      schema: {
        summary: "A collection's published items, by category or tag, paged",
        params: CollectionParams,
        querystring: ItemListQuery,
        response: { 200: ItemPage },
      },
    },
    async (request, reply) => {
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      const answer = await reads.listing(websiteIdOf(request), request.params.collectionId, request.query, viewerOfRequest(request), gzip);
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (typeof answer !== 'string') reply.header('content-encoding', 'gzip');
      // JSON text or its gzip is sent as it is (no second serialisation); the route keeps its
      // response schema for the API document, so the type of the bytes is the page they encode.
      return reply.send(answer as unknown as ItemPage);
    },
  );

  app.get(
    `${PUBLIC_BASE}/collections/:collectionId/categories`,
    {
      schema: {
        summary: "A collection's categories, paged",
        params: CollectionParams,
        querystring: PageQueryStrict,
        response: { 200: pageSchema(Category) },
      },
    },
    async (request) =>
      reads.collectionCategories(
        websiteIdOf(request),
        request.params.collectionId,
        viewerOfRequest(request),
        request.query.limit,
        request.query.cursor,
      ),
  );

  // Site search (the /search page, the search block): published pages, posts, products and events.
  app.get(
    `${PUBLIC_BASE}/search`,
    {
      schema: {
        summary: 'Site search: published pages, posts, products and events',
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
    },
    async (request) => reads.searchSite(websiteIdOf(request), request.query, viewerOfRequest(request)),
  );

  app.get(
    `${PUBLIC_BASE}/items/:itemId`,
    { schema: { summary: 'One published item', params: z.object({ itemId: ContentId }).strict(), response: { 200: ContentItem } } },
    async (request) => items.getPublic(websiteIdOf(request), request.params.itemId, viewerOfRequest(request)),
  );
}
