// The content service: websites and site settings, collections, items, categories, navigation,
// header and footer, multilingual settings, commerce preferences, and the visitor features built
// on them (comments, likes, member areas, the popup overlay).
import type { Kysely } from 'kysely';
import { buildService, type BuildServiceOptions, type Captcha, type CaptchaTables, type ServiceDefinition } from '@sc/platform';
import type { AssetStorage } from './assets/asset-storage.js';
import { assetRuntimes } from './assets/assets.runtime.js';
import type { MemberAreaService } from './community/member-areas.service.js';
import { memberOrdersConsumer, type MemberOrdersConsumerOptions } from './consumers/member-orders.consumer.js';
import { eraseContentCustomer } from './privacy/erase.js';
import { contentRoutes } from './shared/content.routes.js';
import type { ContentDB } from './tables.js';
import { migrations } from './migrations/index.js';
import { seedDemo } from './seed/demo.js';

export interface ContentOptions {
  /** The captcha verifiers of the comment form (default: from CAPTCHA_* in the environment). */
  captcha?: (db: Kysely<CaptchaTables>) => Captcha;
  /** The order consumer's subscription (tests: a durable of their own), or false for none. */
  memberOrders?: MemberOrdersConsumerOptions | false;
  /** Where uploaded files are kept (tests: a storage that fails); default a directory. */
  assets?: AssetStorage;
}

/** The service definition with its captcha and the member-area order consumer. */
export function createContentService(options: ContentOptions = {}): ServiceDefinition<ContentDB> {
  // The routes and the consumer of one built app share its member-area service (keyed by the app's context).
  const memberAreas = new WeakMap<object, MemberAreaService>();
  const assets = assetRuntimes(options.assets);
  return {
    name: 'content',
    migrations,
    erase: eraseContentCustomer,
    routes: (app, ctx) => contentRoutes(app, ctx, { captcha: options.captcha, assets: assets(ctx), onMemberAreas: (service) => memberAreas.set(ctx, service) }),
    consumers: (ctx) => {
      const service = memberAreas.get(ctx);
      if (!service || options.memberOrders === false) return [];
      return [memberOrdersConsumer(ctx, service, options.memberOrders)];
    },
    seed: (ctx) => seedDemo(ctx, assets(ctx).service),
  };
}

export const contentService: ServiceDefinition<ContentDB> = createContentService();

/** Builds the content app (never listens). */
export const buildApp = (options: BuildServiceOptions & ContentOptions = {}) =>
  buildService(options.captcha || options.memberOrders !== undefined || options.assets ? createContentService(options) : contentService, options);
