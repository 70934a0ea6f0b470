// Store routes (store permissions): SPEC 7 POST .../websites/{websiteId}/products (the store
// collection) and .../products/{collectionId}/categories, the whole SPEC 3/5 store creation in one
// call, and the products and categories of a store.
import {
  Category,
  Collection,
  ContentId,
  ContentItem,
  CreateCategoryBody,
  CreateStoreCollectionBody,
  ItemBody,
  OwnerItemListQuery,
  PageQueryStrict,
  Permission,
  StoreCollectionInput,
  StoreCreated,
  UpdateCategoryBody,
  UpdateCollectionBody,
} from '@sc/contracts';
import { ownerRoute, pageSchema, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CategoryService } from '../categories/categories.service.js';
import type { CollectionService } from '../collections/collections.service.js';
import { invalid } from '../shared/errors.js';
import type { ItemService } from '../items/items.service.js';
import { websiteOf } from '../shared/access.js';
import { STORE_BASE } from '../shared/paths.js';

const WebsiteParams = z.object({ websiteId: ContentId }).strict();
const StoreParams = WebsiteParams.extend({ collectionId: ContentId }).strict();
const ProductParams = StoreParams.extend({ itemId: ContentId }).strict();
const CategoryParams = StoreParams.extend({ categoryId: ContentId }).strict();

export function storeRoutes(app: ZodApp, collections: CollectionService, items: ItemService, categories: CategoryService): void {
  app.post(
    `${STORE_BASE}/products`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Create a store collection (a products page)',
        params: WebsiteParams,
        body: CreateStoreCollectionBody,
        response: { 200: Collection },
      },
    }),
    async (request) => collections.createStore(websiteOf(request, request.params.websiteId), request.body),
  );

  app.post(
    `${STORE_BASE}/stores`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Create a store with its root category, optionally in the main navigation',
        params: WebsiteParams,
        body: StoreCollectionInput,
        response: { 201: StoreCreated },
      },
    }),
    async (request, reply) => {
      const websiteId = websiteOf(request, request.params.websiteId);
      if (request.body.websiteId !== websiteId) throw invalid('The websiteId must be this website.', 'websiteId');
      return reply.status(201).send(await collections.createStoreFromInput(websiteId, request.body));
    },
  );

  app.get(
    `${STORE_BASE}/products/:collectionId`,
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'One store (product collection)', params: StoreParams, response: { 200: Collection } },
    }),
    async (request) => collections.get(websiteOf(request, request.params.websiteId), request.params.collectionId, 'store'),
  );

  app.put(
    `${STORE_BASE}/products/:collectionId`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Change a store', params: StoreParams, body: UpdateCollectionBody, response: { 200: Collection } },
    }),
    async (request) => collections.update(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body, 'store'),
  );

  app.delete(
    `${STORE_BASE}/products/:collectionId`,
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a store and its products', params: StoreParams } }),
    async (request, reply) => {
      await collections.delete(websiteOf(request, request.params.websiteId), request.params.collectionId, 'store');
      return reply.status(204).send();
    },
  );

  app.get(
    `${STORE_BASE}/products/:collectionId/items`,
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "A store's products, by status, category or tag, paged",
        params: StoreParams,
        querystring: OwnerItemListQuery,
        response: { 200: pageSchema(ContentItem) },
      },
    }),
    async (request) => items.list(websiteOf(request, request.params.websiteId), request.params.collectionId, request.query, 'store'),
  );

  app.post(
    `${STORE_BASE}/products/:collectionId/items`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Create a product', params: StoreParams, body: ItemBody, response: { 201: ContentItem } },
    }),
    async (request, reply) => {
      const item = await items.create(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body, 'store');
      return reply.status(201).send(item);
    },
  );

  app.get(
    `${STORE_BASE}/products/:collectionId/items/:itemId`,
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'One product with its variants', params: ProductParams, response: { 200: ContentItem } },
    }),
    async (request) => items.get(websiteOf(request, request.params.websiteId), request.params.itemId, 'store', request.params.collectionId),
  );

  app.put(
    `${STORE_BASE}/products/:collectionId/items/:itemId`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Change a product', params: ProductParams, body: ItemBody, response: { 200: ContentItem } },
    }),
    async (request) =>
      items.replace(
        websiteOf(request, request.params.websiteId),
        request.params.itemId,
        request.body,
        'store',
        request.params.collectionId,
      ),
  );

  app.delete(
    `${STORE_BASE}/products/:collectionId/items/:itemId`,
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a product', params: ProductParams } }),
    async (request, reply) => {
      await items.delete(websiteOf(request, request.params.websiteId), request.params.itemId, 'store', request.params.collectionId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${STORE_BASE}/products/:collectionId/categories`,
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "A store's categories, paged",
        params: StoreParams,
        querystring: PageQueryStrict,
        response: { 200: pageSchema(Category) },
      },
    }),
    async (request) =>
      categories.list(websiteOf(request, request.params.websiteId), request.params.collectionId, request.query.limit, request.query.cursor),
  );

  app.post(
    `${STORE_BASE}/products/:collectionId/categories`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Create a category', params: StoreParams, body: CreateCategoryBody, response: { 200: Category } },
    }),
    async (request) => {
      const websiteId = websiteOf(request, request.params.websiteId);
      const { websiteId: bodyWebsite, collectionId: bodyCollection, ...body } = request.body;
      // The SPEC's store flow repeats the ids in the body; they must agree with the path.
      if (bodyWebsite !== undefined && bodyWebsite !== websiteId) throw invalid('The websiteId must be this website.', 'websiteId');
      if (bodyCollection !== undefined && bodyCollection !== request.params.collectionId)
        throw invalid('The collectionId must be the collection of the path.', 'collectionId');
      return categories.create(websiteId, request.params.collectionId, body);
    },
  );

  app.put(
    `${STORE_BASE}/products/:collectionId/categories/:categoryId`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Rename, move or reorder a category',
        params: CategoryParams,
        body: UpdateCategoryBody,
        response: { 200: Category },
      },
    }),
    async (request) =>
      categories.update(websiteOf(request, request.params.websiteId), request.params.collectionId, request.params.categoryId, request.body),
  );

  app.delete(
    `${STORE_BASE}/products/:collectionId/categories/:categoryId`,
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a category', params: CategoryParams } }),
    async (request, reply) => {
      await categories.delete(websiteOf(request, request.params.websiteId), request.params.collectionId, request.params.categoryId);
      return reply.status(204).send();
    },
  );
}
