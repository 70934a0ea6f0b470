// All HTTP of the content service, in one encapsulated scope so its hooks (rule messages for
// validation failures, storefront cache invalidation) apply to these routes only.
import type { Kysely } from 'kysely';
import { Captcha, websiteIdOf, type CaptchaTables, type ServiceContext, type ZodApp } from '@sc/platform';
import { assetRoutes } from '../assets/assets.routes.js';
import type { AssetRuntime } from '../assets/assets.runtime.js';
import { MediaLibrary } from '../assets/media-library.js';
import { mediaRoutes } from '../assets/media.routes.js';
import { S3AssetStorage } from '../assets/s3-storage.js';
import { cacheFirst } from './cache-first-outbox.js';
import { CommentService } from '../community/comments.service.js';
import { LikeService } from '../community/likes.service.js';
import { MemberAccess } from '../community/member-access.js';
import { MemberAreaService } from '../community/member-areas.service.js';
import { PopupService } from '../community/popup.service.js';
import { CategoryService } from '../categories/categories.service.js';
import { CollectionService } from '../collections/collections.service.js';
import type { ContentDB } from '../tables.js';
import { ItemService } from '../items/items.service.js';
import { NavigationService } from '../navigation/navigation.service.js';
import { PublicCache } from './public-cache.js';
import { answerValidationWithRuleMessages } from './access.js';
import { collectionRoutes } from '../collections/collections.routes.js';
import { communityRoutes } from '../community/community.routes.js';
import { publicRoutes } from '../public/public.routes.js';
import { siteRoutes } from '../site/site.routes.js';
import { SearchService } from '../search/search.service.js';
import { exportRoutes } from '../export/export.routes.js';
import { importRoutes } from '../import/import.routes.js';
import { storeRoutes } from '../store/store.routes.js';
import { websiteRoutes } from '../websites/websites.routes.js';
import { SiteDocumentService } from '../site/site-documents.service.js';
import { WebsiteService } from '../websites/websites.service.js';

export interface ContentRouteOptions {
  /** The captcha verifiers of the comment form (default: from CAPTCHA_* in the environment). */
  captcha?: ((db: Kysely<CaptchaTables>) => Captcha) | undefined;
  /** Called with the member-area service the routes use (the order consumer shares it). */
  onMemberAreas?: ((service: MemberAreaService) => void) | undefined;
  /** Uploaded files: their storage and pipeline (shared with the demo seed). */
  assets: AssetRuntime;
}

export async function contentRoutes(app: ZodApp, platformCtx: ServiceContext<ContentDB>, options: ContentRouteOptions): Promise<void> {
  const cache = new PublicCache(platformCtx.cache);
  // Every write drops the website's cached answers before its events may leave (cache-first-outbox.ts).
  const ctx = cacheFirst(platformCtx, cache);
  const captchaDb = platformCtx.db as unknown as Kysely<CaptchaTables>;
  const captcha = options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb);
  const access = new MemberAccess(ctx.db);
  const memberAreas = new MemberAreaService(ctx, access);
  options.onMemberAreas?.(memberAreas);
  const websites = new WebsiteService(ctx);
  const collections = new CollectionService(ctx);
  const items = new ItemService(ctx, access);
  const categories = new CategoryService(ctx);
  const navigation = new NavigationService(ctx);
  const documents = new SiteDocumentService(ctx);
  const { service: assets, settings: assetSettings, storage: assetStorage } = options.assets;
  if (assetStorage instanceof S3AssetStorage) app.addHook('onClose', async () => assetStorage.close());
  await app.register(async (scope: ZodApp) => {
    answerValidationWithRuleMessages(scope);
    // Before an owner's change is answered, the website's cached storefront answers go stale.
    // (Changes with events were dropped before their events left; this also covers the rest.)
    scope.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.routeOptions.config.permission) {
        await cache.bump(websiteIdOf(request));
      }
    });
    websiteRoutes(scope, websites);
    collectionRoutes(scope, collections, items);
    storeRoutes(scope, collections, items, categories);
    importRoutes(scope, items, websites);
    exportRoutes(scope, platformCtx.db, assetStorage, websites);
    siteRoutes(scope, navigation, documents);
    publicRoutes(scope, items, categories, cache, new SearchService(ctx), access);
    // Uploads get their own scope: the multipart parser is theirs alone.
    await scope.register(async (uploads: ZodApp) => {
      const library = new MediaLibrary(ctx, assets);
      await assetRoutes(uploads, assets, assetSettings.publicUrl, library);
      mediaRoutes(uploads, assets, library, assetSettings.publicUrl);
    });
    communityRoutes(scope, {
      comments: new CommentService(ctx, captcha, access),
      likes: new LikeService(ctx, access),
      memberAreas,
      popup: new PopupService(ctx),
      captcha,
    });
  });
}
