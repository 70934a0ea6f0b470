// The starting designs' live previews (issue 34): the home page of each design's showcase website
// (`design-<id>`, made by content when the admin's gallery first lists the designs), drawn by the
// one renderer and theme, at /_designs/<id>/ on whatever host asks. Same origin as the admin app
// that frames it, so the pages' own frame-ancestors 'self' lets the gallery show it. Only the six
// showcase websites can be drawn here: the id is one of the designs, never a website id.
import { DesignId } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import { z } from 'zod';
import { sendPage } from '../pages/pages.routes.js';
import type { StorefrontService } from '../pages/storefront.service.js';
import type { ReadyPage } from '../pages/page-cache.js';

/**
 * A preview is a picture of the design: the gallery frames it sandboxed, without scripts, so its
 * islands never run (no cart made per preview, nothing to click through). Its script tags are
 * dropped too, or each would be a blocked-script error in the owner's console.
 */
function withoutScripts(page: ReadyPage): ReadyPage {
  const body = page.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
  return {
    ...page,
    body,
    bodyBytes: Buffer.from(body, 'utf8'),
    gzip: undefined,
    gzipBytes: undefined,
    etag: `${page.etag.slice(0, -1)}-static"`,
  };
}

export const DESIGN_PREVIEW_PATH = '/_designs/:design/';

export function designPreviewRoutes(app: ZodApp, storefront: StorefrontService): void {
  app.get(DESIGN_PREVIEW_PATH, { schema: { hide: true, params: z.object({ design: DesignId }).strict() } }, async (request, reply) => {
    const { page, hit } = await storefront.page(`design-${request.params.design}`, {
      path: '/',
      query: {},
      json: false,
      visitor: { forward: { 'x-request-id': request.id }, overrides: {} },
      visitorKey: '',
      flags: '',
    });
    return sendPage(request, reply, withoutScripts(page), hit);
  });
}
