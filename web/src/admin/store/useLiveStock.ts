// The live stock of a product's existing variants: the cart service's (not the product's initial
// stock), read when the product opens and written back after a save where it was changed.
import { useEffect, useState } from 'react';
import type { ContentItem } from '@sc/contracts';
import { api } from '../data.js';
import { stockOf } from './product-draft.js';
import type { VariantDraft } from './variants.js';
import { apiPath } from '../../api/client.js';

interface InventoryRow {
  itemId: string;
  variantId: string;
  qtyInStock: number;
  unlimited: boolean;
}

/** Reads the live stock of `item` (when there is one) and hands it to `onRead` for the variants shown. */
export function useLiveStock(item: ContentItem | undefined, onRead: (apply: (variants: VariantDraft[]) => VariantDraft[]) => void) {
  const [live, setLive] = useState<Map<string, InventoryRow>>(new Map());
  useEffect(() => {
    if (!item) return;
    api<{ inventory: InventoryRow[] }>('GET', `${apiPath('/commerce/inventory')}?itemId=${encodeURIComponent(item.id)}`).then(
      ({ inventory }) => {
        const rows = new Map(inventory.map((row) => [row.variantId, row]));
        setLive(rows);
        onRead((current) => current.map((v) => (v.id && rows.has(v.id) ? { ...v, qtyInStock: String(rows.get(v.id)?.qtyInStock ?? 0), unlimited: rows.get(v.id)?.unlimited ?? false } : v)));
      },
      () => undefined,
    );
  }, [item]);

  /** Existing variants: a changed stock goes to the cart service's live stock. */
  const saveStock = async (variants: VariantDraft[]) => {
    for (const v of variants) {
      const row = v.id ? live.get(v.id) : undefined;
      const qty = stockOf(v);
      if (row && (row.qtyInStock !== qty || row.unlimited !== v.unlimited)) {
        await api('PUT', apiPath('/commerce/inventory/{itemId}/{variantId}', { itemId: row.itemId, variantId: row.variantId }), { qtyInStock: qty, unlimited: v.unlimited });
      }
    }
  };
  return saveStock;
}
