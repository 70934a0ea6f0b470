// HTTP bodies of the cart service (SPEC 3 "Shopping cart", "Cart entry"; SPEC 7 commerce calls).
import { z } from 'zod';

export const CartEntry = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  chosenVariant: z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()) }),
  title: z.string(),
  subTotal: z.number().int(),
  purchasePriceCents: z.number().int(),
});
export type CartEntry = z.infer<typeof CartEntry>;

export const ShoppingCart = z.object({
  id: z.string(),
  websiteId: z.string(),
  orderId: z.string().nullable(),
  created: z.number().int(),
  isPurchased: z.boolean(),
  entries: z.array(CartEntry),
  shippingOptions: z.array(z.unknown()),
  selectedShippingOption: z.unknown().nullable(),
  shippingLocation: z.unknown().nullable(),
  applicableTaxRules: z.array(z.unknown()),
  coupons: z.array(z.unknown()),
  validCoupons: z.array(z.unknown()),
  invalidCoupons: z.array(z.unknown()),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCostCents: z.number().int(),
  discountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  totalQuantity: z.number().int(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
});
export type ShoppingCart = z.infer<typeof ShoppingCart>;

/** GET /api/commerce/shopping-cart query (SPEC 7: mock, timecode, calculateSubtotal). */
export const GetShoppingCartQuery = z
  .object({
    mock: z.enum(['true', 'false']).optional(),
    timecode: z.string().max(64).optional(),
    calculateSubtotal: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type GetShoppingCartQuery = z.infer<typeof GetShoppingCartQuery>;
