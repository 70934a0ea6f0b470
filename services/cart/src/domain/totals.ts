// Cart totals in integer minor units (pure): subtotal, coupons, shipping, tax and grand total.
// grandTotal = subtotal - discount + tax + shipping; every rate is applied with integer arithmetic
// (BigInt for the products, half-up rounding once per amount), so no total is ever fractional.
//
// The money rules, all here (test/unit/totals.property.test.ts checks them on random carts):
// - Coupons discount goods only: never gift-card lines (store credit) nor donations. Their
//   minimum is checked against that eligible subtotal, and the discount never exceeds it, so the
//   grand total is never negative.
// - A cart holds one code, unless every code on it is marked combinable by the owner. Combined
//   codes apply in a fixed order whatever order they were entered in: percentages first, each on
//   what the previous ones left (two 60 % codes take 84 %, not 120 %), then fixed amounts, capped
//   at what is left, then free shipping. Codes of one kind apply in the order they were entered.
// - A code past its usage limit is refused here; checkout takes a use with a conditional UPDATE
//   (orders.repository redeemCoupon), so concurrent checkouts never pass the limit.
// - Gift cards cannot pay for gift cards: giftCardPayableCents is what a gift card may pay.
// - Tax (issue 36): the rules of the buyer's country, and of its region when a rule names one.
//   Prices without tax (the default): each rule adds rate × amount, rounded half up once per rule
//   and amount (goods after discounts; shipping when the rule taxes it), and the grand total adds
//   it. Prices with tax (the store setting "prices include tax"): the prices already hold the tax,
//   so the grand total adds nothing and the tax shown is the part they contain, amount × R /
//   (10000 + R) with R the sum of the rules' rates in basis points, rounded half up once for the
//   goods and once for the shipping. The contained tax is never more than the amount it is part of.
import { ProductType, type CouponKind, type ShippingLocation, type ShippingOption, type TaxRule } from '@sc/contracts';

export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  productType: number;
  /** One unit's shipping weight in grams (absent: none given). */
  weightGrams?: number;
}

export interface CouponDefinition {
  code: string;
  kind: CouponKind;
  /** Basis points for a percentage, minor units for a fixed amount. */
  value: number;
  minimumSubtotalCents: number;
  expiresAt: Date | null;
  /** May be used together with other combinable codes. */
  combinable: boolean;
  /** Orders that may use the code; null: no limit. */
  usageLimit: number | null;
  /** Orders that used it (paid or being paid). */
  timesUsed: number;
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
  /** The store's prices already include tax (absent: they do not). */
  pricesIncludeTax?: boolean;
}

export type InvalidCouponReason = 'unknown' | 'expired' | 'minimum' | 'used-up' | 'not-combinable';

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  /** Added tax, or with pricesIncludeTax the tax the prices contain. */
  taxCents: number;
  /** taxCents is part of the prices (not added to the grand total). */
  taxIncluded: boolean;
  grandTotalCents: number;
  /** What coupons may discount: every line but gift cards. */
  eligibleSubtotalCents: number;
  /** The part of the grand total a gift card may pay: all but the gift cards being bought. */
  giftCardPayableCents: number;
  totalQuantity: number;
  /** The shipped goods' weight in grams. */
  weightGrams: number;
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

/** The tax an amount that already includes tax at this rate contains: amount × bps / (10000 + bps), half up. */
export function includedTax(amountCents: number, bps: number): number {
  if (bps <= 0) return 0;
  const denominator = BPS + BigInt(bps);
  return Number((BigInt(amountCents) * BigInt(bps) * 2n + denominator) / (2n * denominator));
}

/** The tax of a cart's goods (after discounts) and shipping under these rules, added or contained. */
export function taxOf(rules: TaxRule[], taxableCents: number, shippingCents: number, pricesIncludeTax: boolean): number {
  if (!pricesIncludeTax) {
    let tax = 0;
    for (const rule of rules) {
      tax += applyRate(taxableCents, rule.rateBps);
      if (rule.appliesToShipping) tax += applyRate(shippingCents, rule.rateBps);
    }
    return tax;
  }
  const goodsBps = rules.reduce((sum, r) => sum + r.rateBps, 0);
  const shippingBps = rules.reduce((sum, r) => sum + (r.appliesToShipping ? r.rateBps : 0), 0);
  return includedTax(taxableCents, goodsBps) + includedTax(shippingCents, shippingBps);
}

/** Donations: order items of this type (never cart lines) are never discounted either. */
export const DONATION_TYPE = 0;

/** Lines coupons may discount: goods, not store credit (gift cards) nor donations. */
export function isDiscountable(productType: number): boolean {
  return productType !== ProductType.GIFT_CARD && productType !== DONATION_TYPE;
}

const APPLICATION_ORDER: Record<CouponKind, number> = { percentage: 0, 'fixed-amount': 1, 'free-shipping': 2 };

