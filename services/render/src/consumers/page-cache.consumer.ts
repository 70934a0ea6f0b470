// Content events make a website's cached pages stale. One durable consumer (shared by every render
// replica) takes all content subjects; each event is handled once (its id is recorded with the
// effect), though a repeat would only cost a re-render.
//
// Content drops its own cached storefront answers before a change's events leave its outbox
// (services/content/src/shared/cache-first-outbox.ts), so a page re-rendered as soon as the event arrives
// already reads the new data: one invalidation per event is enough.
import type { EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { RenderDB } from '../tables.js';
import type { PageCache } from '../pages/page-cache.js';

export const PAGE_CACHE_CONSUMER = 'render-page-cache';

/** How the consumer subscribes (tests use their own durable that starts at new events). */
export type ConsumerOptions = Partial<Pick<SubscribeOptions, 'durable' | 'newOnly' | 'forgetAfterIdleMs'>>;

/** The consumer that invalidates pages on content events. */
export function pageCacheConsumer(ctx: ServiceContext<RenderDB>, cache: PageCache, options: ConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ?? PAGE_CACHE_CONSUMER;
  return {
    ...options,
    durable,
    subjects: ['content.>'],
    readModel: 'page cache invalidation',
    handler: async (event: EventEnvelope) => {
      await handleOnce(ctx.db, durable, event, () => cache.invalidateWebsite(event.websiteId));
    },
  };
}
