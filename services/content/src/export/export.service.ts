// The owner's export of a website (site-export.ts): its currency from the settings, its name.
import { DEFAULT_CURRENCY, isCurrencyCode } from '@sc/contracts';
import type { Readable } from 'node:stream';
import type { AssetStorage } from '../assets/asset-storage.types.js';
import type { Db } from '../shared/db.js';
import type { WebsiteService } from '../websites/websites.service.js';
import { siteExport } from './site-export.js';

export interface SiteExportAnswer {
  fileName: string;
  stream: Readable;
}

export class SiteExportService {
  constructor(
    private readonly db: Db,
    private readonly storage: AssetStorage,
    private readonly websites: WebsiteService,
  ) {}

  /** The website as one zip stream; `onError` hears of a failure after the stream began. */
  async export(websiteId: string, onError: (error: unknown) => void): Promise<SiteExportAnswer> {
    const currency = (await this.websites.settings(websiteId)).currency;
    const stream = siteExport({
      db: this.db,
      storage: this.storage,
      websiteId,
      currency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
      onError,
    });
    return { stream, fileName: `site-${websiteId.replace(/[^A-Za-z0-9_-]/g, '-')}-${new Date().toISOString().slice(0, 10)}.zip` };
  }
}
