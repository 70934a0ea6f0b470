// Property tests of the money rules (domain/totals.ts): for random carts, coupons (percentage,
// fixed, free shipping, minimums, expiry, usage limits, combinable or not), shipping and tax rules,
// the grand total is subtotal - discount + tax + shipping, never negative, never fractional; gift
// cards are never discounted and never paid with a gift card; a cart of codes that are not all
// combinable gets at most what one of its codes gives alone.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ProductType } from '@sc/contracts';
import { computeTotals, type CouponDefinition, type TotalsInput } from '../../src/domain/totals.js';

const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 9999 }),
  productType: fc.constantFrom(1, 2, 3, 4, 5),
  weightGrams: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
});
const coupon = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
  kind: fc.constantFrom('percentage' as const, 'fixed-amount' as const, 'free-shipping' as const),
  value: fc.integer({ min: 0, max: 20_000_000 }),
  minimumSubtotalCents: fc.integer({ min: 0, max: 1_000_000 }),
  expiresAt: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), { nil: null }),
  combinable: fc.boolean(),
  usageLimit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  timesUsed: fc.integer({ min: 0, max: 6 }),
});
const taxRule = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  name: fc.constant('Tax'),
  country: fc.constantFrom('US', 'CA'),
  region: fc.option(fc.constantFrom('ME', 'ON'), { nil: null }),
  rateBps: fc.integer({ min: 0, max: 10_000 }),
  appliesToShipping: fc.boolean(),
});
const shipping = fc.record({
  id: fc.constantFrom('s1', 's2', 's3'),
  name: fc.constant('Ship'),
  rateCents: fc.integer({ min: 0, max: 1_000_000 }),
  freeOverCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
  countries: fc.array(fc.constantFrom('US', 'CA', 'FR'), { maxLength: 2 }),
  regions: fc.option(fc.array(fc.constantFrom('ME', 'me', 'ON'), { maxLength: 2 }), { nil: undefined }),
  weightRates: fc.option(
    fc.array(fc.record({ upToGrams: fc.integer({ min: 1, max: 60_000 }), rateCents: fc.integer({ min: 0, max: 1_000_000 }) }), {
      maxLength: 3,
    }),
    {
      nil: undefined,
    },
  ),
  pickup: fc.option(fc.boolean(), { nil: undefined }),
});
const input = fc.record({
  lines: fc.array(line, { maxLength: 8 }),
  coupons: fc.uniqueArray(coupon, { selector: (c) => c.code, maxLength: 5 }),
  couponCodes: fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'ZZ'), { maxLength: 4 }),
  taxRules: fc.array(taxRule, { maxLength: 4 }),
  shippingOptions: fc.array(shipping, { maxLength: 3 }),
  selectedShippingOptionId: fc.option(fc.constantFrom('s1', 's2', 's3'), { nil: null }),
  location: fc.option(fc.record({ country: fc.constantFrom('US', 'CA', 'FR'), region: fc.constantFrom('ME', 'ON', 'QC') }), { nil: null }),
  now: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
});

const giftCardsIn = (lines: TotalsInput['lines']) =>
  lines.filter((l) => l.productType === ProductType.GIFT_CARD).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);

