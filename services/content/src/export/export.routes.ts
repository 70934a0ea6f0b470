// GET .../websites/{websiteId}/export: the owner's export of the whole website as one zip
// (export/site-export.ts). Only roles that manage the site's settings may take everything at once.
import { DEFAULT_CURRENCY, Permission, isCurrencyCode } from '@sc/contracts';
import { ownerRoute, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { AssetStorage } from '../assets/asset-storage.js';
import { siteExport } from './site-export.js';
import type { Db } from '../shared/db.js';
import type { WebsiteService } from '../websites/websites.service.js';
import { websiteOf } from '../shared/access.js';

const Params = z.object({ websiteId: z.string().min(1).max(64) }).strict();

export function exportRoutes(app: ZodApp, db: Db, storage: AssetStorage, websites: WebsiteService): void {
  app.get('/api/content-service/1.0/websites/:websiteId/export', ownerRoute(Permission.SETTINGS_MANAGE, { schema: { summary: 'The whole website as one zip, for its owner', params: Params } }), async (request, reply) => {
    const websiteId = websiteOf(request, request.params.websiteId);
    const currency = (await websites.settings(websiteId)).currency;
    const stream = siteExport({
      db,
      storage,
      websiteId,
      currency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
      onError: (error) => request.log.error({ err: error }, 'site export failed after it began'),
    });
    const name = `site-${websiteId.replace(/[^A-Za-z0-9_-]/g, '-')}-${new Date().toISOString().slice(0, 10)}.zip`;
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(stream);
  });
}
