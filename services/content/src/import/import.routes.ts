// POST .../products/{collectionId}/import: products from a CSV file (import/product-import.ts).
// dryRun true (the default) checks the file and lists every bad line; dryRun false imports, but
// only a file without problems, all its products in one transaction. A file with problems is
// refused with 400 and the same list: nothing is created. The apply checks the file again inside
// its transaction (the website locked), so lines already imported, by an earlier apply of the same
// file or by one running at the same time, are left as they are and never made twice.
import { Permission, ProductImportBody, ProductImportResult } from '@sc/contracts';
import { ownerRoute, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { websiteOf } from '../shared/access.js';
import { STORE_BASE } from '../shared/paths.js';
import type { ProductImportService } from './import.service.js';

const Params = z.object({ websiteId: z.string().min(1).max(64), collectionId: z.string().min(1).max(64) }).strict();

export function importRoutes(app: ZodApp, imports: ProductImportService): void {
  app.post(
    `${STORE_BASE}/products/:collectionId/import`,
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Import products into a store', params: Params, body: ProductImportBody, response: { 200: ProductImportResult } },
    }),
    async (request) =>
      imports.import(websiteOf(request, request.params.websiteId), request.params.collectionId, request.body.csv, request.body.dryRun),
  );
}
