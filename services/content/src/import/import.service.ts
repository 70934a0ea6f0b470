// The product import's use case (product-import.ts checks a file): a dry run lists what the file
// would make, an apply makes it, all in one transaction and only from a file without problems.
import { DEFAULT_CURRENCY, RecordType, isCurrencyCode } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { ItemService } from '../items/items.service.js';
import type { WebsiteService } from '../websites/websites.service.js';
import { checkProductCsv, type CheckedImport } from './product-import.js';

export interface ImportLine {
  line: number;
  title: string;
  sku: string;
}

export interface ProductImportSummary {
  dryRun: boolean;
  products: ImportLine[];
  unchanged: ImportLine[];
  problems: { line: number; reason: string }[];
  imported: number;
}

const summary = (checked: CheckedImport): ImportLine[] =>
  checked.products.map(({ line, body }) => ({
    line,
    title: body.title ?? '',
    sku: body.recordType === RecordType.STORE_ITEM ? (body.structuredContent.variants[0]?.sku ?? '') : '',
  }));

export class ProductImportService {
  constructor(
    private readonly items: ItemService,
    private readonly websites: WebsiteService,
  ) {}

  async import(websiteId: string, collectionId: string, csv: string, dryRun: boolean): Promise<ProductImportSummary> {
    const setting = (await this.websites.settings(websiteId)).currency;
    const currency = isCurrencyCode(setting) ? setting : DEFAULT_CURRENCY;
    if (dryRun) {
      const checked = checkProductCsv(csv, currency, await this.items.productSkus(websiteId));
      return { dryRun: true, products: summary(checked), unchanged: checked.unchanged, problems: checked.problems, imported: 0 };
    }
    let checked: CheckedImport | undefined;
    const created = await this.items.importProducts(websiteId, collectionId, (skus) => {
      checked = checkProductCsv(csv, currency, skus);
      if (checked.problems.length > 0) {
        throw new AppError(
          'BAD_REQUEST',
          `Nothing was imported: ${checked.problems.length} ${checked.problems.length === 1 ? 'line has a problem' : 'lines have problems'}.`,
          {
            fields: Object.fromEntries(checked.problems.map((p) => [`line ${p.line}`, p.reason])),
          },
        );
      }
      return checked.products.map((p) => p.body);
    });
    return { dryRun: false, products: summary(checked!), unchanged: checked!.unchanged, problems: [], imported: created.length };
  }
}
