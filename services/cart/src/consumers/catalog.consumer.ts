// Cart's product read model, fed by content's product events (never content's tables). Each event
// is applied once (handleOnce) and an older version never overwrites a newer one. The store
// currency comes with the products and with content.settings.updated.
import { ContentProductDeleted, ContentProductUpserted, ContentSettingsUpdated, isCurrencyCode, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { CartDB } from '../tables.js';
import { markProductDeleted, productRowOf, seedStock, upsertProduct } from '../catalog/products.repository.js';
import type { StoreCache } from '../catalog/store-cache.js';
import type { CartModule } from '../module.js';
import { saveRules } from '../rules/rules.repository.js';

export const CATALOG_CONSUMER = 'cart-catalog';

/**
 * Applies one content event to the read model (idempotent; exported for tests and replays) and
 * drops what `cache` (the app's store cache, when given) held of it.
 */
export async function applyContentEvent(
  ctx: ServiceContext<CartDB>,
  event: EventEnvelope,
  cache?: StoreCache,
  consumer = CATALOG_CONSUMER,
): Promise<void> {
  try {
    await apply(ctx, event, consumer);
  } finally {
    // This process forgets what it cached at once; other replicas within LOCAL_CACHE_RECHECK_MS (store-cache.ts).
    const productId = (event.data as { productId?: unknown } | null)?.productId;
    if (cache && typeof productId === 'string') await cache.productChanged(event.websiteId, productId);
    await cache?.rulesChanged(event.websiteId);
  }
}

async function apply(ctx: ServiceContext<CartDB>, event: EventEnvelope, consumer: string): Promise<void> {
  await handleOnce(ctx.db, consumer, event, async (trx) => {
    switch (event.type) {
      case 'content.product.upserted': {
        const data = ContentProductUpserted.parse(event.data);
        if (await upsertProduct(trx, productRowOf(event.websiteId, data))) {
          await seedStock(trx, event.websiteId, data);
          if (isCurrencyCode(data.currency)) await saveRules(trx, event.websiteId, { currency: data.currency });
        }
        return;
      }
      case 'content.product.deleted': {
        const data = ContentProductDeleted.parse(event.data);
        await markProductDeleted(trx, event.websiteId, data.productId, data.version);
        return;
      }
      case 'content.settings.updated': {
        const data = ContentSettingsUpdated.parse(event.data);
        if (isCurrencyCode(data.currency)) await saveRules(trx, event.websiteId, { currency: data.currency });
        return;
      }
      default:
        return;
    }
  });
}

/** The durable consumer of content events. */
export function catalogConsumer(ctx: ServiceContext<CartDB>, parts: Pick<CartModule, 'storeCache'>): SubscribeOptions {
  return {
    durable: CATALOG_CONSUMER,
    subjects: ['content.product.upserted', 'content.product.deleted', 'content.settings.updated'],
    readModel: 'cart products',
    handler: (event) => applyContentEvent(ctx, event, parts.storeCache),
  };
}
