// The owners' media library (issue 22): the images a website's owners uploaded, where each is
// used, its alt text and focal point, replacing it everywhere, deleting an unused one. Usages are
// found in the stored documents themselves (items' data, pages' layouts, the header and footer),
// so they can never drift from what pages show. Every rewrite of a usage goes out with the same
// event an owner's own edit of it sends, in the same transaction, so caches and read models follow.
// A replacement is a new upload under its own content hash (URLs stay immutable); the old file is
// kept for pages still cached elsewhere, marked replaced, and can then be deleted.
import {
  ASSET_FILES_PATH,
  CollectionType,
  IMAGE_WIDTHS,
  MediaMessages,
  OwnerUiMessages,
  RecordType,
  mediaWidths,
  type MediaAsset,
  type MediaUsage,
  type MediaUsageKind,
  type UpdateMediaBody,
  type UploadImageType,
  type UploadedAsset,
} from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import { isGallery } from '../domain/collection.js';
import { collectionUpserted, itemUpserted, productUpserted } from '../domain/events.js';
import { settingsOf } from '../domain/mappers.js';
import type { Db } from '../shared/db.js';
import { requireWebsite } from '../websites/websites.service.js';
import { roomForUpload, type WebsiteLimits } from '../websites/website-limits.service.js';
import type { AssetService } from './assets.service.js';
import {
  deleteAsset,
  documentsContaining,
  findAsset,
  insertAsset,
  listAssets,
  saveHeaderFooter,
  saveItemData,
  saveLayout,
  updateAsset,
  type AssetRow,
} from './media.repository.js';
import { findRefs, refPath, rewriteRefs, type FileRef, type Rewrite } from './media-usage.js';

/** The library lists this many images at most, newest first. */
export const MEDIA_LIST_MAX = 1_000;

const notFound = () => new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);

interface Doc {
  kind: MediaUsageKind;
  id: string;
  collectionId: string | null;
  title: string;
  document: unknown;
}

function itemKind(recordType: number, collection: { type: number; type_name: string }): MediaUsageKind {
  if (recordType === RecordType.STORE_ITEM) return 'product';
  if (isGallery(collection.type)) return 'gallery';
  if (collection.type === CollectionType.GENERIC && collection.type_name === 'blog' && recordType === RecordType.TEXT) return 'blog-post';
  return 'item';
}

