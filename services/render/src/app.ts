// The render service: the template engine and the server-rendered storefront pages. Pages are
// built from the content service's public routes (content/content-reader.ts says why), rendered
// with the default theme, cached, and made stale by content events and by the cart's stock
// changes (which also keep render's live stock read model, stock/).
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { pageCacheConsumer, type ConsumerOptions } from './consumers/page-cache.consumer.js';
import { stockLevelsConsumer } from './consumers/stock.consumer.js';
import { migrations } from './migrations/index.js';
import { createRenderModule, type RenderModuleOptions, type RenderParts } from './module.js';
import { pageRoutes } from './pages/pages.routes.js';
import { registerSecurityHeaders } from './pages/security-headers.js';
import { previewRoutes } from './preview/preview.routes.js';
import { seoRoutes } from './seo/seo.routes.js';
import type { RenderDB } from './tables.js';
import { fontRoutes } from './theme/fonts.routes.js';
import { designPreviewRoutes } from './preview/design-preview.routes.js';

export interface RenderOptions extends RenderModuleOptions {
  /** The content-event consumer's subscription (tests: a durable of their own, new events only). */
  consumer?: ConsumerOptions;
}

/** The service definition; its parts are made by createRenderModule (module.ts). */
export function createRenderService(options: RenderOptions = {}): ServiceDefinition<RenderDB, RenderParts> {
  return {
    name: 'render',
    migrations,
    wire: (ctx) => createRenderModule(ctx, options),
    routes: async (app, _ctx, parts) => {
      registerSecurityHeaders(app);
      previewRoutes(app, parts.preview);
      designPreviewRoutes(app, parts.storefront);
      fontRoutes(app);
      seoRoutes(app, parts.sitemaps);
      pageRoutes(app, parts.storefront, parts.theme, parts.feeds);
    },
    consumers: (ctx, parts) => [
      pageCacheConsumer(ctx, parts.pageCache, options.consumer),
      stockLevelsConsumer(parts.stock, parts.pageCache, options.consumer),
    ],
  };
}

export const renderService: ServiceDefinition<RenderDB, RenderParts> = createRenderService();

/** Builds the render app (never listens). */
export const buildApp = (options: BuildServiceOptions & RenderOptions = {}) => buildService(createRenderService(options), options);
