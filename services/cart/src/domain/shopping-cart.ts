// The SPEC 3 shopping-cart shape, computed from stored rows. Pure: no I/O.
import type { ShoppingCart } from '@sc/contracts';

export interface CartState {
  id: string;
  websiteId: string;
  orderId: string | null;
  isPurchased: boolean;
  createdAt: Date;
}

/** The cart as the storefront reads it; an empty cart has every total at 0. */
export function toShoppingCart(cart: CartState): ShoppingCart {
  return {
    id: cart.id,
    websiteId: cart.websiteId,
    orderId: cart.orderId,
    created: cart.createdAt.getTime(),
    isPurchased: cart.isPurchased,
    entries: [],
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: 0,
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
  };
}
