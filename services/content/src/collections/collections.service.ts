// Collections: every SPEC collection type, the SPEC store collection creation (collection, root
// category, main navigation entry), gallery settings, and deletion with the events consumers need.
import { randomUUID } from 'node:crypto';
import {
  CollectionType,
  ContentMessages,
  OwnerMessages,
  defaultGallerySettings,
  formatMessage,
  MAIN_NAVIGATION,
  planStoreCollection,
  uniqueUrlId,
  urlIdFromTitle,
  type Collection,
  type CreateCollectionBody,
  type CreateStoreCollectionBody,
  type GallerySettings,
  type StoreCollectionInput,
  type UpdateCollectionBody,
} from '@sc/contracts';
import { AppError, decodeCursor, toPage, type Page, type ServiceContext } from '@sc/platform';
import { sql } from 'kysely';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import { defaultOrdering, isGallery, isPage, itemLimit, typeNameOf, type Area } from '../domain/collection.js';
import { invalid, isUniqueViolation } from '../shared/errors.js';
import { collectionUpserted, productUpserted } from '../domain/events.js';
import { ms, settingsOf, toCollection } from '../domain/mappers.js';
import { createCategory } from '../categories/categories.service.js';
import { requireCollection } from './collection-rows.service.js';
import { appendToNavigation } from '../navigation/navigation.service.js';
import {
  collectionUrlIds,
  deleteCollection,
  insertCollection,
  listCollections,
  pageRows,
  rememberOldCollectionUrl,
  updateCollection,
  type CollectionRow,
} from './collections.repository.js';
import type { Db } from '../shared/db.js';
import { json } from '../shared/db.js';
import { countItems, itemCounts, itemsOfCollection, productsOf } from '../items/item-rows.service.js';
import { requireWebsite } from '../websites/websites.service.js';

/** The collection of this website, or a 404 (ids of other websites are not found, never forbidden). */
function urlTaken(urlId: string): AppError {
  return new AppError('CONFLICT', formatMessage(ContentMessages.urlIdTaken, { val: urlId }), { fields: { urlId: 'taken' } });
}

