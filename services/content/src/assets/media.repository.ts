// The media library's queries: the uploaded images of a website, and the stored documents (items'
// data, pages' layouts, the header and footer) that name a file, with their rewrites.
import type { UploadedAsset } from '@sc/contracts';
import { sql, type Selectable } from 'kysely';
import { ITEM_COLUMNS } from '../shared/item-queries.js';
import { json, type Db } from '../shared/db.js';
import type { CollectionRow, ItemRow, MediaAssetsTable } from '../tables.js';

export type AssetRow = Selectable<MediaAssetsTable>;

const contains = (column: string, needle: string) => sql<boolean>`strpos(${sql.ref(column)}::text, ${needle}) > 0`;

/** Records an upload; the same bytes uploaded again keep their first row. */
export async function insertAsset(
  db: Db,
  websiteId: string,
  uploaded: UploadedAsset,
  settings: { altText: string; focalX: number; focalY: number } | undefined,
): Promise<void> {
  const [width = 1, height = 1] = uploaded.originalSize.split('x').map(Number);
  await db
    .insertInto('media_assets')
    .values({
      website_id: websiteId,
      id: uploaded.id,
      file: uploaded.assetUrl.slice(uploaded.assetUrl.lastIndexOf('/') + 1),
      filename: uploaded.filename,
      content_type: uploaded.contentType,
      bytes: uploaded.size,
      width,
      height,
      ...(settings ? { alt_text: settings.altText, focal_x: settings.focalX, focal_y: settings.focalY } : {}),
    })
    .onConflict((oc) => oc.columns(['website_id', 'id']).doNothing())
    .execute();
}

/** The website's newest `limit` images. */
export async function listAssets(db: Db, websiteId: string, limit: number): Promise<AssetRow[]> {
  return db
    .selectFrom('media_assets')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One image (locked FOR UPDATE when `lock`). */
export async function findAsset(db: Db, websiteId: string, assetId: string, lock: boolean): Promise<AssetRow | undefined> {
  let query = db.selectFrom('media_assets').selectAll().where('website_id', '=', websiteId).where('id', '=', assetId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAsset(
  db: Db,
  websiteId: string,
  assetId: string,
  change: { alt_text?: string; focal_x?: number; focal_y?: number; replaced_by?: string },
): Promise<void> {
  await db.updateTable('media_assets').set(change).where('website_id', '=', websiteId).where('id', '=', assetId).execute();
}

/** Deletes an image's row; an image it replaced points at nothing then. */
export async function deleteAsset(db: Db, websiteId: string, assetId: string): Promise<void> {
  await db.deleteFrom('media_assets').where('website_id', '=', websiteId).where('id', '=', assetId).execute();
  await db
    .updateTable('media_assets')
    .set({ replaced_by: null })
    .where('website_id', '=', websiteId)
    .where('replaced_by', '=', assetId)
    .execute();
}

/** The items, pages and header and footer of the website whose stored JSON contains `needle`. */
export async function documentsContaining(db: Db, websiteId: string, needle: string, lock: boolean) {
  let items = db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.id', '=', 'items.collection_id').onRef('collections.website_id', '=', 'items.website_id'),
    )
    .select([
      'items.id',
      'items.collection_id',
      'items.record_type',
      'items.title',
      'items.data',
      'collections.type',
      'collections.type_name',
    ])
    .where('items.website_id', '=', websiteId)
    .where(contains('items.data', needle));
  if (lock) items = items.forUpdate();
  let pages = db
    .selectFrom('collections')
    .select(['id', 'title', 'layout'])
    .where('website_id', '=', websiteId)
    .where('layout', 'is not', null)
    .where(contains('layout', needle));
  if (lock) pages = pages.forUpdate();
  const site = db
    .selectFrom('site_documents')
    .select(['kind', 'document'])
    .where('website_id', '=', websiteId)
    .where('kind', '=', 'header-footer')
    .where(contains('document', needle));
  // One after another: inside a transaction they share one connection.
  const itemRows = await items.execute();
  const pageRows = await pages.execute();
  const siteRows = await (lock ? site.forUpdate() : site).execute();
  return { itemRows, pageRows, siteRows };
}

/** A page's rewritten layout, its version moved on. */
export async function saveLayout(db: Db, websiteId: string, collectionId: string, layout: unknown): Promise<CollectionRow> {
  return db
    .updateTable('collections')
    .set({ layout: json(layout), version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', collectionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function saveHeaderFooter(db: Db, websiteId: string, document: unknown): Promise<void> {
  await db
    .updateTable('site_documents')
    .set({ document: json(document), updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('kind', '=', 'header-footer')
    .execute();
}

/** An item's rewritten data, its version moved on; with the item's collection. */
export async function saveItemData(
  db: Db,
  websiteId: string,
  itemId: string,
  data: unknown,
): Promise<{ row: ItemRow; collection: CollectionRow }> {
  const row: ItemRow = await db
    .updateTable('items')
    .set({ data: json(data), version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .returning(ITEM_COLUMNS)
    .executeTakeFirstOrThrow();
  const collection = await db
    .selectFrom('collections')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', row.collection_id)
    .executeTakeFirstOrThrow();
  return { row, collection };
}
