// Render's own tables (schema `render`): the live stock of each product variant, a read model of
// the cart service's commerce.stock.changed events (the cart owns stock; content only knows the
// stock a product started with).
import type { OutboxTables } from '@sc/platform';

export interface StockLevelsTable {
  website_id: string;
  item_id: string;
  variant_id: string;
  qty_in_stock: number;
  unlimited: boolean;
  /** When the cart changed it (the event's occurredAt): an older event arriving late changes nothing. */
  as_of: Date;
}

export interface RenderTables {
  stock_levels: StockLevelsTable;
}

export type RenderDB = RenderTables & OutboxTables;