export class CollectionService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
    private readonly limits: { pagesPerWebsite?: number } = {},
  ) {}

  /** The URL ids of the website's collections, after checking one more fits under PAGES_PER_WEBSITE. */
  async #roomForOne(trx: Db, websiteId: string): Promise<string[]> {
    const max = this.limits.pagesPerWebsite;
    // One website's additions take turns, so two at once cannot both pass the limit.
    if (max !== undefined) await sql`select pg_advisory_xact_lock(hashtext(${`content.pages-of:${websiteId}`}))`.execute(trx);
    const taken = await collectionUrlIds(trx, websiteId);
    if (max !== undefined && taken.length >= max) throw new AppError('CONFLICT', formatMessage(ContentMessages.tooManyPages, { max }));
    return taken;
  }

  /** Any SPEC collection type. Without a URL id one is made from the title, unique in the website. */
  async create(websiteId: string, body: CreateCollectionBody, options: { id?: string } = {}): Promise<Collection> {
    if (body.type === CollectionType.PRODUCTS) throw invalid('Store collections are made through the store routes.', 'type');
    if (body.kind && body.type !== CollectionType.GENERIC) throw invalid('Only generic collections have a kind (blog or events).', 'kind');
    if (body.layout && !isPage(body.type)) throw invalid('Only pages have a layout.', 'layout');
    return this.#write(websiteId, async (trx) => {
      await requireWebsite(trx, websiteId);
      const typeName = typeNameOf(body.type, body.kind);
      const ordering =
        isGallery(body.type) || body.type === CollectionType.PRODUCTS ? 'user' : (body.ordering ?? defaultOrdering(body.type, typeName));
      const taken = await this.#roomForOne(trx, websiteId);
      const urlId = body.urlId ?? uniqueUrlId(urlIdFromTitle(body.title) || 'page', taken);
      return insertCollection(trx, {
        id: options.id ?? randomUUID(),
        website_id: websiteId,
        type: body.type,
        type_name: typeName,
        title: body.title,
        navigation_title: body.navigationTitle ?? body.title,
        url_id: urlId,
        description: body.description ?? null,
        enabled: body.enabled ?? true,
        ordering,
        layout: isPage(body.type) ? json(body.layout ?? { blocks: [] }) : null,
        gallery_settings: isGallery(body.type) ? json({}) : null,
      });
    });
  }

  /** SPEC 7 POST .../websites/{websiteId}/products: a products collection from the SPEC body. */
  async createStore(websiteId: string, body: CreateStoreCollectionBody): Promise<Collection> {
    return this.#write(websiteId, async (trx) => {
      await requireWebsite(trx, websiteId);
      return this.#insertStore(trx, websiteId, body);
    });
  }

  /**
   * SPEC 3/5 store creation in one transaction: the title (fallback under 3 characters), a URL id
   * unique against storeUrls and the website's own URLs, the collection, its root category, and
   * the main navigation entry when asked.
   */
  async createStoreFromInput(
    websiteId: string,
    input: StoreCollectionInput,
    options: { id?: string } = {},
  ): Promise<{ collection: Collection; rootCategoryId: string }> {
    return this.ctx.transaction(async (trx) => {
      const website = await requireWebsite(trx, websiteId);
      const plan = planStoreCollection({ ...input, storeUrls: [...input.storeUrls, ...(await this.#roomForOne(trx, websiteId))] });
      const row = await this.#insertStore(trx, websiteId, plan.collection, options.id);
      const root = await createCategory(trx, row, {
        displayName: plan.rootCategory.displayName,
        parentCategoryId: plan.rootCategory.parentCategoryId,
        type: plan.rootCategory.type,
        pageRendering: plan.rootCategory.pageRendering,
        displayIndex: plan.rootCategory.displayIndex,
      });
      if (plan.addToMainNav)
        await appendToNavigation(trx, this.events, websiteId, MAIN_NAVIGATION, plan.templateId || website.template_id, {
          collectionId: row.id,
        });
      await this.events.enqueue(trx, 'content.collection.upserted', websiteId, collectionUpserted(row));
      return { collection: toCollection(row, 0), rootCategoryId: root.id };
    });
  }

  async #insertStore(trx: Db, websiteId: string, body: CreateStoreCollectionBody, id?: string): Promise<CollectionRow> {
    const urlId = uniqueUrlId(body.urlId, await this.#roomForOne(trx, websiteId));
    return insertCollection(trx, {
      id: id ?? randomUUID(),
      website_id: websiteId,
      type: CollectionType.PRODUCTS,
      type_name: typeNameOf(CollectionType.PRODUCTS, undefined),
      title: body.title,
      navigation_title: body.navigationTitle,
      url_id: urlId,
      // SPEC 3: the description is absent when the client omitted it (isSevenOne).
      description: body.description ?? null,
      enabled: true,
      ordering: 'user',
      layout: null,
      gallery_settings: null,
    });
  }

  /** Every page of the website: its id, URL and layout. */
  async pageLayouts(websiteId: string): Promise<Array<{ id: string; urlId: string; layout: unknown }>> {
    return (await pageRows(this.ctx.db, websiteId)).map((row) => ({ id: row.id, urlId: row.url_id, layout: row.layout }));
  }

  async get(websiteId: string, collectionId: string, area?: Area): Promise<Collection> {
    const row = await requireCollection(this.ctx.db, websiteId, collectionId, false, area);
    return toCollection(row, await countItems(this.ctx.db, websiteId, collectionId));
  }

  async list(websiteId: string, limit: number, cursor?: string): Promise<Page<Collection>> {
    await requireWebsite(this.ctx.db, websiteId);
    const scope = 'collections';
    const after = cursor ? decodeCursor(cursor, scope, 'timestamp') : undefined;
    const rows = await listCollections(this.ctx.db, websiteId, limit, after);
    const counts = await itemCounts(
      this.ctx.db,
      websiteId,
      rows.map((row) => row.id),
    );
    return toPage(rows, limit, (row) => ({ key: new Date(ms(row.created_at)).toISOString(), id: row.id }), {
      scope,
      map: (row) => toCollection(row, counts.get(row.id) ?? 0),
    });
  }

  async update(websiteId: string, collectionId: string, body: UpdateCollectionBody, area: Area): Promise<Collection> {
    return this.#write(websiteId, async (trx) => {
      const current = await requireCollection(trx, websiteId, collectionId, true, area);
      if (body.layout && !isPage(current.type)) throw invalid('Only pages have a layout.', 'layout');
      // Two owners editing one page: the save made from an older version is refused (the row is
      // locked, so the check and the write cannot interleave with another save).
      if (body.baseUpdatedOn !== undefined && body.baseUpdatedOn !== ms(current.updated_at)) {
        throw new AppError(
          'CONFLICT',
          formatMessage(OwnerMessages.editOneTagAtATime, { tagType: isPage(current.type) ? 'page' : 'collection' }),
          {
            fields: { baseUpdatedOn: 'stale' },
          },
        );
      }
      if (body.ordering && body.ordering !== current.ordering) {
        if (current.type === CollectionType.PRODUCTS || isGallery(current.type))
          throw invalid('This collection is always in a custom order.', 'ordering');
        const limit = itemLimit(current.type, body.ordering);
        if (limit && (await countItems(trx, websiteId, collectionId)) > limit.max) {
          throw invalid(formatMessage(ContentMessages.userOrderingTooLarge, { max: limit.max }), 'ordering');
        }
      }
      if (body.urlId && body.urlId !== current.url_id && (await collectionUrlIds(trx, websiteId)).includes(body.urlId))
        throw urlTaken(body.urlId);
      const row = await updateCollection(trx, websiteId, collectionId, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.navigationTitle !== undefined ? { navigation_title: body.navigationTitle } : {}),
        ...(body.urlId !== undefined ? { url_id: body.urlId } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.ordering !== undefined ? { ordering: body.ordering } : {}),
        ...(body.layout !== undefined ? { layout: json(body.layout) } : {}),
        ...(body.seo !== undefined ? { seo: json(body.seo) } : {}),
      });
      if (row.url_id !== current.url_id) await rememberOldCollectionUrl(trx, websiteId, collectionId, current.url_id, row.url_id);
      // A store switched on or off, or moved, changes whether and where each product sells: the
      // cart's read model and render's cache learn it from the products' own events.
      if (row.type === CollectionType.PRODUCTS && (row.enabled !== current.enabled || row.url_id !== current.url_id)) {
        const currency = settingsOf(await requireWebsite(trx, websiteId)).currency;
        for (const item of await productsOf(trx, websiteId, collectionId)) {
          await this.events.enqueue(trx, 'content.product.upserted', websiteId, productUpserted(item, row, currency));
        }
      }
      return row;
    });
  }

  /** Deletes the collection, its items and categories; each product's deletion is announced for the cart. */
  async delete(websiteId: string, collectionId: string, area: Area): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const row = await requireCollection(trx, websiteId, collectionId, true, area);
      const items = await itemsOfCollection(trx, websiteId, collectionId);
      await deleteCollection(trx, websiteId, collectionId);
      for (const item of items) {
        const urls = [`/${row.url_id}/${item.url_id}`];
        const data = { collectionId, version: item.version + 1, urls };
        if (item.record_type === 11) await this.events.enqueue(trx, 'content.product.deleted', websiteId, { productId: item.id, ...data });
        else await this.events.enqueue(trx, 'content.item.deleted', websiteId, { itemId: item.id, ...data });
      }
      await this.events.enqueue(trx, 'content.collection.deleted', websiteId, {
        collectionId,
        version: row.version + 1,
        urls: [`/${row.url_id}`],
      });
    });
  }

  async gallerySettings(websiteId: string, collectionId: string): Promise<GallerySettings> {
    const row = await requireCollection(this.ctx.db, websiteId, collectionId);
    if (!isGallery(row.type)) throw invalid(ContentMessages.notAGallery);
    return { ...defaultGallerySettings(), ...(row.gallery_settings as GallerySettings | null) };
  }

  /** Stores the options given (already checked against the SPEC table) over those set before. */
  async updateGallerySettings(websiteId: string, collectionId: string, settings: GallerySettings): Promise<GallerySettings> {
    const collection = await this.#write(websiteId, async (trx) => {
      const current = await requireCollection(trx, websiteId, collectionId, true);
      if (!isGallery(current.type)) throw invalid(ContentMessages.notAGallery);
      return updateCollection(trx, websiteId, collectionId, {
        gallery_settings: json({ ...(current.gallery_settings as GallerySettings | null), ...settings }),
      });
    });
    return collection.gallerySettings ?? defaultGallerySettings();
  }

  /** Runs a collection write and its event in one transaction; a URL id race is a 409. */
  async #write(websiteId: string, work: (trx: Db) => Promise<CollectionRow>): Promise<Collection> {
    try {
      return await this.ctx.transaction(async (trx) => {
        const row = await work(trx);
        await this.events.enqueue(trx, 'content.collection.upserted', websiteId, collectionUpserted(row));
        return toCollection(row, await countItems(trx, websiteId, row.id));
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'Another change used the same URL at the same moment. Please try again.', { cause: error });
      throw error;
    }
  }
}
