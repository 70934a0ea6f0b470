// Commerce predicates on a product item (SPEC 4 "Stock and badges", SPEC 5 variant picker rule).
import type { PredicateFn } from '../context.js';
import { ProductType, isOnSale, isSoldOut, onSale, pricesVary, productType, soldOut, variants } from '../commerce.js';

export const commercePredicates: Record<string, PredicateFn> = {
  /** Any variant (or a digital product itself) is on sale. */
  'on-sale?': (c) => onSale(c.node()),
  /** A physical or service product with no variant unlimited or in stock. */
  'sold-out?': (c) => soldOut(c.node()),
  /** More than one variant and not a digital product (when a variant picker is shown). */
  'has-variants?': (c) => variants(c.node()).length > 1 && productType(c.node()) !== ProductType.DIGITAL,
  /** The variants do not all cost the same. */
  'varied-prices?': (c) => pricesVary(c.node()),
  /** The site theme's SPEC 4 rules (any variant on sale; physical/service without stock). */
  'site-on-sale?': (c) => isOnSale(c.node()),
  'site-sold-out?': (c) => isSoldOut(c.node()),
};
