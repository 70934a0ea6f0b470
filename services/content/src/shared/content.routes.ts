// All HTTP of the content service, in one encapsulated scope so its hooks (rule messages for
// validation failures, storefront cache invalidation) apply to these routes only.
import { websiteIdOf, type ZodApp } from '@sc/platform';
import { assetRoutes } from '../assets/assets.routes.js';
import { mediaRoutes } from '../assets/media.routes.js';
import { collectionRoutes } from '../collections/collections.routes.js';
import { communityRoutes } from '../community/community.routes.js';
import { exportRoutes } from '../export/export.routes.js';
import { importRoutes } from '../import/import.routes.js';
import type { ContentParts } from '../module.js';
import { publicRoutes } from '../public/public.routes.js';
import { siteRoutes } from '../site/site.routes.js';
import { sitemapRoutes } from '../sitemap/sitemap.routes.js';
import { storeRoutes } from '../store/store.routes.js';
import { websiteRoutes } from '../websites/websites.routes.js';
import { answerValidationWithRuleMessages } from './access.js';

export async function contentRoutes(app: ZodApp, parts: ContentParts): Promise<void> {
  const { cache, websites, collections, items, categories, navigation, documents, assets, media } = parts;
  await app.register(async (scope: ZodApp) => {
    answerValidationWithRuleMessages(scope);
    // Before an owner's change is answered, the website's cached storefront answers go stale.
    // (Changes with events were dropped before their events left; this also covers the rest.)
    scope.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.routeOptions.config.permission) {
        await cache.bump(websiteIdOf(request));
      }
    });
    websiteRoutes(scope, websites, parts.designs, parts.domains, parts.deletion, parts.usage);
    collectionRoutes(scope, collections, items);
    storeRoutes(scope, collections, items, categories);
    importRoutes(scope, parts.imports);
    exportRoutes(scope, parts.exports);
    siteRoutes(scope, navigation, documents);
    publicRoutes(scope, items, parts.reads);
    sitemapRoutes(scope, parts.sitemaps);
    // Uploads get their own scope: the multipart parser is theirs alone.
    await scope.register(async (uploads: ZodApp) => {
      await assetRoutes(uploads, assets.service, assets.settings.publicUrl, media);
      mediaRoutes(uploads, assets.service, media, assets.settings.publicUrl);
    });
    communityRoutes(scope, { comments: parts.comments, likes: parts.likes, memberAreas: parts.memberAreas, popup: parts.popup, captcha: parts.captcha });
  });
}
