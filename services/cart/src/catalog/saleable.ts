// What the cart asks of the catalog about one product: how the add-to-cart rules see it, and the
// stock of each of its variants (SPEC 7 GET commerce/inventory/stock/?itemId=). Both read the
// store cache first.
import { CommerceMessages, type StockResult } from '@sc/contracts';
import type { Kysely } from 'kysely';
import { tracksStock, type SaleableProduct } from '../domain/add-to-cart.js';
import { cartFailure } from '../shared/errors.js';
import type { CartDB } from '../tables.js';
import { stockOfProduct, type ProductRow } from './products.repository.js';
import type { StoreCache } from './store-cache.js';

/** A product of the website as the add-to-cart rules see it (from the store cache). */
export async function saleableProduct(
  db: Kysely<CartDB>,
  cache: StoreCache,
  websiteId: string,
  itemId: string,
): Promise<{ row: ProductRow; rules: SaleableProduct } | undefined> {
  const row = await cache.product(db, websiteId, itemId);
  if (!row) return undefined;
  return {
    row,
    rules: {
      productType: row.product_type,
      variantOptionOrdering: row.variant_option_ordering,
      variants: row.variants,
      deleted: row.deleted,
      visible: row.visible,
      isSubscribable: row.is_subscribable,
    },
  };
}

/** One stock result per variant of a visible product (404 otherwise). */
export async function stockResultOf(db: Kysely<CartDB>, cache: StoreCache, websiteId: string, itemId: string): Promise<StockResult> {
  const product = await cache.product(db, websiteId, itemId);
  if (!product || product.deleted || !product.visible) throw cartFailure(404, CommerceMessages.productUnavailable);
  const stock = await stockOfProduct(db, websiteId, itemId);
  const byVariant = new Map(stock.map((s) => [s.variant_id, s]));
  return {
    results: product.variants.map((v) => {
      const s = byVariant.get(v.id);
      // Digital products and gift cards are never sold out (SPEC 4).
      const unlimited = !tracksStock(product.product_type) || (s?.unlimited ?? false);
      return { itemId, variantId: v.id, sku: v.sku, unlimited, qtyInStock: s?.qty ?? 0 };
    }),
  };
}
