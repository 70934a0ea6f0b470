// Nested categories of a collection (parent_id '' for the root).
import type { Insertable, Updateable } from 'kysely';
import { afterPosition, type CursorPosition } from '@sc/platform';
import type { CategoriesTable, CategoryRow } from '../tables.js';
import type { Db } from '../shared/db.js';

export type { CategoryRow };

export async function findCategory(db: Db, websiteId: string, collectionId: string, id: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function categoriesOf(db: Db, websiteId: string, collectionId: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .orderBy('display_index')
    .orderBy('id')
    .execute();
}

/** A page of a collection's categories by display index (limit + 1 rows). */
export async function listCategories(
  db: Db,
  websiteId: string,
  collectionId: string,
  limit: number,
  after?: CursorPosition,
): Promise<CategoryRow[]> {
  let query = db.selectFrom('categories').selectAll().where('website_id', '=', websiteId).where('collection_id', '=', collectionId);
  if (after) query = query.where(afterPosition('display_index', 'id', after));
  return query
    .orderBy('display_index')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
}

export async function countCategories(db: Db, websiteId: string, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function siblingNamed(
  db: Db,
  websiteId: string,
  collectionId: string,
  parentId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('parent_id', '=', parentId)
    .where((eb) => eb(eb.fn('lower', ['display_name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function hasChildren(db: Db, websiteId: string, collectionId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('parent_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<CategoryRow> {
  return db.insertInto('categories').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCategory(
  db: Db,
  websiteId: string,
  id: string,
  patch: Pick<Updateable<CategoriesTable>, 'display_name' | 'parent_id' | 'page_rendering' | 'display_index' | 'url_slug'>,
): Promise<CategoryRow> {
  return db
    .updateTable('categories')
    .set(patch)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCategory(db: Db, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('categories').where('website_id', '=', websiteId).where('id', '=', id).execute();
}