export class MediaLibrary {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly assets: AssetService,
    private readonly events: ContentEvents = directEvents,
    private readonly limits: Partial<Pick<WebsiteLimits, 'uploadsPerWebsite' | 'storageBytesPerWebsite'>> = {},
  ) {}

  /** Before an upload's bytes are stored: refuses it when it cannot fit under the website's limits. */
  async checkRoom(websiteId: string, size: number): Promise<void> {
    await roomForUpload(this.ctx.db, websiteId, { size }, this.limits, false);
  }

  /**
   * Remembers an upload (the same bytes uploaded again keep their first name and settings), within
   * UPLOADS_PER_WEBSITE and STORAGE_BYTES_PER_WEBSITE: the website's uploads take turns here.
   */
  async record(
    websiteId: string,
    uploaded: UploadedAsset,
    settings: { altText: string; focalX: number; focalY: number } | undefined = undefined,
    db?: Db,
  ): Promise<void> {
    const work = async (trx: Db) => {
      await roomForUpload(trx, websiteId, { assetId: uploaded.id, size: uploaded.size }, this.limits, true);
      await insertAsset(trx, websiteId, uploaded, settings);
    };
    await (db ? work(db) : this.ctx.transaction(work));
  }

  async list(websiteId: string): Promise<MediaAsset[]> {
    const rows = await listAssets(this.ctx.db, websiteId, MEDIA_LIST_MAX);
    // One read of every document that names any of the website's files, matched in memory.
    const docs = await this.#documents(this.ctx.db, websiteId, `${ASSET_FILES_PATH}/${websiteId}/`, false);
    return rows.map((row) => this.#describe(row, docs));
  }

  async get(websiteId: string, assetId: string): Promise<MediaAsset> {
    const row = await this.#row(this.ctx.db, websiteId, assetId);
    return this.#describe(row, await this.#documents(this.ctx.db, websiteId, refPath(this.#ref(row)), false));
  }

  /** Sets the alt text and focal point, and writes them into every usage. */
  async update(websiteId: string, assetId: string, body: UpdateMediaBody): Promise<MediaAsset> {
    await this.ctx.transaction(async (trx) => {
      const row = await this.#row(trx, websiteId, assetId, true);
      const ref = this.#ref(row);
      const docs = await this.#documents(trx, websiteId, refPath(ref), true);
      if (body.altText === '' && docs.some((doc) => doc.kind === 'product' && findRefs(doc.document, ref).images > 0)) {
        throw new AppError('VALIDATION_FAILED', MediaMessages.altRequired, { fields: { altText: MediaMessages.altRequired } });
      }
      await updateAsset(trx, websiteId, assetId, {
        ...(body.altText !== undefined ? { alt_text: body.altText } : {}),
        ...(body.mediaFocalPoint ? { focal_x: body.mediaFocalPoint.x, focal_y: body.mediaFocalPoint.y } : {}),
      });
      await this.#rewrite(trx, websiteId, ref, docs, { altText: body.altText, focalPoint: body.mediaFocalPoint });
    });
    return this.get(websiteId, assetId);
  }

  /**
   * Puts a new upload in the old one's place everywhere it is used (its alt text and focal point
   * carried over); the old asset is marked replaced. Same bytes: nothing changes.
   */
  async replace(websiteId: string, assetId: string, uploaded: UploadedAsset): Promise<{ asset: MediaAsset; replaced: number }> {
    let replaced = 0;
    await this.ctx.transaction(async (trx) => {
      const row = await this.#row(trx, websiteId, assetId, true);
      if (uploaded.id === row.id) return;
      await this.record(websiteId, uploaded, { altText: row.alt_text, focalX: row.focal_x, focalY: row.focal_y }, trx);
      const ref = this.#ref(row);
      const docs = await this.#documents(trx, websiteId, refPath(ref), true);
      const file = uploaded.assetUrl.slice(uploaded.assetUrl.lastIndexOf('/') + 1);
      replaced = await this.#rewrite(trx, websiteId, ref, docs, { to: { file, originalSize: uploaded.originalSize } });
      await updateAsset(trx, websiteId, assetId, { replaced_by: uploaded.id });
    });
    return { asset: await this.get(websiteId, uploaded.id), replaced };
  }

  /** Deletes an unused image: its record, its original and every variant (409 while anything uses it). */
  async delete(websiteId: string, assetId: string): Promise<void> {
    const row = await this.ctx.transaction(async (trx) => {
      const found = await this.#row(trx, websiteId, assetId, true);
      const docs = await this.#documents(trx, websiteId, refPath(this.#ref(found)), false);
      if (docs.length > 0) throw new AppError('CONFLICT', MediaMessages.inUse);
      // (Another image replaced by this one points at nothing then.)
      await deleteAsset(trx, websiteId, assetId);
      return found;
    });
    await this.assets.remove(websiteId, row.file);
  }

  #ref(row: AssetRow): FileRef {
    return { websiteId: row.website_id, file: row.file };
  }

  async #row(db: Db, websiteId: string, assetId: string, lock = false): Promise<AssetRow> {
    const row = await findAsset(db, websiteId, assetId, lock);
    if (!row) throw notFound();
    return row;
  }

  #describe(row: AssetRow, docs: readonly Doc[]): MediaAsset {
    const ref = this.#ref(row);
    const usages: MediaUsage[] = [];
    for (const doc of docs) {
      const found = findRefs(doc.document, ref);
      if (found.images + found.mentions === 0) continue;
      usages.push({
        kind: doc.kind,
        id: doc.id,
        collectionId: doc.collectionId,
        title: doc.title,
        altRequired: doc.kind === 'product',
        altMissing: found.withoutAlt > 0,
      });
    }
    return {
      id: row.id,
      file: row.file,
      assetUrl: refPath(ref),
      filename: row.filename,
      contentType: row.content_type as UploadImageType,
      size: row.bytes,
      originalSize: `${row.width}x${row.height}`,
      widths: mediaWidths(row.width, IMAGE_WIDTHS),
      altText: row.alt_text,
      mediaFocalPoint: { x: row.focal_x, y: row.focal_y },
      replacedBy: row.replaced_by,
      createdOn: new Date(row.created_at).getTime(),
      usages,
      altWarning: usages.some((usage) => usage.altRequired && usage.altMissing) ? MediaMessages.altWarning : null,
    };
  }

  /** Items, pages and the header and footer of the website whose stored JSON contains `needle`. */
  async #documents(db: Db, websiteId: string, needle: string, lock: boolean): Promise<Doc[]> {
    const { itemRows, pageRows, siteRows } = await documentsContaining(db, websiteId, needle, lock);
    return [
      ...itemRows.map((row) => ({
        kind: itemKind(row.record_type, row),
        id: row.id,
        collectionId: row.collection_id,
        title: row.title,
        document: row.data,
      })),
      ...pageRows.map((row) => ({ kind: 'page' as const, id: row.id, collectionId: row.id, title: row.title, document: row.layout })),
      ...siteRows.map((row) => ({
        kind: 'site' as const,
        id: row.kind,
        collectionId: null,
        title: 'Header and footer',
        document: row.document,
      })),
    ];
  }

  /** Writes the rewritten documents back, each with its usual event; answers how many changed. */
  async #rewrite(trx: Db, websiteId: string, ref: FileRef, docs: readonly Doc[], rewrite: Rewrite): Promise<number> {
    let changed = 0;
    let currency: ReturnType<typeof settingsOf>['currency'] | undefined;
    for (const doc of docs) {
      const next = rewriteRefs(doc.document, ref, rewrite);
      if (next === doc.document) continue;
      changed += 1;
      if (doc.kind === 'page') {
        const row = await saveLayout(trx, websiteId, doc.id, next);
        await this.events.enqueue(trx, 'content.collection.upserted', websiteId, collectionUpserted(row));
      } else if (doc.kind === 'site') {
        await saveHeaderFooter(trx, websiteId, next);
        await this.events.enqueue(trx, 'content.header-footer.updated', websiteId, {});
      } else {
        const { row, collection } = await saveItemData(trx, websiteId, doc.id, next);
        if (row.record_type === RecordType.STORE_ITEM) {
          currency ??= settingsOf(await requireWebsite(trx, websiteId)).currency;
          await this.events.enqueue(trx, 'content.product.upserted', websiteId, productUpserted(row, collection, currency));
        } else {
          await this.events.enqueue(trx, 'content.item.upserted', websiteId, itemUpserted(row, collection));
        }
      }
    }
    return changed;
  }
}
