// The content service: websites and site settings, collections, items, categories, navigation,
// header and footer, multilingual settings, commerce preferences, and the visitor features built
// on them (comments, likes, member areas, the popup overlay).
import { buildService, websiteIdOf, type BuildServiceOptions, type ServiceDefinition, type ZodApp } from '@sc/platform';
import { assetRoutes } from './assets/assets.routes.js';
import { mediaRoutes } from './assets/media.routes.js';
import { collectionRoutes } from './collections/collections.routes.js';
import { communityRoutes } from './community/community.routes.js';
import { memberOrdersConsumer, type MemberOrdersConsumerOptions } from './consumers/member-orders.consumer.js';
import { exportRoutes } from './export/export.routes.js';
import { importRoutes } from './import/import.routes.js';
import { migrations } from './migrations/index.js';
import { createContentModule, type ContentModuleOptions, type ContentParts } from './module.js';
import { eraseContentCustomer } from './privacy/erase.js';
import { publicRoutes } from './public/public.routes.js';
import { seedDemo } from './seed/demo.js';
import { answerValidationWithRuleMessages } from './shared/access.js';
import { siteRoutes } from './site/site.routes.js';
import { sitemapRoutes } from './sitemap/sitemap.routes.js';
import { storeRoutes } from './store/store.routes.js';
import type { ContentDB } from './tables.js';
import { websiteRoutes } from './websites/websites.routes.js';

export interface ContentOptions extends ContentModuleOptions {
  /** The order consumer's subscription (tests: a durable of their own), or false for none. */
  memberOrders?: MemberOrdersConsumerOptions | false;
}

/** The service definition with its captcha and the member-area order consumer. */
export function createContentService(options: ContentOptions = {}): ServiceDefinition<ContentDB, ContentParts> {
  return {
    name: 'content',
    migrations,
    erase: eraseContentCustomer,
    wire: (ctx, app) => {
      const parts = createContentModule(ctx, options);
      app.addHook('onClose', async () => parts.close());
      return parts;
    },
    routes: (app, _ctx, parts) => contentRoutes(app, parts),
    consumers: (ctx, parts) => (options.memberOrders === false ? [] : [memberOrdersConsumer(ctx, parts.memberAreas, options.memberOrders)]),
    seed: (ctx, parts) => seedDemo(ctx, parts),
  };
}

/**
 * All HTTP of the content service, in one encapsulated scope so its hooks (rule messages for
 * validation failures, storefront cache invalidation) apply to these routes only.
 */
async function contentRoutes(app: ZodApp, parts: ContentParts): Promise<void> {
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
    communityRoutes(scope, {
      comments: parts.comments,
      likes: parts.likes,
      memberAreas: parts.memberAreas,
      popup: parts.popup,
      captcha: parts.captcha,
    });
  });
}

export const contentService: ServiceDefinition<ContentDB, ContentParts> = createContentService();

/** Builds the content app (never listens). */
export const buildApp = (options: BuildServiceOptions & ContentOptions = {}) =>
  buildService(
    options.captcha || options.memberOrders !== undefined || options.assets || options.websites || options.domainVerifier
      ? createContentService(options)
      : contentService,
    options,
  );
