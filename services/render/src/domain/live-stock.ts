// Live stock over content's items, pure. Content's structuredContent carries the stock a product
// started with; after that stock is the cart's (it changes with every order and inventory edit),
// and render learns it from commerce.stock.changed. Badges (sold out), the low-stock notice and
// the product form's stock figures are all read from the variants, so overlaying the variants
// is enough for every page to show live stock.
import type { ContentItem } from '@sc/contracts';

export interface StockLevel {
  qtyInStock: number;
  unlimited: boolean;
}

/** Variant id → its live stock. */
export type LiveStock = ReadonlyMap<string, StockLevel>;

/** The item with the live stock of its variants (the same object when none is known). */
export function withLiveStock(item: ContentItem, live: LiveStock): ContentItem {
  const sc = item.structuredContent;
  if (!sc || live.size === 0 || !sc.variants.some((v) => live.has(v.id))) return item;
  return {
    ...item,
    structuredContent: {
      ...sc,
      variants: sc.variants.map((v) => {
        const level = live.get(v.id);
        return level ? { ...v, qtyInStock: level.qtyInStock, unlimited: level.unlimited } : v;
      }),
    },
  };
}

/** The ids of the items that are products (the only ones with stock). */
export const productIds = (items: readonly ContentItem[]): string[] => items.filter((i) => i.structuredContent).map((i) => i.id);
