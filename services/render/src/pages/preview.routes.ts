// The page editor's live preview: an owner's draft layout rendered by the same page service,
// renderer and theme as the public page, answered and forgotten (never stored, never cached).
// The whole page for the editor's frame, or only the blocks that changed (a typed letter
// re-renders one block, not 30). Owners who may read content may preview; saving is content's.
import { OwnerUiMessages, Permission, PreviewBody, PreviewResponse } from '@sc/contracts';
import { AppError, ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { PageRenderer } from './page-renderer.js';
import type { PageService } from './page.service.js';
import { visitorOf } from './pages.routes.js';

export const PREVIEW_PATH = '/api/render/1.0/websites/:websiteId/preview';

const Params = z.object({ websiteId: z.string().min(1).max(64) }).strict();

export function previewRoutes(app: ZodApp, pages: PageService, renderer: PageRenderer): void {
  app.post(
    PREVIEW_PATH,
    ownerRoute(Permission.CONTENT_READ, { schema: { summary: "Render a page's blocks with unsaved changes, for the editor's preview", params: Params, body: PreviewBody, response: { 200: PreviewResponse } } }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      if (request.params.websiteId !== websiteId) throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      const { collectionId, layout, only, styles } = request.body;
      const page = await pages.preview(websiteId, collectionId, layout, { forward: visitorOf(request).forward }, styles);
      if (!page) throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      const shown = renderer.prepare(page);
      reply.header('cache-control', 'no-store');
      return only ? { blocks: renderer.blocksHtml(shown, only) } : { html: renderer.html(shown) };
    },
  );
}
