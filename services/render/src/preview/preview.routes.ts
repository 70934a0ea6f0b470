// The page editor's live preview over HTTP (preview.service.ts): the whole page for the editor's
// frame, or only the blocks that changed. Owners who may read content may preview; saving is content's.
import { OwnerUiMessages, Permission, PreviewBody, PreviewResponse } from '@sc/contracts';
import { AppError, ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { visitorOf } from '../pages/pages.routes.js';
import type { PreviewService } from './preview.service.js';

export const PREVIEW_PATH = '/api/render/1.0/websites/:websiteId/preview';

const Params = z.object({ websiteId: z.string().min(1).max(64) }).strict();

export function previewRoutes(app: ZodApp, preview: PreviewService): void {
  app.post(
    PREVIEW_PATH,
    ownerRoute(Permission.CONTENT_READ, {
      schema: {
        summary: "Render a page's blocks with unsaved changes, for the editor's preview",
        params: Params,
        body: PreviewBody,
        response: { 200: PreviewResponse },
      },
    }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      if (request.params.websiteId !== websiteId) throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      const answer = await preview.render(websiteId, request.body, visitorOf(request).forward);
      if (!answer) throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
}
