// What restock reads from the bus: content's products and websites (names and links for the
// mail) and commerce.stock.changed (a variant back in stock notifies its waitlist when the owner
// turned automatic notification on). Each event is applied once (handleOnce).
import { ContentProductDeleted, ContentProductUpserted, ContentWebsiteChanged, StockChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { RestockService } from '../restock.service.js';
import type { RestockDB } from '../restock.table.js';
import { markProductDeleted, upsertProduct, upsertWebsite } from '../store/catalog.repository.js';
import { readSettings } from '../store/settings.repository.js';

export const RESTOCK_CONSUMER = 'restock-catalog';
export const STOCK_CONSUMER = 'restock-stock';

/** Applies one content event to the read model (idempotent). */
export async function applyContentEvent(ctx: ServiceContext<RestockDB>, event: EventEnvelope): Promise<void> {
  await handleOnce(ctx.db, RESTOCK_CONSUMER, event, async (trx) => {
    switch (event.type) {
      case 'content.product.upserted':
        return upsertProduct(trx, event.websiteId, ContentProductUpserted.parse(event.data));
      case 'content.product.deleted': {
        const data = ContentProductDeleted.parse(event.data);
        return markProductDeleted(trx, event.websiteId, data.productId, data.version);
      }
      case 'content.website.created':
      case 'content.website.updated': {
        const data = ContentWebsiteChanged.parse(event.data);
        return upsertWebsite(trx, event.websiteId, data.title, data.domains[0] ?? null);
      }
      default:
        return;
    }
  });
}

/**
 * Handles a stock change: back in stock and automatic notification on → send. The send itself is
 * idempotent per signup, so a redelivered event sends nothing more.
 */
export async function applyStockChanged(ctx: ServiceContext<RestockDB>, restock: RestockService, event: EventEnvelope): Promise<number> {
  if (event.type !== 'commerce.stock.changed') return 0;
  const data = StockChanged.parse(event.data);
  if (!data.backInStock) return 0;
  const settings = await readSettings(ctx.db, event.websiteId);
  if (!settings.autoNotify) return 0;
  return restock.send(event.websiteId, [{ productId: data.itemId, variantId: data.variantId }], 'back-in-stock');
}

export function restockConsumers(ctx: ServiceContext<RestockDB>, restock: RestockService): SubscribeOptions[] {
  return [
    {
      durable: RESTOCK_CONSUMER,
      subjects: ['content.product.upserted', 'content.product.deleted', 'content.website.created', 'content.website.updated'],
      readModel: 'restock catalog',
      handler: (event) => applyContentEvent(ctx, event),
    },
    {
      durable: STOCK_CONSUMER,
      subjects: ['commerce.stock.changed'],
      handler: async (event) => {
        await applyStockChanged(ctx, restock, event);
      },
    },
  ];
}
