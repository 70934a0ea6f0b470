// The live stock read model's use cases: recording the cart's stock changes (each event once, in
// the transaction that marks it handled) and reading the live stock of a page's products.
import { StockChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { LiveStock } from '../domain/live-stock.js';
import type { StockReader } from '../pages/page.service.js';
import type { RenderDB } from '../tables.js';
import { saveStockLevel, stockLevelsOf } from './stock-levels.repository.js';

export class StockService implements StockReader {
  constructor(private readonly db: Kysely<RenderDB>) {}

  /** The live stock of these items' variants. */
  levels(websiteId: string, itemIds: readonly string[]): Promise<LiveStock> {
    return stockLevelsOf(this.db, websiteId, itemIds);
  }

  /** Applies one commerce.stock.changed event for the durable `durable`; true when it was new. */
  async apply(durable: string, event: EventEnvelope): Promise<boolean> {
    if (event.type !== 'commerce.stock.changed') return false;
    const data = StockChanged.parse(event.data);
    const asOf = new Date(event.occurredAt);
    return handleOnce(this.db, durable, event, (trx) =>
      saveStockLevel(
        trx,
        event.websiteId,
        { itemId: data.itemId, variantId: data.variantId, qtyInStock: data.qtyInStock, unlimited: data.unlimited },
        asOf,
      ),
    );
  }
}
