// The SPEC 3 shopping-cart shape, computed from stored rows and totals. Pure: no I/O.
import {
  CommerceMessages,
  formatMessage,
  formatMinorUnits,
  type CommerceCartEntry,
  type CommerceShoppingCart,
  type CurrencyCode,
  type ShippingLocation,
} from '@sc/contracts';
import { computeTotals, type Totals, type TotalsInput } from './totals.js';

export interface CartState {
  id: string;
  websiteId: string;
  orderId: string | null;
  isPurchased: boolean;
  createdAt: Date;
  couponCodes: string[];
  shippingLocation: ShippingLocation | null;
}

const EMPTY_TOTALS: Totals = computeTotals({
  lines: [],
  couponCodes: [],
  coupons: [],
  taxRules: [],
  shippingOptions: [],
  selectedShippingOptionId: null,
  location: null,
  now: new Date(0),
});

/** The wording of an invalid coupon in the cart. */
export function invalidCouponMessage(reason: Totals['invalidCoupons'][number], currency: CurrencyCode): string {
  switch (reason.reason) {
    case 'unknown':
      return CommerceMessages.couponUnknown;
    case 'expired':
      return CommerceMessages.couponExpired;
    case 'minimum':
      return formatMessage(CommerceMessages.couponMinimum, { subtotal: formatMinorUnits(reason.minimumSubtotalCents ?? 0, currency) });
    case 'used-up':
      return CommerceMessages.couponUsedUp;
    case 'not-combinable':
      return CommerceMessages.couponNotCombinable;
  }
}

/** The cart as the storefront reads it; an empty cart has every total at 0. */
export function toShoppingCart(
  cart: CartState,
  entries: CommerceCartEntry[] = [],
  totals: Totals = EMPTY_TOTALS,
  currency: CurrencyCode = 'USD',
  minimumOrderSubtotalCents = 0,
): CommerceShoppingCart {
  return {
    id: cart.id,
    websiteId: cart.websiteId,
    orderId: cart.orderId,
    created: cart.createdAt.getTime(),
    isPurchased: cart.isPurchased,
    entries,
    shippingOptions: totals.shippingOptions,
    selectedShippingOption: totals.selectedShippingOption,
    shippingLocation: cart.shippingLocation,
    applicableTaxRules: totals.applicableTaxRules,
    coupons: cart.couponCodes,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons.map((c) => ({ code: c.code, reason: invalidCouponMessage(c, currency) })),
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
    minimumOrderSubtotalCents,
    pricesIncludeTax: totals.taxIncluded,
  };
}

export type { TotalsInput };
