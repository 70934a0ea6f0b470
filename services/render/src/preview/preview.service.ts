// The page editor's live preview: an owner's draft layout rendered by the same page service,
// renderer and theme as the public page, answered and forgotten (never stored, never cached).
import type { PreviewBody, PreviewResponse } from '@sc/contracts';
import type { Forwarded } from '../content/content-reader.js';
import type { PageRenderer } from '../pages/page-renderer.js';
import type { PageService } from '../pages/page.service.js';

export class PreviewService {
  constructor(
    private readonly pages: PageService,
    private readonly renderer: PageRenderer,
  ) {}

  /** The preview's answer, or null when the collection is no page of the website. */
  async render(websiteId: string, request: PreviewBody, forward: Forwarded): Promise<PreviewResponse | null> {
    const page = await this.pages.preview(websiteId, request.collectionId, request.layout, { forward }, request.styles);
    if (!page) return null;
    const shown = this.renderer.prepare(page);
    return request.only ? { blocks: this.renderer.blocksHtml(shown, request.only) } : { html: this.renderer.html(shown) };
  }
}
