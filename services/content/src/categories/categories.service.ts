// Nested categories of a store collection: one root (SPEC 3 root category), then categories under
// a parent, at most 10000 per collection (SPEC 9), sibling names unique ('This category already
// exists'), names of at most 25 characters (checked by the body schema).
import { randomUUID } from 'node:crypto';
import {
  CollectionType,
  CONTENT_LIMITS,
  ContentMessages,
  formatMessage,
  OwnerMessages,
  uniqueUrlId,
  urlIdFromTitle,
  type Category,
  type StructuredContent,
  type UpdateCategoryBody,
} from '@sc/contracts';
import { decodeCursor, toPage, type Page, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import { requireCollection } from '../collections/collection-rows.service.js';
import type { CollectionRow, ContentDB } from '../tables.js';
import { invalid, isUniqueViolation, notFound } from '../shared/errors.js';
import { productUpserted } from '../domain/events.js';
import { categoryUrl, collectionUrl, settingsOf, toCategory } from '../domain/mappers.js';
import {
  categoriesOf,
  countCategories,
  deleteCategory,
  findCategory,
  hasChildren,
  insertCategory,
  listCategories,
  siblingNamed,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

/** A collection's categories as stored: items resolve the category names an item is filed under. */
export { categoriesOf } from './categories.repository.js';
import { json, type Db } from '../shared/db.js';
import { itemsInCategories, replaceItem } from '../items/item-rows.service.js';
import { requireWebsite } from '../websites/websites.service.js';

const categoryExists = () => invalid(formatMessage(OwnerMessages.tagExists, { tagType: 'category' }), 'displayName');

async function slugUnder(
  db: Db,
  collection: CollectionRow,
  parent: CategoryRow | undefined,
  name: string,
  exceptId?: string,
): Promise<string> {
  const siblings = (await categoriesOf(db, collection.website_id, collection.id)).filter(
    (c) => c.parent_id === (parent?.id ?? '') && c.id !== exceptId && c.type !== 'ROOT',
  );
  const prefix = parent && parent.type !== 'ROOT' ? `${parent.url_slug}/` : '';
  const taken = siblings.map((s) => s.url_slug.slice(prefix.length));
  return prefix + uniqueUrlId(urlIdFromTitle(name) || 'category', taken);
}

/** A category to create, as the SPEC body has it after defaults. */
export interface CategoryInput {
  displayName: string;
  parentCategoryId: string | null;
  type: 'ROOT' | 'CATEGORY';
  pageRendering: 'LIST_VIEW' | 'GRID_VIEW';
  displayIndex: number;
}

/** Creates a category in a locked store collection (shared with the store creation flow). */
export async function createCategory(db: Db, collection: CollectionRow, body: CategoryInput): Promise<CategoryRow> {
  const websiteId = collection.website_id;
  if (collection.type !== CollectionType.PRODUCTS) throw invalid('Categories belong to store collections.');
  if ((await countCategories(db, websiteId, collection.id)) >= CONTENT_LIMITS.nestedCategories) {
    throw invalid(formatMessage(ContentMessages.tooManyCategories, { max: CONTENT_LIMITS.nestedCategories }));
  }
  const parentId = body.parentCategoryId ?? '';
  let parent: CategoryRow | undefined;
  if (body.type === 'ROOT') {
    if (parentId !== '') throw invalid('The root category has no parent.', 'parentCategoryId');
    const existing = await categoriesOf(db, websiteId, collection.id);
    if (existing.some((c) => c.type === 'ROOT')) throw invalid(ContentMessages.rootCategoryExists, 'type');
  } else {
    parent = parentId === '' ? undefined : await findCategory(db, websiteId, collection.id, parentId);
    if (!parent) throw invalid(ContentMessages.parentCategoryMissing, 'parentCategoryId');
  }
  if (await siblingNamed(db, websiteId, collection.id, parentId, body.displayName)) throw categoryExists();
  try {
    return await insertCategory(db, {
      id: randomUUID(),
      website_id: websiteId,
      collection_id: collection.id,
      parent_id: parentId,
      display_name: body.displayName,
      type: body.type,
      page_rendering: body.pageRendering,
      display_index: body.displayIndex,
      url_slug: body.type === 'ROOT' ? '' : await slugUnder(db, collection, parent, body.displayName),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw categoryExists();
    throw error;
  }
}

export class CategoryService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
  ) {}

  /** SPEC 7 POST .../products/{collectionId}/categories. */
  async create(websiteId: string, collectionId: string, body: CategoryInput): Promise<Category> {
    return this.ctx.transaction(async (trx) => {
      const collection = await requireCollection(trx, websiteId, collectionId, true);
      const row = await createCategory(trx, collection, body);
      await this.#announce(trx, 'content.category.upserted', collection, row);
      return toCategory(row, collection.url_id);
    });
  }

  async list(websiteId: string, collectionId: string, limit: number, cursor?: string): Promise<Page<Category>> {
    const collection = await requireCollection(this.ctx.db, websiteId, collectionId);
    const scope = `categories:${collectionId}`;
    const after = cursor ? decodeCursor(cursor, scope, 'number') : undefined;
    const rows = await listCategories(this.ctx.db, websiteId, collectionId, limit, after);
    return toPage(rows, limit, (row) => ({ key: row.display_index, id: row.id }), {
      scope,
      map: (row) => toCategory(row, collection.url_id),
    });
  }

  async update(websiteId: string, collectionId: string, categoryId: string, body: UpdateCategoryBody): Promise<Category> {
    return this.ctx.transaction(async (trx) => {
      const collection = await requireCollection(trx, websiteId, collectionId, true);
      const current = await findCategory(trx, websiteId, collectionId, categoryId);
      if (!current) throw notFound(formatMessage(ContentMessages.categoryMissing, { id: categoryId }));
      const all = await categoriesOf(trx, websiteId, collectionId);
      let parent = all.find((c) => c.id === current.parent_id);
      if (body.parentCategoryId !== undefined && body.parentCategoryId !== current.parent_id) {
        if (current.type === 'ROOT') throw invalid('The root category has no parent.', 'parentCategoryId');
        parent = all.find((c) => c.id === body.parentCategoryId);
        if (!parent) throw invalid(ContentMessages.parentCategoryMissing, 'parentCategoryId');
        // A category cannot move under itself or one of its descendants.
        for (let walk: CategoryRow | undefined = parent; walk; walk = all.find((c) => c.id === walk?.parent_id)) {
          if (walk.id === current.id) throw invalid('A category cannot be moved under itself.', 'parentCategoryId');
        }
      }
      const name = body.displayName ?? current.display_name;
      const parentId = parent?.id ?? '';
      if (
        (name !== current.display_name || parentId !== current.parent_id) &&
        (await siblingNamed(trx, websiteId, collectionId, parentId, name, current.id))
      ) {
        throw categoryExists();
      }
      const slug = current.type === 'ROOT' ? '' : await slugUnder(trx, collection, parent, name, current.id);
      const row = await updateCategory(trx, websiteId, current.id, {
        display_name: name,
        parent_id: parentId,
        page_rendering: body.pageRendering ?? current.page_rendering,
        display_index: body.displayIndex ?? current.display_index,
        url_slug: slug,
      });
      if (slug !== current.url_slug) await this.#reslugChildren(trx, collection, row);
      await this.#announce(trx, 'content.category.upserted', collection, row);
      return toCategory(row, collection.url_id);
    });
  }

  /** Deletes a category without subcategories and takes it off the products listed under it. */
  async delete(websiteId: string, collectionId: string, categoryId: string): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const collection = await requireCollection(trx, websiteId, collectionId, true);
      const current = await findCategory(trx, websiteId, collectionId, categoryId);
      if (!current) throw notFound(formatMessage(ContentMessages.categoryMissing, { id: categoryId }));
      if (await hasChildren(trx, websiteId, collectionId, categoryId)) throw invalid(ContentMessages.categoryHasChildren);
      await deleteCategory(trx, websiteId, categoryId);
      const currency = settingsOf(await requireWebsite(trx, websiteId)).currency;
      for (const item of await itemsInCategories(trx, websiteId, collectionId, [categoryId])) {
        const data = item.data as { categoryIds: string[]; structuredContent: StructuredContent };
        const updated = await replaceItem(trx, websiteId, item.id, {
          url_id: item.url_id,
          title: item.title,
          status: item.status,
          publish_on: item.publish_on,
          sort_date: item.sort_date,
          product_type: item.product_type,
          data: json({ ...data, categoryIds: data.categoryIds.filter((id) => id !== categoryId) }),
        });
        await this.events.enqueue(trx, 'content.product.upserted', websiteId, productUpserted(updated, collection, currency));
      }
      await this.#announce(trx, 'content.category.deleted', collection, current);
    });
  }

  async #reslugChildren(trx: Db, collection: CollectionRow, parent: CategoryRow): Promise<void> {
    const all = await categoriesOf(trx, collection.website_id, collection.id);
    for (const child of all.filter((c) => c.parent_id === parent.id)) {
      const slug = await slugUnder(trx, collection, parent, child.display_name, child.id);
      const row = await updateCategory(trx, collection.website_id, child.id, { url_slug: slug });
      await this.#reslugChildren(trx, collection, row);
    }
  }

  async #announce(
    trx: Db,
    type: 'content.category.upserted' | 'content.category.deleted',
    collection: CollectionRow,
    row: CategoryRow,
  ): Promise<void> {
    const urls = [collectionUrl(collection.url_id), ...(row.type === 'ROOT' ? [] : [categoryUrl(collection.url_id, row.url_slug)])];
    await this.events.enqueue(trx, type, collection.website_id, {
      categoryId: row.id,
      collectionId: collection.id,
      parentCategoryId: row.parent_id,
      displayName: row.display_name,
      urls,
    });
  }
}
