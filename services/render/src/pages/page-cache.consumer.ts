// Content events make a website's cached pages stale. One durable consumer (shared by every render
// replica) takes all content subjects; each event is handled once (its id is recorded with the
// effect), though a repeat would only cost a re-render.
//
// Content refreshes its own storefront cache just after its change commits, while the event may
// already be on its way: a page re-rendered in that gap would be made from content's old answer.
// So the website's pages are made stale a second time shortly after the event.
import type { EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { PageCache } from './page-cache.js';

export const PAGE_CACHE_CONSUMER = 'render-page-cache';
/** How long after an event its website's pages are made stale again. */
export const SETTLE_MS = 1_000;

/** How the consumer subscribes (tests use their own durable that starts at new events). */
export type ConsumerOptions = Partial<Pick<SubscribeOptions, 'durable' | 'newOnly' | 'forgetAfterIdleMs'>>;

/** The consumer that invalidates pages on content events. */
export function pageCacheConsumer(ctx: ServiceContext<unknown>, cache: PageCache, options: ConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ?? PAGE_CACHE_CONSUMER;
  return {
    ...options,
    durable,
    subjects: ['content.>'],
    handler: async (event: EventEnvelope) => {
      const handled = await handleOnce(ctx.db, durable, event, () => cache.invalidateWebsite(event.websiteId));
      if (!handled) return;
      setTimeout(() => {
        cache.invalidateWebsite(event.websiteId).catch((error: unknown) => ctx.logger.warn({ err: error, websiteId: event.websiteId }, 'could not make pages stale again'));
      }, SETTLE_MS).unref();
    },
  };
}
