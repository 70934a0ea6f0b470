// What other features may read of collections, inside their own transactions: a collection or the
// 404 every service of this package answers for a missing one, and the plain lookups. Its own
// module because collections, categories, items, navigation and the community features all need
// it, and collections create categories and navigation entries: kept in collections.service.ts,
// it made those services import each other. The repository stays the collections feature's own.
import { inArea, type Area } from '../domain/collection.js';
import { collectionNotFound } from '../shared/errors.js';
import type { Db } from '../shared/db.js';
import type { CollectionRow } from '../tables.js';
import { findCollection, lockCollection } from './collections.repository.js';

export { collectionsByIds, findCollection, findCollectionByOldUrl, findCollectionByUrl } from './collections.repository.js';

/** The collection (locked FOR UPDATE when `lock`), or NOT_FOUND when missing or outside `area`. */
export async function requireCollection(
  db: Db,
  websiteId: string,
  collectionId: string,
  lock = false,
  area?: Area,
): Promise<CollectionRow> {
  const row = lock ? await lockCollection(db, websiteId, collectionId) : await findCollection(db, websiteId, collectionId);
  if (!row || (area && !inArea(row.type, area))) throw collectionNotFound();
  return row;
}