/** The codes that apply, their discounts, and why the others do not (the rules at the top of this file). */
export function applyCoupons(
  input: Pick<TotalsInput, 'couponCodes' | 'coupons' | 'now'>,
  eligibleSubtotal: number,
): { discount: number; freeShipping: boolean; validCoupons: Totals['validCoupons']; invalidCoupons: Totals['invalidCoupons'] } {
  const byCode = new Map(input.coupons.map((c) => [c.code.toUpperCase(), c]));
  const invalidCoupons: Totals['invalidCoupons'] = [];
  const accepted: CouponDefinition[] = [];
  for (const code of input.couponCodes) {
    const coupon = byCode.get(code.toUpperCase());
    if (!coupon) invalidCoupons.push({ code, reason: 'unknown' });
    else if (accepted.includes(coupon)) continue;
    else if (coupon.expiresAt && coupon.expiresAt.getTime() <= input.now.getTime())
      invalidCoupons.push({ code: coupon.code, reason: 'expired' });
    else if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit)
      invalidCoupons.push({ code: coupon.code, reason: 'used-up' });
    else if (eligibleSubtotal < coupon.minimumSubtotalCents) {
      invalidCoupons.push({ code: coupon.code, reason: 'minimum', minimumSubtotalCents: coupon.minimumSubtotalCents });
    } else if (accepted.length > 0 && !(coupon.combinable && accepted.every((a) => a.combinable)))
      invalidCoupons.push({ code: coupon.code, reason: 'not-combinable' });
    else accepted.push(coupon);
  }
  const discounts = new Map<CouponDefinition, number>();
  let remaining = eligibleSubtotal;
  let freeShipping = false;
  for (const coupon of [...accepted].sort((a, b) => APPLICATION_ORDER[a.kind] - APPLICATION_ORDER[b.kind])) {
    let discount = 0;
    switch (coupon.kind) {
      case 'percentage':
        discount = Math.min(applyRate(remaining, Math.max(0, Math.min(coupon.value, 10_000))), remaining);
        break;
      case 'fixed-amount':
        discount = Math.min(Math.max(0, coupon.value), remaining);
        break;
      case 'free-shipping':
        freeShipping = true;
        break;
    }
    remaining -= discount;
    discounts.set(coupon, discount);
  }
  return {
    discount: eligibleSubtotal - remaining,
    freeShipping,
    validCoupons: accepted.map((c) => ({ code: c.code, kind: c.kind, discountCents: discounts.get(c) ?? 0 })),
    invalidCoupons,
  };
}

/** Products delivered without shipping: downloads, gift cards (sent by email) and paywalled content. */
export function isDigitalType(productType: number): boolean {
  return productType === ProductType.DIGITAL || productType === ProductType.GIFT_CARD || productType === ProductType.PAYWALL;
}

/**
 * Does an option ship to this location? An option with no countries ships everywhere; one with
 * regions only to those regions (compared case-insensitively, as buyers type "me" or "ME").
 */
export function shipsTo(option: ShippingOption, location: ShippingLocation | null): boolean {
  if (option.countries.length > 0 && (location === null || !option.countries.includes(location.country))) return false;
  const regions = option.regions ?? [];
  if (regions.length === 0) return true;
  const region = location?.region?.trim().toUpperCase();
  return region !== undefined && regions.some((r) => r.trim().toUpperCase() === region);
}

/** An option's rate for this weight: the lightest band it fits in, else the option's rate. */
export function rateFor(option: ShippingOption, weightGrams: number): number {
  const bands = [...(option.weightRates ?? [])].sort((a, b) => a.upToGrams - b.upToGrams);
  return bands.find((b) => weightGrams <= b.upToGrams)?.rateCents ?? option.rateCents;
}

/** What an option costs for a cart: its rate for the weight, nothing above its free-over amount or with a free-shipping code. */
export function shippingCostOf(option: ShippingOption, weightGrams: number, afterDiscountCents: number, freeShipping: boolean): number {
  if (freeShipping || (option.freeOverCents !== null && afterDiscountCents >= option.freeOverCents)) return 0;
  return rateFor(option, weightGrams);
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
  let eligibleSubtotal = 0;
  let giftCards = 0;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  let weightGrams = 0;
  for (const line of input.lines) {
    const amount = line.unitPriceCents * line.quantity;
    if (line.productType === ProductType.PHYSICAL) weightGrams += (line.weightGrams ?? 0) * line.quantity;
    subtotal += amount;
    totalQuantity += line.quantity;
    // A gift card is money, not goods: buying one is not taxed.
    if (line.productType !== ProductType.GIFT_CARD) taxableItems += amount;
    else giftCards += amount;
    if (isDiscountable(line.productType)) eligibleSubtotal += amount;
    if (isDigitalType(line.productType)) hasDigital = true;
    if (line.productType === ProductType.PHYSICAL) requiresShipping = true;
  }
  const purelyDigital = input.lines.length > 0 && input.lines.every((l) => isDigitalType(l.productType));

  const { discount, freeShipping, validCoupons, invalidCoupons } = applyCoupons(input, eligibleSubtotal);

  const afterDiscount = subtotal - discount;
  const shippingOptions = requiresShipping
    ? input.shippingOptions
        .filter((o) => shipsTo(o, input.location))
        .map((o) => ({ ...o, costCents: shippingCostOf(o, weightGrams, afterDiscount, freeShipping) }))
    : [];
  const selected = shippingOptions.find((o) => o.id === input.selectedShippingOptionId) ?? shippingOptions[0] ?? null;
  const shipping = selected?.costCents ?? 0;

  const applicableTaxRules = taxRulesFor(input.taxRules, input.location);
  const taxable = Math.max(0, taxableItems - discount);
  const taxIncluded = input.pricesIncludeTax === true;
  const tax = taxOf(applicableTaxRules, taxable, shipping, taxIncluded);

  const grandTotal = subtotal - discount + (taxIncluded ? 0 : tax) + shipping;
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCostCents: shipping,
    taxCents: tax,
    taxIncluded,
    grandTotalCents: grandTotal,
    eligibleSubtotalCents: eligibleSubtotal,
    giftCardPayableCents: grandTotal - giftCards,
    totalQuantity,
    weightGrams,
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
