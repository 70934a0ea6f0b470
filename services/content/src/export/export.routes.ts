// GET .../websites/{websiteId}/export: the owner's export of the whole website as one zip
// (export/site-export.ts). Only roles that manage the site's settings may take everything at once.
import { Permission } from '@sc/contracts';
import { ownerRoute, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { websiteOf } from '../shared/access.js';
import type { SiteExportService } from './export.service.js';

const Params = z.object({ websiteId: z.string().min(1).max(64) }).strict();

export function exportRoutes(app: ZodApp, exports: SiteExportService): void {
  app.get(
    '/api/content-service/1.0/websites/:websiteId/export',
    ownerRoute(Permission.SETTINGS_MANAGE, { schema: { summary: 'The whole website as one zip, for its owner', params: Params } }),
    async (request, reply) => {
      const { stream, fileName } = await exports.export(websiteOf(request, request.params.websiteId), (error) =>
        request.log.error({ err: error }, 'site export failed after it began'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
