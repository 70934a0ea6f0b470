// Owner routes for collections of every type but stores (pages, blogs, events, galleries,
// albums...), their items and gallery settings. Stores have their own routes (store.routes.ts).
import {
  Collection,
  ContentId,
  ContentItem,
  CreateCollectionBody,
  GallerySettingsBody,
  GallerySettingsInput,
  ItemBody,
  OwnerItemListQuery,
  PageQueryStrict,
  Permission,
  UpdateCollectionBody,
} from '@sc/contracts';
import { ownerRoute, pageSchema, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CollectionService } from './collections.service.js';
import type { ItemService } from '../items/items.service.js';
import { websiteOf } from '../shared/access.js';
import { OWNER_BASE } from '../shared/paths.js';

const WebsiteParams = z.object({ websiteId: ContentId }).strict();
const CollectionParams = WebsiteParams.extend({ collectionId: ContentId }).strict();
const ItemParams = WebsiteParams.extend({ itemId: ContentId }).strict();

export function collectionRoutes(app: ZodApp, collections: CollectionService, items: ItemService): void {
  app.get(
    `${OWNER_BASE}/collections`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: {
        summary: "The site's collections (pages, blogs, stores, events, galleries), paged",
        params: WebsiteParams,
        querystring: PageQueryStrict,
        response: { 200: pageSchema(Collection) },
      },
    }),
    async (request) => collections.list(websiteOf(request, request.params.websiteId), request.query.limit, request.query.cursor),
  );

  app.post(
    `${OWNER_BASE}/collections`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Create a collection', params: WebsiteParams, body: CreateCollectionBody, response: { 201: Collection } },
    }),
    async (request, reply) => {
      const collection = await collections.create(websiteOf(request, request.params.websiteId), request.body);
      return reply.status(201).send(collection);
    },
  );

  app.get(
    `${OWNER_BASE}/collections/:collectionId`,
    ownerRoute(Permission.CONTENT_READ, { schema: { summary: 'One collection', params: CollectionParams, response: { 200: Collection } } }),
    async (request) => collections.get(websiteOf(request, request.params.websiteId), request.params.collectionId, 'content'),
  );

  app.put(
    `${OWNER_BASE}/collections/:collectionId`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Change a collection', params: CollectionParams, body: UpdateCollectionBody, response: { 200: Collection } },
    }),
    async (request) =>
      collections.update(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body, 'content'),
  );

  app.delete(
    `${OWNER_BASE}/collections/:collectionId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Delete a collection and its items', params: CollectionParams } }),
    async (request, reply) => {
      await collections.delete(websiteOf(request, request.params.websiteId), request.params.collectionId, 'content');
      return reply.status(204).send();
    },
  );

  app.get(
    `${OWNER_BASE}/collections/:collectionId/gallery-settings`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: "A gallery collection's display settings", params: CollectionParams, response: { 200: GallerySettingsBody } },
    }),
    async (request) => collections.gallerySettings(websiteOf(request, request.params.websiteId), request.params.collectionId),
  );

  app.put(
    `${OWNER_BASE}/collections/:collectionId/gallery-settings`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: {
        summary: "Change a gallery collection's display settings",
        params: CollectionParams,
        body: GallerySettingsInput,
        response: { 200: GallerySettingsBody },
      },
    }),
    async (request) =>
      collections.updateGallerySettings(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body),
  );

  app.get(
    `${OWNER_BASE}/collections/:collectionId/items`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: {
        summary: "A collection's items, drafts included, by status, category or tag, paged",
        params: CollectionParams,
        querystring: OwnerItemListQuery,
        response: { 200: pageSchema(ContentItem) },
      },
    }),
    async (request) => items.list(websiteOf(request, request.params.websiteId), request.params.collectionId, request.query, 'content'),
  );

  app.post(
    `${OWNER_BASE}/collections/:collectionId/items`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Create an item in a collection', params: CollectionParams, body: ItemBody, response: { 201: ContentItem } },
    }),
    async (request, reply) => {
      const item = await items.create(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body, 'content');
      return reply.status(201).send(item);
    },
  );

  app.get(
    `${OWNER_BASE}/items/:itemId`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: 'One item, draft or published', params: ItemParams, response: { 200: ContentItem } },
    }),
    async (request) => items.get(websiteOf(request, request.params.websiteId), request.params.itemId, 'content'),
  );

  app.put(
    `${OWNER_BASE}/items/:itemId`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Change an item', params: ItemParams, body: ItemBody, response: { 200: ContentItem } },
    }),
    async (request) => items.replace(websiteOf(request, request.params.websiteId), request.params.itemId, request.body, 'content'),
  );

  app.delete(
    `${OWNER_BASE}/items/:itemId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Delete an item', params: ItemParams } }),
    async (request, reply) => {
      await items.delete(websiteOf(request, request.params.websiteId), request.params.itemId, 'content');
      return reply.status(204).send();
    },
  );
}
