// A page's context through the theme: the island scripts the page needs (from the web app's
// manifest) and the theme's stylesheet are added to the context, then the layout renders it.
import type { Logger } from '@sc/platform';
import type { AssetManifest } from '../theme/asset-manifest.js';
import type { Theme } from '../theme/theme.js';
import type { Page } from './page-context.js';

export class PageRenderer {
  constructor(
    private readonly theme: Theme,
    private readonly assets: AssetManifest,
    private readonly logger: Logger,
  ) {}

  /** Digest of what besides content decides a page's HTML (the web app's build). */
  version(): string {
    return this.assets.digest();
  }

  /** Adds the page's asset tags to its context (so `?format=json` shows them too). */
  prepare(page: Page): Page {
    const islands = page.context.islands.map((i) => i.name).filter((name) => name !== 'site-context');
    page.context.assets = { ...this.assets.forIslands(islands), themeCss: this.theme.css.path };
    return page;
  }

  /** The HTML of some blocks of a layout page, each alone (the page editor's preview of what changed). */
  blocksHtml(page: Page, indices: readonly number[]): Array<{ index: number; html: string }> {
    const blocks = Array.isArray(page.context.blocks) ? (page.context.blocks as unknown[]) : [];
    return [...new Set(indices)]
      .filter((index) => index >= 0 && index < blocks.length)
      .map((index) => {
        const { html, errors } = this.theme.renderPartial(
          page.template,
          'layout-block.block',
          page.context,
          blocks[index],
          this.#options(page),
        );
        if (errors.length > 0)
          this.logger.warn(
            { path: page.context.path, index, errors: errors.slice(0, 5) },
            'template problems while rendering a block preview',
          );
        return { index, html: html.trim() };
      });
  }

  #options(page: Page): { locale: string | undefined; timezone: string | undefined } {
    const website = page.context.website;
    return {
      locale: typeof website.language === 'string' ? website.language : undefined,
      timezone: typeof website.timeZone === 'string' ? website.timeZone : undefined,
    };
  }

  /**
   * The page's HTML; template problems are logged, the output is as complete as the engine made it.
   * `nonce` goes on the script tags the layout emits (the page's CSP names it: security-headers.ts).
   */
  html(page: Page, nonce?: string): string {
    const website = page.context.website;
    const { html, errors } = this.theme.render(page.template, nonce ? { ...page.context, cspNonce: nonce } : page.context, {
      locale: typeof website.language === 'string' ? website.language : undefined,
      timezone: typeof website.timeZone === 'string' ? website.timeZone : undefined,
    });
    if (errors.length > 0)
      this.logger.warn(
        { template: page.template, path: page.context.path, errors: errors.slice(0, 5) },
        'template problems while rendering a page',
      );
    return html;
  }
}
