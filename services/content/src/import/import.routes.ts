// POST .../products/{collectionId}/import: products from a CSV file (import/product-import.ts).
// dryRun true (the default) checks the file and lists every bad line; dryRun false imports, but
// only a file without problems, all its products in one transaction. A file with problems is
// refused with 400 and the same list: nothing is created. The apply checks the file again inside
// its transaction (the website locked), so lines already imported, by an earlier apply of the same
// file or by one running at the same time, are left as they are and never made twice.
import { isCurrencyCode, DEFAULT_CURRENCY, Permission, RecordType } from '@sc/contracts';
import { AppError, ownerRoute, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { checkProductCsv, type CheckedImport } from './product-import.js';
import type { ItemService } from '../items/items.service.js';
import type { WebsiteService } from '../websites/websites.service.js';
import { websiteOf } from '../shared/access.js';
import { STORE_BASE } from '../store/store.routes.js';

export const ProductImportBody = z.object({ csv: z.string().min(1).max(900_000), dryRun: z.boolean().default(true) }).strict();
const Problem = z.object({ line: z.number().int(), reason: z.string() });
export const ProductImportResult = z.object({
  dryRun: z.boolean(),
  /** Products that would be created (dry run) or were created. */
  products: z.array(z.object({ line: z.number().int(), title: z.string(), sku: z.string() })),
  /** Lines whose product the website has already (same SKU and title): left as they are. */
  unchanged: z.array(z.object({ line: z.number().int(), title: z.string(), sku: z.string() })),
  problems: z.array(Problem),
  imported: z.number().int(),
});
const Params = z.object({ websiteId: z.string().min(1).max(64), collectionId: z.string().min(1).max(64) }).strict();

export function importRoutes(app: ZodApp, items: ItemService, websites: WebsiteService): void {
  app.post(
    `${STORE_BASE}/products/:collectionId/import`,
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Import products into a store', params: Params, body: ProductImportBody, response: { 200: ProductImportResult } } }),
    async (request) => {
      const websiteId = websiteOf(request, request.params.websiteId);
      const setting = (await websites.settings(websiteId)).currency;
      const currency = isCurrencyCode(setting) ? setting : DEFAULT_CURRENCY;
      const summary = (checked: CheckedImport) =>
        checked.products.map(({ line, body }) => ({ line, title: body.title ?? '', sku: body.recordType === RecordType.STORE_ITEM ? (body.structuredContent.variants[0]?.sku ?? '') : '' }));
      if (request.body.dryRun) {
        const checked = checkProductCsv(request.body.csv, currency, await items.productSkus(websiteId));
        return { dryRun: true, products: summary(checked), unchanged: checked.unchanged, problems: checked.problems, imported: 0 };
      }
      let checked: CheckedImport | undefined;
      const created = await items.importProducts(websiteId, request.params.collectionId, (skus) => {
        checked = checkProductCsv(request.body.csv, currency, skus);
        if (checked.problems.length > 0) {
          throw new AppError('BAD_REQUEST', `Nothing was imported: ${checked.problems.length} ${checked.problems.length === 1 ? 'line has a problem' : 'lines have problems'}.`, {
            fields: Object.fromEntries(checked.problems.map((p) => [`line ${p.line}`, p.reason])),
          });
        }
        return checked.products.map((p) => p.body);
      });
      return { dryRun: false, products: summary(checked!), unchanged: checked!.unchanged, problems: [], imported: created.length };
    },
  );
}
