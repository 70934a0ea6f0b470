// The wiring step of the content service: every part of one built app made once, in the order
// they need each other, and handed (by the platform) to the routes, the consumers and the seed.
import type { Kysely } from 'kysely';
import { Captcha, type CaptchaTables, type ServiceContext, withTables } from '@sc/platform';
import type { AssetStorage } from './assets/asset-storage.js';
import { createAssetRuntime, type AssetRuntime } from './assets/assets.runtime.js';
import { MediaLibrary } from './assets/media.service.js';
import { S3AssetStorage } from './assets/s3-storage.js';
import { CategoryService } from './categories/categories.service.js';
import { CollectionService } from './collections/collections.service.js';
import { CommentService } from './community/comments.service.js';
import { LikeService } from './community/likes.service.js';
import { MemberAccess } from './community/member-access.service.js';
import { MemberAreaService } from './community/member-areas.service.js';
import { SitemapService } from './sitemap/sitemap.service.js';
import { PopupService } from './community/popup.service.js';
import { SiteExportService } from './export/export.service.js';
import { ProductImportService } from './import/import.service.js';
import { ItemService } from './items/items.service.js';
import { NavigationService } from './navigation/navigation.service.js';
import { PublicReadService } from './public/public.service.js';
import { SearchService } from './search/search.service.js';
import { CacheFirstOutbox } from './shared/cache-first-outbox.js';
import { PublicCache } from './shared/public-cache.js';
import { SiteDocumentService } from './site/site-documents.service.js';
import type { ContentDB } from './tables.js';
import { WebsiteService } from './websites/websites.service.js';
import { DesignPictures } from './websites/design-pictures.js';
import { WebsiteDesignService } from './websites/website-designs.service.js';
import { DomainService, networkVerifier, type DomainVerifier } from './websites/domains.service.js';
import { WebsiteDeletionService } from './websites/website-deletion.service.js';
import { WebsiteUsageService } from './websites/website-limits.service.js';
import { websiteSettings, type WebsiteSettings } from './config.js';

export interface ContentModuleOptions {
  /** The captcha verifiers of the comment form (default: from CAPTCHA_* in the environment). */
  captcha?: ((db: Kysely<CaptchaTables>) => Captcha) | undefined;
  /** Where uploaded files are kept (tests: a storage that fails); default from the environment. */
  assets?: AssetStorage | undefined;
  /** New websites' addresses and the per-owner limit (default: from the environment). */
  websites?: Partial<WebsiteSettings> | undefined;
  /** How custom domains are verified (default: DNS and HTTP). */
  domainVerifier?: DomainVerifier | undefined;
}

/** What the wiring step makes: the platform hands it to routes, consumers and seed. */
export interface ContentParts {
  /** The context the services run on: its transactions drop the cached answers before events leave. */
  ctx: ServiceContext<ContentDB>;
  /** The storefront's cached answers (bumped on every change). */
  cache: PublicCache;
  /** Where every content event is written (held until the cache is bumped). */
  outbox: CacheFirstOutbox;
  captcha: Captcha;
  access: MemberAccess;
  /** Uploaded files: their storage, settings and pipeline. */
  assets: AssetRuntime;
  websites: WebsiteService;
  /** Websites made from starting designs, and design switches. */
  designs: WebsiteDesignService;
  /** Custom domains and their verification. */
  domains: DomainService;
  /** Deleting, restoring and purging websites. */
  deletion: WebsiteDeletionService;
  usage: WebsiteUsageService;
  collections: CollectionService;
  items: ItemService;
  categories: CategoryService;
  navigation: NavigationService;
  documents: SiteDocumentService;
  search: SearchService;
  /** The storefront's reads of more than one step (the cached item listing above all). */
  reads: PublicReadService;
  media: MediaLibrary;
  exports: SiteExportService;
  imports: ProductImportService;
  comments: CommentService;
  likes: LikeService;
  memberAreas: MemberAreaService;
  popup: PopupService;
  /** What the sitemaps list (issue 37). */
  sitemaps: SitemapService;
  /** Lets go of what the parts hold open (the S3 client). */
  close(): void;
}

export function createContentModule(platformCtx: ServiceContext<ContentDB>, options: ContentModuleOptions = {}): ContentParts {
  const cache = new PublicCache(platformCtx.cache);
  // Every write drops the website's cached answers before its events may leave (shared/cache-first-outbox.ts).
  const outbox = new CacheFirstOutbox(platformCtx, cache);
  const ctx = outbox.context;
  const captchaDb = withTables<CaptchaTables>(platformCtx.db);
  const captcha = options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb);
  const access = new MemberAccess(ctx.db);
  const assets = createAssetRuntime(platformCtx, options.assets);
  const websites = new WebsiteService(ctx, outbox);
  const siteSettings = websiteSettings({
    ...(platformCtx.config.PUBLIC_URL ? { publicUrl: platformCtx.config.PUBLIC_URL } : {}),
    ...options.websites,
  });
  const items = new ItemService(ctx, access, outbox, { productsPerWebsite: siteSettings.productsPerWebsite });
  const categories = new CategoryService(ctx, outbox);
  const search = new SearchService(ctx);
  const collections = new CollectionService(ctx, outbox, { pagesPerWebsite: siteSettings.pagesPerWebsite });
  const navigation = new NavigationService(ctx, outbox);
  const documents = new SiteDocumentService(ctx, outbox);
  const designs = new WebsiteDesignService(
    { ctx, websites, collections, items, navigation, documents, cache },
    new DesignPictures(assets.service),
    siteSettings,
  );
  const domains = new DomainService(
    ctx,
    siteSettings,
    options.domainVerifier ?? networkVerifier(siteSettings.domainVerifyHttpPort),
    outbox,
  );
  const deletion = new WebsiteDeletionService(ctx, websites, cache, outbox, assets.storage);
  // Websites deleted more than 30 days ago are purged a minute after start, then every six hours.
  const purge = () =>
    void deletion
      .purgeDue(Date.now(), platformCtx.logger)
      .catch((error: unknown) => platformCtx.logger.warn({ err: error }, 'purging deleted websites failed'));
  const purgeTimers = [setTimeout(purge, 60_000).unref(), setInterval(purge, 6 * 3_600_000).unref()];
  return {
    ctx,
    cache,
    outbox,
    captcha,
    access,
    assets,
    websites,
    designs,
    domains,
    deletion,
    usage: new WebsiteUsageService(ctx.db, siteSettings),
    collections,
    items,
    categories,
    navigation,
    documents,
    search,
    reads: new PublicReadService(items, categories, cache, search, access),
    media: new MediaLibrary(ctx, assets.service, outbox, siteSettings),
    exports: new SiteExportService(platformCtx.db, assets.storage, websites),
    imports: new ProductImportService(items, websites),
    comments: new CommentService(ctx, captcha, access, outbox),
    likes: new LikeService(ctx, access),
    memberAreas: new MemberAreaService(ctx, access, outbox),
    popup: new PopupService(ctx, outbox),
    sitemaps: new SitemapService(ctx.db),
    close: () => {
      for (const timer of purgeTimers) clearTimeout(timer);
      if (assets.storage instanceof S3AssetStorage) assets.storage.close();
    },
  };
}
