// The render service: the template engine and the server-rendered storefront pages. Pages are
// built from the content service's public routes (content/content-reader.ts says why), rendered
// with the default theme, cached, and made stale by content events and by the cart's stock
// changes (which also keep render's live stock read model, stock/).
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { HttpContentReader, type ContentReader } from './content/content-reader.js';
import { migrations } from './migrations/index.js';
import { pageCacheConsumer, type ConsumerOptions } from './pages/page-cache.consumer.js';
import { PageCache } from './pages/page-cache.js';
import { PageRenderer } from './pages/page-renderer.js';
import { PageService } from './pages/page.service.js';
import { pageRoutes } from './pages/pages.routes.js';
import { registerSecurityHeaders } from './pages/security-headers.js';
import { previewRoutes } from './pages/preview.routes.js';
import { fontRoutes } from './theme/fonts.routes.js';
import { renderSettings, type RenderSettings } from './settings.js';
import { stockLevelsConsumer } from './stock/stock.consumer.js';
import { stockLevelsOf } from './stock/stock-levels.repository.js';
import type { RenderDB } from './stock/stock.table.js';
import { AssetManifest } from './theme/asset-manifest.js';
import { Theme } from './theme/theme.js';

export interface RenderOptions {
  /** Overrides of the settings read from the environment (the embedded launcher's content URL, tests). */
  settings?: Partial<RenderSettings>;
  /** Reads content some other way than over HTTP (tests). */
  content?: ContentReader;
  /** The content-event consumer's subscription (tests: a durable of their own, new events only). */
  consumer?: ConsumerOptions;
}

/**
 * The service definition. Settings and the theme are read when the app is built (inside
 * runService's error handling, so a bad variable is one line on stderr).
 */
export function createRenderService(options: RenderOptions = {}): ServiceDefinition<RenderDB> {
  let pageCache: PageCache | undefined;
  return {
    name: 'render',
    migrations,
    routes: async (app, ctx) => {
      await registerSecurityHeaders(app);
      const settings = renderSettings(options.settings);
      const theme = Theme.load();
      pageCache = new PageCache(ctx.cache, settings.pageCacheTtlMs);
      const content = options.content ?? new HttpContentReader(settings.contentUrl, settings.contentTimeoutMs, ctx.config.IDENTITY_SIGNING_KEY);
      const renderer = new PageRenderer(theme, new AssetManifest(settings.webDist), ctx.logger);
      const stock = { levels: (websiteId: string, itemIds: readonly string[]) => stockLevelsOf(ctx.db, websiteId, itemIds) };
      const pages = new PageService(content, ctx.logger, Date.now, stock);
      previewRoutes(app, pages, renderer);
      fontRoutes(app);
      pageRoutes(app, pages, renderer, pageCache, theme);
    },
    consumers: (ctx) => (pageCache ? [pageCacheConsumer(ctx, pageCache, options.consumer), stockLevelsConsumer(ctx, pageCache, options.consumer)] : []),
  };
}

export const renderService: ServiceDefinition<RenderDB> = createRenderService();

/** Builds the render app (never listens). */
export const buildApp = (options: BuildServiceOptions & RenderOptions = {}) => buildService(createRenderService(options), options);
