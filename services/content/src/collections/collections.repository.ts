// Collections of a website. Every query is scoped by website_id.
import { sql, type Insertable, type Updateable } from 'kysely';
import { afterPosition, type CursorPosition } from '@sc/platform';
import type { CollectionsTable, CollectionRow } from '../tables.js';
import type { Db } from '../shared/db.js';

export type { CollectionRow };

export async function findCollection(db: Db, websiteId: string, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** Locks the collection for the rest of the transaction, so counts checked against limits stay true. */
export async function lockCollection(db: Db, websiteId: string, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findCollectionByUrl(db: Db, websiteId: string, urlId: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).where('url_id', '=', urlId).executeTakeFirst();
}

/**
 * Keeps a collection's URL before a rename (so old links, and every path under them, answer 301),
 * and forgets an old URL it now uses again (a live collection always wins over history anyway).
 */
export async function rememberOldCollectionUrl(
  db: Db,
  websiteId: string,
  collectionId: string,
  oldUrlId: string,
  newUrlId: string,
): Promise<void> {
  await db.deleteFrom('collection_url_history').where('website_id', '=', websiteId).where('url_id', '=', newUrlId).execute();
  await db
    .insertInto('collection_url_history')
    .values({ website_id: websiteId, url_id: oldUrlId, collection_id: collectionId })
    .onConflict((oc) => oc.columns(['website_id', 'url_id']).doUpdateSet({ collection_id: collectionId }))
    .execute();
}

/** The collection that once had `urlId` (renamed since), if any. */
export async function findCollectionByOldUrl(db: Db, websiteId: string, urlId: string): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collection_url_history')
    .innerJoin('collections', 'collections.id', 'collection_url_history.collection_id')
    .selectAll('collections')
    .where('collection_url_history.website_id', '=', websiteId)
    .where('collection_url_history.url_id', '=', urlId)
    .where('collections.website_id', '=', websiteId)
    .executeTakeFirst();
}

export async function collectionsByIds(db: Db, websiteId: string, ids: readonly string[]): Promise<CollectionRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).where('id', 'in', ids).execute();
}

/** A page of the website's collections in creation order (limit + 1 rows). */
export async function listCollections(db: Db, websiteId: string, limit: number, after?: CursorPosition): Promise<CollectionRow[]> {
  let query = db.selectFrom('collections').selectAll().where('website_id', '=', websiteId);
  if (after) query = query.where(afterPosition('created_at', 'id', after));
  return query
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
}

export async function collectionUrlIds(db: Db, websiteId: string): Promise<string[]> {
  const rows = await db.selectFrom('collections').select('url_id').where('website_id', '=', websiteId).execute();
  return rows.map((row) => row.url_id);
}

export async function insertCollection(db: Db, row: Insertable<CollectionsTable>): Promise<CollectionRow> {
  // Millisecond timestamps from here (not now()'s microseconds), so the listing's cursor, which
  // carries the time in milliseconds, lands exactly on the row it was made from.
  const now = new Date();
  return db
    .insertInto('collections')
    .values({ created_at: now, updated_at: now, ...row })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCollection(
  db: Db,
  websiteId: string,
  id: string,
  patch: Omit<Updateable<CollectionsTable>, 'id' | 'website_id' | 'version' | 'created_at'>,
): Promise<CollectionRow> {
  return db
    .updateTable('collections')
    .set({ ...patch, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCollection(db: Db, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('collections').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

/** Every page (type 10) of the website with its layout: a design switch re-lays them out. */
export async function pageRows(db: Db, websiteId: string): Promise<Array<{ id: string; url_id: string; layout: unknown }>> {
  return db
    .selectFrom('collections')
    .select(['id', 'url_id', 'layout'])
    .where('website_id', '=', websiteId)
    .where('type', '=', 10)
    .orderBy('id')
    .execute();
}
