// The site export's reads: the website, every row of its tables, and its items a page at a time.
import { sql } from 'kysely';
import type { Db } from '../shared/db.js';
import type { ItemRow } from '../tables.js';

/** The tables whose every row of the website goes into site.json as it is. */
export type ExportedTable =
  | 'website_domains'
  | 'collections'
  | 'categories'
  | 'navigations'
  | 'site_documents'
  | 'commerce_preferences'
  | 'member_areas'
  | 'member_area_collections';

export async function exportedWebsite(db: Db, websiteId: string) {
  return db
    .selectFrom('websites')
    .select(['id', 'title', 'template_id', 'settings', 'created_at', 'updated_at'])
    .where('id', '=', websiteId)
    .executeTakeFirstOrThrow();
}

/** Every row of `table` of the website, in its first column's order. */
export async function rowsOfWebsite(db: Db, table: ExportedTable, websiteId: string) {
  return db.selectFrom(table).selectAll().where('website_id', '=', websiteId).orderBy(sql.raw('1')).execute();
}

/** Up to `limit` items of the website after the id `after` (of one record type, when given), by id. */
export async function itemsAfter(
  db: Db,
  websiteId: string,
  recordType: number | undefined,
  after: string | undefined,
  limit: number,
): Promise<ItemRow[]> {
  let query = db.selectFrom('items').selectAll().where('website_id', '=', websiteId);
  if (recordType !== undefined) query = query.where('record_type', '=', recordType);
  if (after !== undefined) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
}
