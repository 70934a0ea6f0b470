// The live stock of a product's existing variants: the cart service's (not the product's initial
// stock), read when the product opens and written back after a save where it was changed.
import { useEffect, useMemo } from 'react';
import type { ContentItem } from '@sc/contracts';
import { api, useApi } from '../data.js';
import { stockOf } from './product-draft.js';
import type { VariantDraft } from './variants.js';
import { apiPath } from '../../api/client.js';
import { useLatest } from '../../lib/use-latest.js';

interface InventoryRow {
  itemId: string;
  variantId: string;
  qtyInStock: number;
  unlimited: boolean;
}

/** Reads the live stock of `item` (when there is one) and hands it to `onRead` for the variants shown. */
export function useLiveStock(item: ContentItem | undefined, onRead: (apply: (variants: VariantDraft[]) => VariantDraft[]) => void) {
  const stock = useApi<{ inventory: InventoryRow[] }>(
    item ? `${apiPath('/commerce/inventory')}?itemId=${encodeURIComponent(item.id)}` : null,
  );
  const live = useMemo(() => new Map((stock.data?.inventory ?? []).map((row) => [row.variantId, row])), [stock.data]);
  // Each answer (a failure leaves the variants as they are) puts the live stock in the draft.
  const onReadRef = useLatest(onRead);
  useEffect(() => {
    if (live.size === 0) return;
    onReadRef.current((current) =>
      current.map((v) =>
        v.id && live.has(v.id)
          ? { ...v, qtyInStock: String(live.get(v.id)?.qtyInStock ?? 0), unlimited: live.get(v.id)?.unlimited ?? false }
          : v,
      ),
    );
  }, [live, onReadRef]);

  /** Existing variants: a changed stock goes to the cart service's live stock. */
  const saveStock = async (variants: VariantDraft[]) => {
    for (const v of variants) {
      const row = v.id ? live.get(v.id) : undefined;
      const qty = stockOf(v);
      if (row && (row.qtyInStock !== qty || row.unlimited !== v.unlimited)) {
        await api('PUT', apiPath('/commerce/inventory/{itemId}/{variantId}', { itemId: row.itemId, variantId: row.variantId }), {
          qtyInStock: qty,
          unlimited: v.unlimited,
        });
      }
    }
  };
  return saveStock;
}
