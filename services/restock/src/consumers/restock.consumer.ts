// What restock reads from the bus: content's products and websites (names and links for the
// mail) and commerce.stock.changed (a variant back in stock notifies its waitlist when the owner
// turned automatic notification on). Each content event is applied once (handleOnce).
import { StockChanged, type EventEnvelope } from '@sc/contracts';
import type { SubscribeOptions } from '@sc/platform';
import { RESTOCK_CONSUMER } from '../catalog/catalog.service.js';
import type { RestockModule } from '../module.js';

export { RESTOCK_CONSUMER };
export const STOCK_CONSUMER = 'restock-stock';

/** Applies one content event to the read model (idempotent). */
export function applyContentEvent(parts: Pick<RestockModule, 'catalog'>, event: EventEnvelope): Promise<void> {
  return parts.catalog.apply(event);
}

/**
 * Handles a stock change: back in stock and automatic notification on → send. The send itself is
 * idempotent per signup, so a redelivered event sends nothing more.
 */
export async function applyStockChanged(parts: Pick<RestockModule, 'settings' | 'restock'>, event: EventEnvelope): Promise<number> {
  if (event.type !== 'commerce.stock.changed') return 0;
  const data = StockChanged.parse(event.data);
  if (!data.backInStock) return 0;
  const settings = await parts.settings.get(event.websiteId);
  if (!settings.autoNotify) return 0;
  return parts.restock.send(event.websiteId, [{ productId: data.itemId, variantId: data.variantId }], 'back-in-stock');
}

export function restockConsumers(parts: RestockModule): SubscribeOptions[] {
  return [
    {
      durable: RESTOCK_CONSUMER,
      subjects: ['content.product.upserted', 'content.product.deleted', 'content.website.created', 'content.website.updated'],
      readModel: 'restock catalog',
      handler: (event) => applyContentEvent(parts, event),
    },
    {
      durable: STOCK_CONSUMER,
      subjects: ['commerce.stock.changed'],
      handler: async (event) => {
        await applyStockChanged(parts, event);
      },
    },
  ];
}
