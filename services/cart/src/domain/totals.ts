// Cart totals in integer minor units (pure): subtotal, coupons, shipping, tax and grand total.
// grandTotal = subtotal - discount + tax + shipping; the discount never exceeds the subtotal, so
// no total is negative, and every rate is applied with integer arithmetic (BigInt for the
// products, half-up rounding once per amount), so no total is ever fractional.
import { ProductType, type CouponKind, type ShippingLocation, type ShippingOption, type TaxRule } from '@sc/contracts';

export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  productType: number;
}

export interface CouponDefinition {
  code: string;
  kind: CouponKind;
  /** Basis points for a percentage, minor units for a fixed amount. */
  value: number;
  minimumSubtotalCents: number;
  expiresAt: Date | null;
}

export interface TotalsInput {
  lines: TotalsLine[];
  /** The codes on the cart, in the order they were applied. */
  couponCodes: string[];
  /** The store's coupons among those codes (unknown codes are missing here). */
  coupons: CouponDefinition[];
  taxRules: TaxRule[];
  shippingOptions: ShippingOption[];
  selectedShippingOptionId: string | null;
  location: ShippingLocation | null;
  now: Date;
}

export type InvalidCouponReason = 'unknown' | 'expired' | 'minimum';

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  applicableTaxRules: TaxRule[];
  validCoupons: Array<{ code: string; kind: CouponKind; discountCents: number }>;
  invalidCoupons: Array<{ code: string; reason: InvalidCouponReason; minimumSubtotalCents?: number }>;
}

const BPS = 10_000n;

/** amount × bps / 10000, rounded half up, in exact integer arithmetic. */
export function applyRate(amountCents: number, bps: number): number {
  const product = BigInt(amountCents) * BigInt(bps);
  return Number((product * 2n + BPS) / (2n * BPS));
}

/** Products delivered without shipping: downloads, gift cards (sent by email) and paywalled content. */
export function isDigitalType(productType: number): boolean {
  return productType === ProductType.DIGITAL || productType === ProductType.GIFT_CARD || productType === ProductType.PAYWALL;
}

/** Does an option ship to this location (an option with no countries ships everywhere)? */
export function shipsTo(option: ShippingOption, location: ShippingLocation | null): boolean {
  return option.countries.length === 0 || (location !== null && option.countries.includes(location.country));
}

/** Tax rules of a location: its country's, and its region's when the rule names one. */
export function taxRulesFor(rules: TaxRule[], location: ShippingLocation | null): TaxRule[] {
  if (!location) return [];
  const region = location.region?.trim().toUpperCase();
  return rules.filter((r) => r.country === location.country && (r.region === null || r.region.toUpperCase() === region));
}

/** Computes every total of a cart. */
export function computeTotals(input: TotalsInput): Totals {
  let subtotal = 0;
  let taxableItems = 0;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  for (const line of input.lines) {
    const amount = line.unitPriceCents * line.quantity;
    subtotal += amount;
    totalQuantity += line.quantity;
    // A gift card is money, not goods: buying one is not taxed.
    if (line.productType !== ProductType.GIFT_CARD) taxableItems += amount;
    if (isDigitalType(line.productType)) hasDigital = true;
    if (line.productType === ProductType.PHYSICAL) requiresShipping = true;
  }
  const purelyDigital = input.lines.length > 0 && input.lines.every((l) => isDigitalType(l.productType));

  const byCode = new Map(input.coupons.map((c) => [c.code.toUpperCase(), c]));
  const validCoupons: Totals['validCoupons'] = [];
  const invalidCoupons: Totals['invalidCoupons'] = [];
  let remaining = subtotal;
  let freeShipping = false;
  for (const code of input.couponCodes) {
    const coupon = byCode.get(code.toUpperCase());
    if (!coupon) {
      invalidCoupons.push({ code, reason: 'unknown' });
      continue;
    }
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= input.now.getTime()) {
      invalidCoupons.push({ code: coupon.code, reason: 'expired' });
      continue;
    }
    if (subtotal < coupon.minimumSubtotalCents) {
      invalidCoupons.push({ code: coupon.code, reason: 'minimum', minimumSubtotalCents: coupon.minimumSubtotalCents });
      continue;
    }
    let discount = 0;
    switch (coupon.kind) {
      case 'percentage':
        discount = Math.min(applyRate(subtotal, Math.min(coupon.value, 10_000)), remaining);
        break;
      case 'fixed-amount':
        discount = Math.min(coupon.value, remaining);
        break;
      case 'free-shipping':
        freeShipping = true;
        break;
    }
    remaining -= discount;
    validCoupons.push({ code: coupon.code, kind: coupon.kind, discountCents: discount });
  }
  const discount = subtotal - remaining;

  const shippingOptions = requiresShipping ? input.shippingOptions.filter((o) => shipsTo(o, input.location)) : [];
  const selected = shippingOptions.find((o) => o.id === input.selectedShippingOptionId) ?? shippingOptions[0] ?? null;
  const afterDiscount = subtotal - discount;
  let shipping = 0;
  if (selected && !freeShipping && !(selected.freeOverCents !== null && afterDiscount >= selected.freeOverCents)) shipping = selected.rateCents;

  const applicableTaxRules = taxRulesFor(input.taxRules, input.location);
  const taxable = Math.max(0, taxableItems - discount);
  let tax = 0;
  for (const rule of applicableTaxRules) {
    tax += applyRate(taxable, rule.rateBps);
    if (rule.appliesToShipping) tax += applyRate(shipping, rule.rateBps);
  }

  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCostCents: shipping,
    taxCents: tax,
    grandTotalCents: subtotal - discount + tax + shipping,
    totalQuantity,
    hasDigital,
    purelyDigital,
    requiresShipping,
    shippingOptions,
    selectedShippingOption: selected,
    applicableTaxRules,
    validCoupons,
    invalidCoupons,
  };
}
