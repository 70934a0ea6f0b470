// commerce.stock.changed → the live stock read model, and the website's cached pages made stale
// (a sold-out badge, a low-stock notice and the product form's figures all follow stock). Each
// event is handled once; a late event older than the stored change leaves it as it is.
import type { EventEnvelope } from '@sc/contracts';
import type { SubscribeOptions } from '@sc/platform';
import type { PageCache } from '../pages/page-cache.js';
import type { StockService } from '../stock/stock.service.js';
import type { ConsumerOptions } from './page-cache.consumer.js';

export const STOCK_CONSUMER = 'render-stock-levels';

export function stockLevelsConsumer(stock: StockService, cache: PageCache, options: ConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ? `${options.durable}-stock` : STOCK_CONSUMER;
  return {
    ...options,
    durable,
    subjects: ['commerce.stock.changed'],
    handler: async (event: EventEnvelope) => {
      if (await stock.apply(durable, event)) await cache.invalidateWebsite(event.websiteId);
    },
  };
}
