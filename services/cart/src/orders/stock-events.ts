// commerce.stock.changed, written in the transaction that moved the stock (restock reads it:
// a variant going from nothing to something is back in stock).
import type { StockChanged } from '@sc/contracts';
import { enqueueEvent } from '@sc/platform';
import type { Transaction } from 'kysely';
import type { CartDB } from '../tables.js';

export interface StockMove {
  productId: string;
  variantId: string;
  sku: string;
}

export async function announceStockChange(
  trx: Transaction<CartDB>,
  websiteId: string,
  move: StockMove,
  before: number,
  after: number,
  reason: StockChanged['reason'],
): Promise<void> {
  await enqueueEvent(trx, 'commerce.stock.changed', websiteId, {
    itemId: move.productId,
    variantId: move.variantId,
    sku: move.sku,
    previousQtyInStock: before,
    qtyInStock: after,
    previousUnlimited: false,
    unlimited: false,
    backInStock: before <= 0 && after > 0,
    reason,
  });
}
