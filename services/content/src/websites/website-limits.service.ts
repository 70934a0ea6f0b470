// Limits per website on a shared platform (issue 34): products (PRODUCTS_PER_WEBSITE), uploaded
// files (UPLOADS_PER_WEBSITE) and their bytes (STORAGE_BYTES_PER_WEBSITE), beside the pages of
// collections.service.ts (PAGES_PER_WEBSITE). Each check runs in the adding transaction after
// taking the website's turn for that kind (website-limits.repository.ts), so concurrent additions
// at the limit cannot go past it. Refusals are 409 (a count) or 413 (bytes), naming the limit.
import { WebsiteLimitMessages, formatFileSize, formatMessage, type WebsiteUsage } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { Db } from '../shared/db.js';
import { requireWebsite } from './websites.service.js';
import { countPages, countProducts, hasUpload, lockAdditions, uploadsOf } from './website-limits.repository.js';

export interface WebsiteLimits {
  pagesPerWebsite: number;
  productsPerWebsite: number;
  uploadsPerWebsite: number;
  storageBytesPerWebsite: number;
}

/** Refuses one more product past PRODUCTS_PER_WEBSITE; call inside the transaction that adds it. */
export async function roomForProduct(trx: Db, websiteId: string, max: number | undefined): Promise<void> {
  if (max === undefined) return;
  await lockAdditions(trx, 'products', websiteId);
  if ((await countProducts(trx, websiteId)) >= max)
    throw new AppError('CONFLICT', formatMessage(WebsiteLimitMessages.tooManyProducts, { max }));
}

/**
 * Refuses a new file past UPLOADS_PER_WEBSITE or STORAGE_BYTES_PER_WEBSITE; the same bytes
 * uploaded again (`assetId` already in the library) add nothing and pass. With `lock`, inside the
 * transaction that records it; without, a check before the bytes are stored at all.
 */
export async function roomForUpload(
  db: Db,
  websiteId: string,
  file: { assetId?: string; size: number },
  limits: Partial<WebsiteLimits>,
  lock: boolean,
): Promise<void> {
  const { uploadsPerWebsite: maxFiles, storageBytesPerWebsite: maxBytes } = limits;
  if (maxFiles === undefined && maxBytes === undefined) return;
  if (lock) await lockAdditions(db, 'uploads', websiteId);
  if (file.assetId !== undefined && (await hasUpload(db, websiteId, file.assetId))) return;
  const used = await uploadsOf(db, websiteId);
  if (maxFiles !== undefined && used.files >= maxFiles)
    throw new AppError('CONFLICT', formatMessage(WebsiteLimitMessages.tooManyUploads, { max: maxFiles }));
  if (maxBytes !== undefined && used.bytes + file.size > maxBytes) {
    const message = formatMessage(WebsiteLimitMessages.storageFull, {
      size: formatFileSize(file.size),
      max: formatFileSize(maxBytes),
      used: formatFileSize(used.bytes),
    });
    throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
  }
}

/** What the website uses of each limit (the admin's Settings → Limits). */
export async function usageOf(db: Db, websiteId: string, limits: WebsiteLimits): Promise<WebsiteUsage> {
  const uploads = await uploadsOf(db, websiteId);
  return {
    pages: { used: await countPages(db, websiteId), max: limits.pagesPerWebsite },
    products: { used: await countProducts(db, websiteId), max: limits.productsPerWebsite },
    uploads: { used: uploads.files, max: limits.uploadsPerWebsite },
    storageBytes: { used: uploads.bytes, max: limits.storageBytesPerWebsite },
  };
}

/** The usage read of the owner routes. */
export class WebsiteUsageService {
  constructor(
    private readonly db: Db,
    private readonly limits: WebsiteLimits,
  ) {}

  async usage(websiteId: string): Promise<WebsiteUsage> {
    await requireWebsite(this.db, websiteId);
    return usageOf(this.db, websiteId, this.limits);
  }
}
