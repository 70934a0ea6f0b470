// commerce.stock.changed → the live stock read model, and the website's cached pages made stale
// (a sold-out badge, a low-stock notice and the product form's figures all follow stock). Each
// event is handled once; a late event older than the stored change leaves it as it is.
import { StockChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { ConsumerOptions } from '../pages/page-cache.consumer.js';
import type { PageCache } from '../pages/page-cache.js';
import { saveStockLevel } from './stock-levels.repository.js';
import type { RenderDB } from './stock.table.js';

export const STOCK_CONSUMER = 'render-stock-levels';

/** Applies one stock event; true when it was new. */
export async function applyStockChanged(ctx: ServiceContext<RenderDB>, durable: string, event: EventEnvelope): Promise<boolean> {
  if (event.type !== 'commerce.stock.changed') return false;
  const data = StockChanged.parse(event.data);
  const asOf = new Date(event.occurredAt);
  return handleOnce(ctx.db, durable, event, (trx) =>
    saveStockLevel(trx, event.websiteId, { itemId: data.itemId, variantId: data.variantId, qtyInStock: data.qtyInStock, unlimited: data.unlimited }, asOf),
  );
}

export function stockLevelsConsumer(ctx: ServiceContext<RenderDB>, cache: PageCache, options: ConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ? `${options.durable}-stock` : STOCK_CONSUMER;
  return {
    ...options,
    durable,
    subjects: ['commerce.stock.changed'],
    handler: async (event: EventEnvelope) => {
      if (await applyStockChanged(ctx, durable, event)) await cache.invalidateWebsite(event.websiteId);
    },
  };
}
