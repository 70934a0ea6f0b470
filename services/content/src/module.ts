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
import { MemberAccess } from './community/member-access.js';
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

export interface ContentModuleOptions {
  /** The captcha verifiers of the comment form (default: from CAPTCHA_* in the environment). */
  captcha?: ((db: Kysely<CaptchaTables>) => Captcha) | undefined;
  /** Where uploaded files are kept (tests: a storage that fails); default from the environment. */
  assets?: AssetStorage | undefined;
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
  const items = new ItemService(ctx, access, outbox);
  const categories = new CategoryService(ctx, outbox);
  const search = new SearchService(ctx);
  return {
    ctx,
    cache,
    outbox,
    captcha,
    access,
    assets,
    websites,
    collections: new CollectionService(ctx, outbox),
    items,
    categories,
    navigation: new NavigationService(ctx, outbox),
    documents: new SiteDocumentService(ctx, outbox),
    search,
    reads: new PublicReadService(items, categories, cache, search, access),
    media: new MediaLibrary(ctx, assets.service, outbox),
    exports: new SiteExportService(platformCtx.db, assets.storage, websites),
    imports: new ProductImportService(items, websites),
    comments: new CommentService(ctx, captcha, access, outbox),
    likes: new LikeService(ctx, access),
    memberAreas: new MemberAreaService(ctx, access, outbox),
    popup: new PopupService(ctx, outbox),
    sitemaps: new SitemapService(ctx.db),
    close: () => {
      if (assets.storage instanceof S3AssetStorage) assets.storage.close();
    },
  };
}
