// Items of collections: products (SPEC 3 "Product"), blog posts, events, gallery images, audio
// tracks. Owners write and read every status; the storefront reads only what is published (or
// scheduled and due) in enabled collections. Each change is announced: products with everything
// the cart's read model needs, other items with the URLs render must refresh.
import { randomUUID } from 'node:crypto';
import {
  ContentMessages,
  formatMessage,
  MAIN_NAVIGATION,
  RecordType,
  uniqueUrlId,
  urlIdFromTitle,
  type Collection,
  type ContentItem,
  type NavigationItemBody,
  type ParsedItemBody,
  type ProductVariant,
  type ResolvedPath,
  type StructuredContent,
} from '@sc/contracts';
import { AppError, decodeCursor, toPage, type CursorPosition, type Page, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import { requireCollection } from '../collections/collection-rows.service.js';
import type { CollectionRow, ContentDB } from '../tables.js';
import { MemberAccess } from '../community/member-access.service.js';
import { allowedRecordTypes, isPage, itemLimit, type Area } from '../domain/collection.js';
import { VISITOR, type Viewer } from '../domain/community.js';
import { collectionNotFound, invalid, isUniqueViolation, itemNotFound } from '../shared/errors.js';
import { itemUpserted, itemUrls, productUpserted } from '../domain/events.js';
import { itemUrl, ms, settingsOf, toCategory, toCollection, toItem } from '../domain/mappers.js';
import { buildStructuredContent, checkCurrency } from './product.js';
import { categoriesOf } from '../categories/categories.service.js';
import { findCollection, findCollectionByOldUrl, findCollectionByUrl } from '../collections/collection-rows.service.js';
import { json, type Db } from '../shared/db.js';
import {
  countItems,
  countPublicItems,
  deleteItem,
  findItem,
  findPublicItem,
  findPublicItemByOldUrl,
  findPublicItemByUrl,
  insertItem,
  itemUrlIds,
  listItems,
  nextDisplayIndex,
  nextScheduled,
  productSkus,
  rememberOldUrl,
  replaceItem,
  type ItemListing,
  type ItemRow,
} from './items.repository.js';
import { findNavigation } from '../navigation/navigation.service.js';
import { roomForProduct } from '../websites/website-limits.service.js';
import { lockWebsite, requireWebsite } from '../websites/websites.service.js';

export interface ListOptions {
  limit: number;
  cursor?: string | undefined;
  status?: ItemRow['status'] | undefined;
  categoryId?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
}

/** The columns and the data document of an item, from its validated body. */
interface Written {
  title: string;
  status: ItemRow['status'];
  publishOn: string | null;
  sortDate: string;
  productType: number | null;
  data: Record<string, unknown>;
}

const common = (body: ParsedItemBody) => ({
  body: body.body,
  excerpt: body.excerpt,
  tags: body.tags,
  categories: body.categories,
  starred: body.starred,
  author: body.author,
  sourceUrl: body.sourceUrl,
  externalLink: body.externalLink,
  passthrough: body.passthrough,
  promotedBlockType: body.promotedBlockType,
  commentState: body.commentState,
  likeCount: body.likeCount,
  publicCommentCount: body.publicCommentCount,
  mainImage: body.mainImage,
  ...(body.seo && Object.values(body.seo).some((v) => v !== undefined && v !== '' && v !== null) ? { seo: body.seo } : {}),
});

function checkSchedule(body: ParsedItemBody, now: number): void {
  if (body.status === 'scheduled' && (body.publishOn === null || Date.parse(body.publishOn) <= now)) {
    throw invalid(ContentMessages.scheduledNeedsDate, 'publishOn');
  }
}

export class ItemService {
  /** `access`: the member-area gate of the public reads (a visitor without access gets a 403 with the area). */
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly access: MemberAccess = new MemberAccess(ctx.db),
    private readonly events: ContentEvents = directEvents,
    private readonly limits: { productsPerWebsite?: number } = {},
  ) {}

  async create(
    websiteId: string,
    collectionId: string,
    body: ParsedItemBody,
    area: Area,
    options: { id?: string } = {},
  ): Promise<ContentItem> {
    return this.#write((trx) => this.#create(trx, websiteId, collectionId, body, area, options));
  }

  /**
   * Creates the products an import plans, in one transaction: all of them or none. The website's
   * row is locked first, so two imports of one website run one after the other, and `plan` gets
   * the SKUs in use at that moment (title of each SKU's product): a file applied twice, or twice
   * at once, creates its products once.
   */
  async importProducts(
    websiteId: string,
    collectionId: string,
    plan: (skus: ReadonlyMap<string, string>) => readonly ParsedItemBody[],
  ): Promise<ContentItem[]> {
    return this.#write(async (trx) => {
      await lockWebsite(trx, websiteId);
      const bodies = plan(await productSkus(trx, websiteId));
      const created: ContentItem[] = [];
      for (const body of bodies) created.push(await this.#create(trx, websiteId, collectionId, body, 'store', {}));
      return created;
    });
  }

  /** The SKUs the website's products use now, each with its product's title. */
  async productSkus(websiteId: string): Promise<Map<string, string>> {
    return productSkus(this.ctx.db, websiteId);
  }

  async #create(
    trx: Db,
    websiteId: string,
    collectionId: string,
    body: ParsedItemBody,
    area: Area,
    options: { id?: string },
  ): Promise<ContentItem> {
    const website = await requireWebsite(trx, websiteId);
    const collection = await requireCollection(trx, websiteId, collectionId, true, area);
    this.#checkKind(collection, body.recordType);
    const limit = itemLimit(collection.type, collection.ordering);
    if (limit && (await countItems(trx, websiteId, collectionId)) >= limit.max) throw invalid(limit.message);
    if (body.recordType === RecordType.STORE_ITEM) await roomForProduct(trx, websiteId, this.limits.productsPerWebsite);
    const written = await this.#written(trx, collection, body, settingsOf(website).currency, []);
    const urlId = await this.#urlId(trx, collection, body, undefined);
    const row = await insertItem(trx, {
      id: options.id ?? randomUUID(),
      website_id: websiteId,
      collection_id: collectionId,
      record_type: body.recordType,
      url_id: urlId,
      title: written.title,
      status: written.status,
      publish_on: written.publishOn,
      display_index: await nextDisplayIndex(trx, websiteId, collectionId),
      sort_date: written.sortDate,
      product_type: written.productType,
      data: json(written.data),
    });
    await this.#announce(trx, row, collection, settingsOf(website).currency);
    return toItem(row, collection.url_id);
  }

  /** PUT: replaces the item's fields; the record type cannot change; variant ids are kept by id or SKU. */
  async replace(websiteId: string, itemId: string, body: ParsedItemBody, area: Area, collectionId?: string): Promise<ContentItem> {
    return this.#write(async (trx) => {
      const website = await requireWebsite(trx, websiteId);
      const current = await this.#owned(trx, websiteId, itemId, area, collectionId);
      if (current.record_type !== body.recordType) throw invalid('The kind of an item cannot change.', 'recordType');
      const collection = await requireCollection(trx, websiteId, current.collection_id, true);
      const previous = (current.data as { structuredContent?: StructuredContent }).structuredContent?.variants ?? [];
      const written = await this.#written(trx, collection, body, settingsOf(website).currency, previous);
      const row = await replaceItem(trx, websiteId, itemId, {
        url_id: await this.#urlId(trx, collection, body, current),
        title: written.title,
        status: written.status,
        publish_on: written.publishOn,
        sort_date: written.sortDate,
        product_type: written.productType,
        data: json(written.data),
      });
      if (row.url_id !== current.url_id) await rememberOldUrl(trx, row, current.url_id, row.url_id);
      await this.#announce(trx, row, collection, settingsOf(website).currency);
      return toItem(row, collection.url_id);
    });
  }

  async delete(websiteId: string, itemId: string, area: Area, collectionId?: string): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const current = await this.#owned(trx, websiteId, itemId, area, collectionId);
      const collection = await requireCollection(trx, websiteId, current.collection_id, true);
      await deleteItem(trx, websiteId, itemId);
      const data = { collectionId: collection.id, version: current.version + 1, urls: itemUrls(current, collection) };
      if (current.record_type === RecordType.STORE_ITEM)
        await this.events.enqueue(trx, 'content.product.deleted', websiteId, { productId: current.id, ...data });
      else await this.events.enqueue(trx, 'content.item.deleted', websiteId, { itemId: current.id, ...data });
    });
  }

  async get(websiteId: string, itemId: string, area: Area, collectionId?: string): Promise<ContentItem> {
    const row = await this.#owned(this.ctx.db, websiteId, itemId, area, collectionId);
    const collection = await requireCollection(this.ctx.db, websiteId, row.collection_id);
    return toItem(row, collection.url_id);
  }

  /** The item of this website (and collection, when the path names one) managed through `area`'s routes. */
  async #owned(db: Db, websiteId: string, itemId: string, area: Area, collectionId?: string): Promise<ItemRow> {
    const row = await findItem(db, websiteId, itemId);
    const isProduct = row?.record_type === RecordType.STORE_ITEM;
    if (!row || isProduct !== (area === 'store') || (collectionId !== undefined && row.collection_id !== collectionId))
      throw itemNotFound();
    return row;
  }

  /** Owner listing: every status, optionally one. */
  async list(websiteId: string, collectionId: string, options: ListOptions, area: Area): Promise<Page<ContentItem>> {
    const collection = await requireCollection(this.ctx.db, websiteId, collectionId, false, area);
    return this.#page(collection, options, false);
  }

  /** A collection as the storefront sees it: enabled, counting only the items it shows. */
  async publicCollection(websiteId: string, collectionId: string, viewer: Viewer = VISITOR): Promise<Collection> {
    const collection = await findCollection(this.ctx.db, websiteId, collectionId);
    if (!collection || !collection.enabled) throw collectionNotFound();
    await this.access.check(websiteId, collection.id, viewer);
    return toCollection(collection, await countPublicItems(this.ctx.db, websiteId, collection.id));
  }

  /** Storefront listing: published items of an enabled collection, and when the next scheduled one is due. */
  async listPublic(
    websiteId: string,
    collectionId: string,
    options: ListOptions,
  ): Promise<{ page: Page<ContentItem>; validUntil: number | undefined }> {
    const collection = await findCollection(this.ctx.db, websiteId, collectionId);
    if (!collection || !collection.enabled) throw collectionNotFound();
    const page = await this.#page(collection, options, true);
    return { page, validUntil: await nextScheduled(this.ctx.db, websiteId, collectionId) };
  }

  /** The member-area gate alone (before a cached answer is sent): 403 with the area when the viewer has no access. */
  async gate(websiteId: string, collectionId: string, viewer: Viewer): Promise<void> {
    await this.access.check(websiteId, collectionId, viewer);
  }

  async getPublic(websiteId: string, itemId: string, viewer: Viewer = VISITOR): Promise<ContentItem> {
    const row = await findPublicItem(this.ctx.db, websiteId, itemId);
    const collection = row ? await findCollection(this.ctx.db, websiteId, row.collection_id) : undefined;
    if (!row || !collection?.enabled) throw itemNotFound();
    await this.access.check(websiteId, collection.id, viewer);
    return toItem(row, collection.url_id);
  }

  /**
   * What a storefront path shows: '/' is the first page of the main navigation, '/<collection>',
   * '/<collection>/<item>' and '/<collection>/category/<slug>'. Hidden content is not found.
   */
  async resolvePublic(websiteId: string, path: string, viewer: Viewer = VISITOR): Promise<ResolvedPath> {
    await requireWebsite(this.ctx.db, websiteId);
    // A segment that is not valid percent-encoding names nothing (found by the API fuzzer: it was a 500).
    const segments = path
      .split('?')[0]!
      .split('/')
      .filter(Boolean)
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          throw collectionNotFound();
        }
      });
    let collection: CollectionRow | undefined;
    if (segments.length === 0) {
      const nav = await findNavigation(this.ctx.db, websiteId, MAIN_NAVIGATION);
      const first = ((nav?.items as NavigationItemBody[] | undefined) ?? []).find((item) => item.collectionId);
      collection = first?.collectionId ? await findCollection(this.ctx.db, websiteId, first.collectionId) : undefined;
    } else {
      collection = await findCollectionByUrl(this.ctx.db, websiteId, segments[0]!);
      if (!collection) {
        // A URL the collection had before a rename: the same path under its URL now.
        const moved = await findCollectionByOldUrl(this.ctx.db, websiteId, segments[0]!);
        if (moved?.enabled) {
          await this.access.check(websiteId, moved.id, viewer);
          const shown = toCollection(moved, await countPublicItems(this.ctx.db, websiteId, moved.id));
          return { collection: shown, item: null, category: null, movedTo: `/${[moved.url_id, ...segments.slice(1)].join('/')}` };
        }
      }
    }
    if (!collection || !collection.enabled) throw collectionNotFound();
    // A page of a member area: only members see it (or anything under it); others get the area's 403.
    await this.access.check(websiteId, collection.id, viewer);
    const shown = toCollection(collection, await countPublicItems(this.ctx.db, websiteId, collection.id));
    if (segments.length <= 1) return { collection: shown, item: null, category: null };
    if (segments.length === 2) {
      const row = await findPublicItemByUrl(this.ctx.db, websiteId, collection.id, segments[1]!);
      if (!row) {
        // A URL the item had before a rename leads to where it is now.
        const moved = await findPublicItemByOldUrl(this.ctx.db, websiteId, collection.id, segments[1]!);
        if (moved) return { collection: shown, item: null, category: null, movedTo: itemUrl(collection.url_id, moved.url_id) };
        throw itemNotFound();
      }
      return { collection: shown, item: toItem(row, collection.url_id), category: null };
    }
    if (segments[1] === 'category') {
      const slug = segments.slice(2).join('/');
      const category = (await categoriesOf(this.ctx.db, websiteId, collection.id)).find((c) => c.type !== 'ROOT' && c.url_slug === slug);
      if (category) return { collection: shown, item: null, category: toCategory(category, collection.url_id) };
    }
    throw itemNotFound();
  }

  async #page(collection: CollectionRow, options: ListOptions, publicOnly: boolean): Promise<Page<ContentItem>> {
    const scope = `items:${collection.id}:${collection.ordering}`;
    let after: CursorPosition | undefined;
    if (options.cursor) after = decodeCursor(options.cursor, scope, collection.ordering === 'user' ? 'number' : 'timestamp');
    const listing: ItemListing = {
      websiteId: collection.website_id,
      collectionId: collection.id,
      ordering: collection.ordering,
      limit: options.limit,
      after,
      publicOnly,
      status: options.status,
      categoryId: options.categoryId,
      tag: options.tag,
      category: options.category,
    };
    const rows = await listItems(this.ctx.db, listing);
    const position = (row: ItemRow): CursorPosition =>
      collection.ordering === 'user'
        ? { key: row.display_index, id: row.id }
        : { key: new Date(ms(row.sort_date)).toISOString(), id: row.id };
    return toPage(rows, options.limit, position, { scope, map: (row) => toItem(row, collection.url_id) });
  }

  #checkKind(collection: CollectionRow, recordType: number): void {
    if (isPage(collection.type)) throw invalid(ContentMessages.collectionHasNoItems, 'recordType');
    if (!allowedRecordTypes(collection.type, collection.type_name).includes(recordType))
      throw invalid(ContentMessages.recordTypeNotAllowed, 'recordType');
  }

  async #written(
    trx: Db,
    collection: CollectionRow,
    body: ParsedItemBody,
    currency: Parameters<typeof buildStructuredContent>[1],
    previous: readonly ProductVariant[],
  ): Promise<Written> {
    const now = Date.now();
    checkSchedule(body, now);
    const base = {
      title: body.title,
      status: body.status,
      publishOn: body.publishOn,
      // Milliseconds, as the listing's cursor carries them.
      sortDate: new Date(body.publishOn === null ? now : Date.parse(body.publishOn)).toISOString(),
      productType: null as number | null,
    };
    switch (body.recordType) {
      case RecordType.TEXT:
      case RecordType.QUOTE:
      case RecordType.LINK:
      case RecordType.VIDEO:
        return { ...base, data: common(body) };
      case RecordType.IMAGE:
        return { ...base, data: { ...common(body), image: body.image, mainImage: body.mainImage ?? body.image } };
      case RecordType.LESSON:
        return { ...base, data: { ...common(body), videoUrl: body.videoUrl, durationSeconds: body.durationSeconds } };
      case RecordType.AUDIO:
        return { ...base, data: { ...common(body), assetUrl: body.assetUrl, durationSeconds: body.durationSeconds } };
      case RecordType.EVENT: {
        const start = Date.parse(body.startDate);
        const end = Date.parse(body.endDate);
        if (end < start) throw invalid(ContentMessages.eventEndsBeforeStart, 'endDate');
        // Events are listed by when they happen.
        if (body.tickets) checkCurrency(body.tickets.price, currency, 'tickets.price');
        return {
          ...base,
          sortDate: new Date(start).toISOString(),
          data: { ...common(body), startDate: start, endDate: end, location: body.location, tickets: body.tickets },
        };
      }
      case RecordType.STORE_ITEM: {
        const known = new Set((await categoriesOf(trx, collection.website_id, collection.id)).map((c) => c.id));
        const missing = body.categoryIds.find((id) => !known.has(id));
        if (missing) throw invalid(formatMessage(ContentMessages.categoryMissing, { id: missing }), 'categoryIds');
        const { structuredContent, variantOptionOrdering } = buildStructuredContent(
          body.structuredContent,
          currency,
          previous,
          body.images,
        );
        return {
          ...base,
          productType: structuredContent.productType,
          data: {
            ...common(body),
            mainImage: body.mainImage ?? body.images[0] ?? null,
            structuredContent,
            variantOptionOrdering,
            categoryIds: [...new Set(body.categoryIds)],
            items: body.images,
          },
        };
      }
    }
  }

  /** The URL id asked for (409 when another item has it) or one made from the title. */
  async #urlId(trx: Db, collection: CollectionRow, body: ParsedItemBody, current: ItemRow | undefined): Promise<string> {
    const taken = await itemUrlIds(trx, collection.website_id, collection.id, current?.id);
    if (body.urlId) {
      if (taken.includes(body.urlId)) {
        throw new AppError('CONFLICT', formatMessage(ContentMessages.urlIdTaken, { val: body.urlId }), { fields: { urlId: 'taken' } });
      }
      return body.urlId;
    }
    if (current) return current.url_id;
    return uniqueUrlId(urlIdFromTitle(body.title) || 'item', taken);
  }

  async #announce(trx: Db, row: ItemRow, collection: CollectionRow, currency: Parameters<typeof productUpserted>[2]): Promise<void> {
    if (row.record_type === RecordType.STORE_ITEM)
      await this.events.enqueue(trx, 'content.product.upserted', row.website_id, productUpserted(row, collection, currency));
    else await this.events.enqueue(trx, 'content.item.upserted', row.website_id, itemUpserted(row, collection));
  }

  async #write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'Another change used the same URL at the same moment. Please try again.', { cause: error });
      throw error;
    }
  }
}