describe('cart totals (fast-check)', () => {
  it('grand total = subtotal - discount + tax + shipping, never negative, never fractional', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals({ ...i, couponCodes: [...new Set(i.couponCodes)], coupons: i.coupons });
        for (const amount of [t.subtotalCents, t.discountCents, t.taxCents, t.shippingCostCents, t.grandTotalCents]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.taxCents + t.shippingCostCents);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.subtotalCents).toBe(i.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0));
        expect(t.validCoupons.reduce((sum, c) => sum + c.discountCents, 0)).toBe(t.discountCents);
        if (!t.requiresShipping) expect(t.shippingCostCents).toBe(0);
        if (t.purelyDigital) expect(t.requiresShipping).toBe(false);
        // Shipping: only options for the location's country and region are offered, each with
        // its cost for this cart; the charge is the chosen one's cost.
        expect(t.weightGrams).toBe(
          i.lines.filter((l) => l.productType === ProductType.PHYSICAL).reduce((sum, l) => sum + (l.weightGrams ?? 0) * l.quantity, 0),
        );
        for (const option of t.shippingOptions) {
          if (option.countries.length > 0) expect(option.countries).toContain(i.location?.country);
          if ((option.regions ?? []).length > 0)
            expect(option.regions?.map((r) => r.toUpperCase())).toContain(i.location?.region?.toUpperCase());
          expect(Number.isSafeInteger(option.costCents)).toBe(true);
        }
        expect(t.shippingCostCents).toBe(t.selectedShippingOption?.costCents ?? 0);
        // Coupons discount goods only, and a gift card pays for all but the gift cards.
        expect(t.eligibleSubtotalCents).toBe(t.subtotalCents - giftCardsIn(i.lines));
        expect(t.discountCents).toBeLessThanOrEqual(t.eligibleSubtotalCents);
        expect(t.giftCardPayableCents).toBe(t.grandTotalCents - giftCardsIn(i.lines));
        expect(t.giftCardPayableCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('gift-card lines never change the discount: the same cart without them gets the same codes and discount', () => {
    fc.assert(
      fc.property(input, (i) => {
        const codes = [...new Set(i.couponCodes)];
        const withCards = computeTotals({ ...i, couponCodes: codes });
        const without = computeTotals({ ...i, couponCodes: codes, lines: i.lines.filter((l) => l.productType !== ProductType.GIFT_CARD) });
        expect(withCards.discountCents).toBe(without.discountCents);
        expect(withCards.validCoupons).toEqual(without.validCoupons);
      }),
      { numRuns: 1000 },
    );
  });

  it('a cart whose codes are not all combinable holds one code, and gets at most what its best code gives alone', () => {
    fc.assert(
      fc.property(input, (i) => {
        const codes = [...new Set(i.couponCodes)];
        const t = computeTotals({ ...i, couponCodes: codes });
        const valid = t.validCoupons.map((v) => i.coupons.find((c) => c.code === v.code)!);
        if (valid.some((c) => !c.combinable)) expect(valid).toHaveLength(1);
        if (valid.length > 1) expect(valid.every((c) => c.combinable)).toBe(true);
        if (!i.coupons.some((c) => c.combinable)) {
          const alone = codes.map((code) => computeTotals({ ...i, couponCodes: [code] }).discountCents);
          expect(t.discountCents).toBeLessThanOrEqual(Math.max(0, ...alone));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never applies an expired code, a code past its usage limit, or one below its minimum', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals({ ...i, couponCodes: [...new Set(i.couponCodes)] });
        for (const v of t.validCoupons) {
          const c = i.coupons.find((x) => x.code === v.code)!;
          if (c.expiresAt) expect(c.expiresAt.getTime()).toBeGreaterThan(i.now.getTime());
          if (c.usageLimit !== null) expect(c.timesUsed).toBeLessThan(c.usageLimit);
          expect(t.eligibleSubtotalCents).toBeGreaterThanOrEqual(c.minimumSubtotalCents);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('an empty cart costs nothing whatever the coupons and rules', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals({ ...i, lines: [], coupons: i.coupons });
        expect([t.subtotalCents, t.discountCents, t.taxCents, t.shippingCostCents, t.grandTotalCents]).toEqual([0, 0, 0, 0, 0]);
      }),
    );
  });
});

describe('the issue 19 attacks, as examples', () => {
  const code = (c: string, combinable: boolean): CouponDefinition => ({
    code: c,
    kind: 'percentage',
    value: 6000,
    minimumSubtotalCents: 0,
    expiresAt: null,
    combinable,
    usageLimit: null,
    timesUsed: 0,
  });
  const base = { taxRules: [], shippingOptions: [], selectedShippingOptionId: null, location: null, now: new Date('2026-01-01') };

  it('two 60 % codes on a $100 gift card discount nothing', () => {
    const t = computeTotals({
      ...base,
      lines: [{ unitPriceCents: 10_000, quantity: 1, productType: ProductType.GIFT_CARD }],
      couponCodes: ['A', 'B'],
      coupons: [code('A', true), code('B', true)],
    });
    expect([t.discountCents, t.grandTotalCents, t.giftCardPayableCents]).toEqual([0, 10_000, 0]);
  });

  it('two 60 % codes on a $27 physical cart take 60 %, or 84 % when the owner made both combinable', () => {
    const lines = [{ unitPriceCents: 2700, quantity: 1, productType: ProductType.PHYSICAL }];
    const single = computeTotals({ ...base, lines, couponCodes: ['A', 'B'], coupons: [code('A', false), code('B', false)] });
    expect([single.discountCents, single.grandTotalCents]).toEqual([1620, 1080]);
    expect(single.invalidCoupons).toEqual([{ code: 'B', reason: 'not-combinable' }]);
    const combined = computeTotals({ ...base, lines, couponCodes: ['A', 'B'], coupons: [code('A', true), code('B', true)] });
    expect([combined.discountCents, combined.grandTotalCents]).toEqual([1620 + 648, 432]);
  });

  it('applies a fixed amount after the percentages whatever order they were entered in', () => {
    const lines = [{ unitPriceCents: 10_000, quantity: 1, productType: ProductType.PHYSICAL }];
    const fixed: CouponDefinition = { ...code('F', true), kind: 'fixed-amount', value: 1000 };
    const ten: CouponDefinition = { ...code('P', true), value: 1000 };
    const a = computeTotals({ ...base, lines, couponCodes: ['F', 'P'], coupons: [fixed, ten] });
    const b = computeTotals({ ...base, lines, couponCodes: ['P', 'F'], coupons: [fixed, ten] });
    expect(a.discountCents).toBe(1000 + 1000);
    expect(b.discountCents).toBe(a.discountCents);
  });
});
