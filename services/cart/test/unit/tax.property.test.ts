// Tax with prices with or without tax (domain/totals.ts, issue 36): exact amounts for the demo's
// rules, and properties on random carts. Prices with tax: the grand total is what the price tags
// say (nothing added), the tax shown is the part they contain, never more than they are, and it is
// the tax the untaxed part would pay (within the one cent of rounding). Prices without tax: the
// tax is added, once per rule.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ProductType, type TaxRule } from '@sc/contracts';
import { applyRate, computeTotals, includedTax, taxOf, type TotalsInput } from '../../src/domain/totals.js';

const maine: TaxRule = { id: 'us-me', name: 'Maine sales tax', country: 'US', region: 'ME', rateBps: 550, appliesToShipping: false };
const gst: TaxRule = { id: 'ca-gst', name: 'GST', country: 'CA', region: null, rateBps: 500, appliesToShipping: true };
const qst: TaxRule = { id: 'ca-qc', name: 'QST', country: 'CA', region: 'QC', rateBps: 998, appliesToShipping: true };

const cart = (over: Partial<TotalsInput>): TotalsInput => ({
  lines: [
    { unitPriceCents: 3000, quantity: 1, productType: ProductType.PHYSICAL },
    { unitPriceCents: 3200, quantity: 1, productType: ProductType.PHYSICAL },
  ],
  couponCodes: ['TEN'],
  coupons: [
    {
      code: 'TEN',
      kind: 'fixed-amount',
      value: 1000,
      minimumSubtotalCents: 0,
      expiresAt: null,
      combinable: false,
      usageLimit: null,
      timesUsed: 0,
    },
  ],
  taxRules: [maine, gst, qst],
  shippingOptions: [{ id: 'standard', name: 'Standard', rateCents: 600, freeOverCents: null, countries: [] }],
  selectedShippingOptionId: 'standard',
  location: { country: 'US', region: 'ME' },
  now: new Date('2026-01-01'),
  ...over,
});

describe('tax, prices with or without tax', () => {
  it('adds Maine tax to goods after the coupon, not to shipping, when prices exclude tax', () => {
    const t = computeTotals(cart({}));
    // $62.00 - $10.00 = $52.00; 5.5 % = $2.86; + $6.00 shipping.
    expect(t).toMatchObject({
      subtotalCents: 6200,
      discountCents: 1000,
      shippingCostCents: 600,
      taxCents: 286,
      taxIncluded: false,
      grandTotalCents: 5486 + 600,
    });
  });

  it('shows the tax the prices contain, and adds nothing, when prices include tax', () => {
    const t = computeTotals(cart({ pricesIncludeTax: true }));
    // $52.00 × 550 / 10550 = 271.09… → $2.71; the buyer pays the tags: $52.00 + $6.00.
    expect(t).toMatchObject({ taxCents: 271, taxIncluded: true, grandTotalCents: 5800 });
  });

  it('sums a country and a region rule, on shipping too, once per amount when included', () => {
    const location = { country: 'CA', region: 'qc' };
    const excl = computeTotals(cart({ location }));
    // GST 5 % and QST 9.98 % of $52.00 (260 + 518.96→519) and of $6.00 shipping (30 + 59.88→60).
    expect(excl.taxCents).toBe(260 + 519 + 30 + 60);
    expect(excl.grandTotalCents).toBe(5200 + 600 + 869);
    const incl = computeTotals(cart({ location, pricesIncludeTax: true }));
    // 5200 × 1498 / 11498 = 677.47… → 677; 600 × 1498 / 11498 = 78.17… → 78.
    expect(incl.taxCents).toBe(677 + 78);
    expect(incl.grandTotalCents).toBe(5800);
  });

  it('has no tax where no rule applies (no address yet, or another country)', () => {
    expect(computeTotals(cart({ location: null, pricesIncludeTax: true })).taxCents).toBe(0);
    expect(computeTotals(cart({ location: { country: 'FR', region: '' } })).taxCents).toBe(0);
  });

  it('rounds half up: 50 cents at 1 % holds 0.495… → 0; 101 cents at 1 % holds exactly 1', () => {
    expect(includedTax(50, 100)).toBe(0);
    expect(includedTax(101, 100)).toBe(1);
    expect(includedTax(0, 2000)).toBe(0);
    expect(includedTax(12_000, 2000)).toBe(2000);
  });

  const rule = fc.record({
    id: fc.constant('r'),
    name: fc.constant('Tax'),
    country: fc.constant('US'),
    region: fc.constant(null),
    rateBps: fc.integer({ min: 0, max: 10_000 }),
    appliesToShipping: fc.boolean(),
  });

  it('contained tax is an integer, at most the amount, and what the untaxed rest would pay (±1 cent)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const tax = includedTax(amount, bps);
        expect(Number.isSafeInteger(tax)).toBe(true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
        expect(Math.abs(applyRate(amount - tax, bps) - tax)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('with tax included the buyer pays the price tags; without, the tags plus the tax', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
            quantity: fc.integer({ min: 1, max: 99 }),
            productType: fc.constantFrom(1, 2, 3, 4, 5),
          }),
          { maxLength: 6 },
        ),
        fc.array(rule, { maxLength: 3 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, taxRules, rateCents) => {
          const base = cart({
            lines,
            taxRules,
            couponCodes: [],
            shippingOptions: [{ id: 'standard', name: 'Standard', rateCents, freeOverCents: null, countries: [] }],
            location: { country: 'US', region: 'ME' },
          });
          const excl = computeTotals(base);
          const incl = computeTotals({ ...base, pricesIncludeTax: true });
          expect(incl.grandTotalCents).toBe(incl.subtotalCents - incl.discountCents + incl.shippingCostCents);
          expect(excl.grandTotalCents).toBe(excl.subtotalCents - excl.discountCents + excl.shippingCostCents + excl.taxCents);
          expect(incl.taxCents).toBeLessThanOrEqual(incl.grandTotalCents);
          expect(incl.taxCents).toBe(taxOf(incl.applicableTaxRules, incl.subtotalCents - giftCards(lines), incl.shippingCostCents, true));
          // Contained tax never exceeds what the same rates would add on top.
          expect(incl.taxCents).toBeLessThanOrEqual(excl.taxCents + 2);
        },
      ),
    );
  });
});

function giftCards(lines: TotalsInput['lines']): number {
  return lines.filter((l) => l.productType === ProductType.GIFT_CARD).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}
