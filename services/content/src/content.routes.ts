// All HTTP of the content service, in one encapsulated scope so its hooks (rule messages for
// validation failures, storefront cache invalidation) apply to these routes only.
import { websiteIdOf, type ServiceContext, type ZodApp } from '@sc/platform';
import { cacheFirst } from './cache-first-outbox.js';
import { CategoryService } from './categories.service.js';
import { CollectionService } from './collections.service.js';
import type { ContentDB } from './content.table.js';
import { ItemService } from './items.service.js';
import { NavigationService } from './navigation.service.js';
import { PublicCache } from './public-cache.js';
import { answerValidationWithRuleMessages } from './routes/access.js';
import { collectionRoutes } from './routes/collections.routes.js';
import { publicRoutes } from './routes/public.routes.js';
import { siteRoutes } from './routes/site.routes.js';
import { SearchService } from './search.service.js';
import { storeRoutes } from './routes/store.routes.js';
import { websiteRoutes } from './routes/websites.routes.js';
import { SiteDocumentService } from './site-documents.service.js';
import { WebsiteService } from './websites.service.js';

export async function contentRoutes(app: ZodApp, platformCtx: ServiceContext<ContentDB>): Promise<void> {
  const cache = new PublicCache(platformCtx.cache);
  // Every write drops the website's cached answers before its events may leave (cache-first-outbox.ts).
  const ctx = cacheFirst(platformCtx, cache);
  const websites = new WebsiteService(ctx);
  const collections = new CollectionService(ctx);
  const items = new ItemService(ctx);
  const categories = new CategoryService(ctx);
  const navigation = new NavigationService(ctx);
  const documents = new SiteDocumentService(ctx);
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
    siteRoutes(scope, navigation, documents);
    publicRoutes(scope, items, categories, cache, new SearchService(ctx));
  });
}
