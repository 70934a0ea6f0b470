// The wiring step of the render service: every part of one built app made once and handed (by
// the platform) to the routes and the consumers. Settings and the theme are read here, when the
// app is built (inside runService's error handling, so a bad variable is one line on stderr).
import type { ServiceContext } from '@sc/platform';
import { renderSettings, type RenderSettings } from './config.js';
import { HttpContentReader, type ContentReader } from './content/content-reader.js';
import { PageCache } from './pages/page-cache.js';
import { PageRenderer } from './pages/page-renderer.js';
import { PageService } from './pages/page.service.js';
import { SharedCachePurger } from './pages/shared-cache.js';
import { StorefrontService } from './pages/storefront.service.js';
import { PreviewService } from './preview/preview.service.js';
import { FeedService } from './seo/feed.service.js';
import { SitemapService } from './seo/sitemap.service.js';
import { StockService } from './stock/stock.service.js';
import type { RenderDB } from './tables.js';
import { AssetManifest } from './theme/asset-manifest.js';
import { Theme } from './theme/theme.js';

export interface RenderModuleOptions {
  /** Overrides of the settings read from the environment (the embedded launcher's content URL, tests). */
  settings?: Partial<RenderSettings> | undefined;
  /** Reads content some other way than over HTTP (tests). */
  content?: ContentReader | undefined;
}

/** What the wiring step makes: the platform hands it to routes and consumers. */
export interface RenderParts {
  settings: RenderSettings;
  theme: Theme;
  /** Rendered pages, made stale by content events and stock changes. */
  pageCache: PageCache;
  content: ContentReader;
  renderer: PageRenderer;
  /** The live stock read model. */
  stock: StockService;
  pages: PageService;
  /** The storefront's pages: cached, or rendered and cached. */
  storefront: StorefrontService;
  preview: PreviewService;
  /** robots.txt and the sitemaps. */
  sitemaps: SitemapService;
  /** Blogs' RSS feeds. */
  feeds: FeedService;
}

export function createRenderModule(ctx: ServiceContext<RenderDB>, options: RenderModuleOptions = {}): RenderParts {
  const settings = renderSettings(options.settings);
  const theme = Theme.load();
  const content = options.content ?? new HttpContentReader(settings.contentUrl, settings.contentTimeoutMs, ctx.config.IDENTITY_SIGNING_KEY);
  const renderer = new PageRenderer(theme, new AssetManifest(settings.webDist), ctx.logger);
  const stock = new StockService(ctx.db);
  const pages = new PageService(content, ctx.logger, Date.now, stock);
  const purger = new SharedCachePurger(settings.purgeUrls, ctx.logger);
  const pageCache = new PageCache(ctx.cache, settings.pageCacheTtlMs, (websiteId) => purger.purgeWebsite(websiteId));
  return {
    settings,
    theme,
    pageCache,
    content,
    renderer,
    stock,
    pages,
    storefront: new StorefrontService(pages, renderer, pageCache, settings.pageCacheTtlMs),
    preview: new PreviewService(pages, renderer),
    sitemaps: new SitemapService(content),
    feeds: new FeedService(content),
  };
}
