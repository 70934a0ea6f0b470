// Items of a collection (products, posts, events, images, tracks). Listing reads one more row than
// the page so the caller knows whether a next page exists; the public listing reads only what the
// storefront may see (published, or scheduled and due).
import { RecordType } from '@sc/contracts';
import { sql, type Insertable } from 'kysely';
import { afterPosition, type CursorPosition } from '@sc/platform';
import type { ItemRow, ItemsTable } from '../tables.js';
import type { Db } from '../shared/db.js';
import { isPublic, ITEM_COLUMNS } from '../shared/item-queries.js';

export type { ItemRow };

export async function findItem(db: Db, websiteId: string, id: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').select(ITEM_COLUMNS).where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** Locks the item row for the rest of the transaction (comment counts, likes). */
export async function lockItem(db: Db, websiteId: string, id: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findPublicItem(db: Db, websiteId: string, id: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .where(isPublic)
    .executeTakeFirst();
}

export async function findPublicItemByUrl(db: Db, websiteId: string, collectionId: string, urlId: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', urlId)
    .where(isPublic)
    .executeTakeFirst();
}

export interface ItemListing {
  websiteId: string;
  collectionId: string;
  ordering: 'user' | 'date';
  limit: number;
  after?: CursorPosition | undefined;
  publicOnly: boolean;
  status?: ItemRow['status'] | undefined;
  categoryId?: string | undefined;
  tag?: string | undefined;
  category?: string | undefined;
}

/** A page of items in the collection's order: by hand (display index) or newest first. */
export async function listItems(db: Db, listing: ItemListing): Promise<ItemRow[]> {
  let query = db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', listing.websiteId)
    .where('collection_id', '=', listing.collectionId);
  if (listing.publicOnly) query = query.where(isPublic);
  if (listing.status) query = query.where('status', '=', listing.status);
  if (listing.categoryId) query = query.where(sql<boolean>`data->'categoryIds' ? ${listing.categoryId}`);
  if (listing.tag) query = query.where(sql<boolean>`data->'tags' ? ${listing.tag}`);
  if (listing.category) query = query.where(sql<boolean>`data->'categories' ? ${listing.category}`);
  if (listing.ordering === 'user') {
    if (listing.after) query = query.where(afterPosition('display_index', 'id', listing.after, 'asc'));
    query = query.orderBy('display_index').orderBy('id');
  } else {
    if (listing.after) query = query.where(afterPosition('sort_date', 'id', listing.after, 'desc'));
    query = query.orderBy('sort_date', 'desc').orderBy('id', 'desc');
  }
  return query.limit(listing.limit + 1).execute();
}

export async function hasProducts(db: Db, websiteId: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('product_type', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the next scheduled item of a collection goes live (undefined when none is waiting). */
export async function nextScheduled(db: Db, websiteId: string, collectionId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.min<Date | string | null>('publish_on').as('next'))
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('status', '=', 'scheduled')
    .where('publish_on', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.next ? new Date(row.next).getTime() : undefined;
}

export async function countItems(db: Db, websiteId: string, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function itemCounts(db: Db, websiteId: string, collectionIds: readonly string[]): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('website_id', '=', websiteId)
    .where('collection_id', 'in', collectionIds)
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((row) => [row.collection_id, Number(row.count)]));
}

export async function nextDisplayIndex(db: Db, websiteId: string, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max<number | null>('display_index').as('max'))
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 1 : Number(row.max) + 1;
}

export async function itemUrlIds(db: Db, websiteId: string, collectionId: string, exceptId?: string): Promise<string[]> {
  let query = db.selectFrom('items').select('url_id').where('website_id', '=', websiteId).where('collection_id', '=', collectionId);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.execute()).map((row) => row.url_id);
}

export async function insertItem(db: Db, row: Insertable<ItemsTable>): Promise<ItemRow> {
  return db.insertInto('items').values(row).returning(ITEM_COLUMNS).executeTakeFirstOrThrow();
}

/**
 * Replaces an item's fields. Its likeCount and publicCommentCount are kept from the row as it is
 * when the update runs (not as the caller read it): visitors' likes and moderators' approvals
 * committed meanwhile are never written over, and owners cannot set them by hand.
 */
export async function replaceItem(
  db: Db,
  websiteId: string,
  id: string,
  row: Pick<Insertable<ItemsTable>, 'url_id' | 'title' | 'status' | 'publish_on' | 'sort_date' | 'product_type' | 'data'>,
): Promise<ItemRow> {
  const kept = sql<string>`${row.data}::jsonb || jsonb_build_object('likeCount', coalesce(items.data->'likeCount', '0'::jsonb), 'publicCommentCount', coalesce(items.data->'publicCommentCount', '0'::jsonb))`;
  return db
    .updateTable('items')
    .set({ ...row, data: kept, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returning(ITEM_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteItem(db: Db, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('items').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

/** Every item of a collection (for the events a collection's deletion sends). */
export async function itemsOfCollection(
  db: Db,
  websiteId: string,
  collectionId: string,
): Promise<Pick<ItemRow, 'id' | 'record_type' | 'url_id' | 'version'>[]> {
  return db
    .selectFrom('items')
    .select(['id', 'record_type', 'url_id', 'version'])
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .execute();
}

/** Every product of a store collection, in full (for re-announcing them). */
export async function productsOf(db: Db, websiteId: string, collectionId: string): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('record_type', '=', 11)
    .execute();
}

/** How many items of a collection the storefront shows now. */
export async function countPublicItems(db: Db, websiteId: string, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where(isPublic)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Products listed under any of these categories (their categoryIds are rewritten when one is deleted). */
export async function itemsInCategories(
  db: Db,
  websiteId: string,
  collectionId: string,
  categoryIds: readonly string[],
): Promise<ItemRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where(sql<boolean>`data->'categoryIds' ?| ${sql.val(categoryIds)}::text[]`)
    .execute();
}

/** Every product's SKUs of a website, with the product's title (the import's "already there"). */
export async function productSkus(db: Db, websiteId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('items')
    .select(['title', sql<string>`jsonb_array_elements(data->'structuredContent'->'variants')->>'sku'`.as('sku')])
    .where('website_id', '=', websiteId)
    .where('record_type', '=', RecordType.STORE_ITEM)
    .execute();
  return new Map(rows.map((r) => [r.sku, r.title]));
}

/**
 * Keeps an item's URL before a rename (so old links answer 301), and forgets an old URL the item
 * now uses again (a live item always wins over history anyway).
 */
export async function rememberOldUrl(
  db: Db,
  row: Pick<ItemRow, 'website_id' | 'collection_id' | 'id'>,
  oldUrlId: string,
  newUrlId: string,
): Promise<void> {
  await db
    .deleteFrom('item_url_history')
    .where('website_id', '=', row.website_id)
    .where('collection_id', '=', row.collection_id)
    .where('url_id', '=', newUrlId)
    .execute();
  await db
    .insertInto('item_url_history')
    .values({ website_id: row.website_id, collection_id: row.collection_id, url_id: oldUrlId, item_id: row.id })
    .onConflict((oc) => oc.columns(['website_id', 'collection_id', 'url_id']).doUpdateSet({ item_id: row.id }))
    .execute();
}

/** The public item that once had `urlId` in the collection (renamed since), if any. */
export async function findPublicItemByOldUrl(db: Db, websiteId: string, collectionId: string, urlId: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('item_url_history')
    .innerJoin('items', 'items.id', 'item_url_history.item_id')
    .select(ITEM_COLUMNS)
    .where('item_url_history.website_id', '=', websiteId)
    .where('item_url_history.collection_id', '=', collectionId)
    .where('item_url_history.url_id', '=', urlId)
    .where('items.website_id', '=', websiteId)
    .where('items.collection_id', '=', collectionId)
    .where(isPublic)
    .executeTakeFirst();
}
