// Commerce predicates on a product item (SPEC 4 "Stock and badges", SPEC 5 variant picker rule).
import type { PredicateFn } from '../context.js';
import { ProductType, hasVariedPrices, isOnSale, isSoldOut, productType, storeCurrency, variants } from '../commerce.js';

export const commercePredicates: Record<string, PredicateFn> = {
  /** Any variant (or a digital product itself) is on sale. */
  'on-sale?': (c) => isOnSale(c.node()),
  /** A physical or service product with no variant unlimited or in stock. */
  'sold-out?': (c) => isSoldOut(c.node()),
  /** More than one variant and not a digital product (when a variant picker is shown). */
  'has-variants?': (c) => variants(c.node()).length > 1 && productType(c.node()) !== ProductType.DIGITAL,
  /** The variants do not all cost the same. */
  'varied-prices?': (c) => hasVariedPrices(c.node(), storeCurrency(c.root)),
};
