// A collection of a website, or the 404 every service of this package answers for a missing one.
// Its own module because collections and categories (and items) all need it, and collections
// create categories: kept in collections.service.ts, it made the two services import each other.
import { inArea, type Area } from '../domain/collection.js';
import { collectionNotFound } from '../shared/errors.js';
import { findCollection, lockCollection, type CollectionRow } from './collections.repository.js';
import type { Db } from '../shared/db.js';

/** The collection (locked FOR UPDATE when `lock`), or NOT_FOUND when missing or outside `area`. */
export async function requireCollection(db: Db, websiteId: string, collectionId: string, lock = false, area?: Area): Promise<CollectionRow> {
  const row = lock ? await lockCollection(db, websiteId, collectionId) : await findCollection(db, websiteId, collectionId);
  if (!row || (area && !inArea(row.type, area))) throw collectionNotFound();
  return row;
}
