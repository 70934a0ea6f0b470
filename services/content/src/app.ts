// The content service: websites and site settings, collections, items, categories, navigation,
// header and footer, multilingual settings, commerce preferences, and the visitor features built
// on them (comments, likes, member areas, the popup overlay).
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { memberOrdersConsumer, type MemberOrdersConsumerOptions } from './consumers/member-orders.consumer.js';
import { migrations } from './migrations/index.js';
import { createContentModule, type ContentModuleOptions, type ContentParts } from './module.js';
import { eraseContentCustomer } from './privacy/erase.js';
import { seedDemo } from './seed/demo.js';
import { contentRoutes } from './shared/content.routes.js';
import type { ContentDB } from './tables.js';

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

export const contentService: ServiceDefinition<ContentDB, ContentParts> = createContentService();

/** Builds the content app (never listens). */
export const buildApp = (options: BuildServiceOptions & ContentOptions = {}) =>
  buildService(options.captcha || options.memberOrders !== undefined || options.assets || options.websites || options.domainVerifier ? createContentService(options) : contentService, options);
