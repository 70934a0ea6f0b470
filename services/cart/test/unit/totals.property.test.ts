// Property tests: for random carts, coupons, shipping and tax rules, the grand total is subtotal -
// discount + tax + shipping, never negative, and every total is a whole number of minor units.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { computeTotals } from '../../src/domain/totals.js';

const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 9999 }),
  productType: fc.constantFrom(1, 2, 3, 4, 5),
});
const coupon = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
  kind: fc.constantFrom('percentage' as const, 'fixed-amount' as const, 'free-shipping' as const),
  value: fc.integer({ min: 0, max: 20_000_000 }),
  minimumSubtotalCents: fc.integer({ min: 0, max: 1_000_000 }),
  expiresAt: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), { nil: null }),
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
      }),
      { numRuns: 2000 },
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
