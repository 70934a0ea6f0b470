// The shipping kinds of issue 36 with exact amounts (domain/totals.ts), on the demo shop's own
// options and tax rules (rules/demo-rules.ts): flat with a free-over amount, by weight, local
// pickup for one region, per country; Maine's sales tax and Canada's GST on shipping.
import { describe, expect, it } from '@jest/globals';
import { ProductType } from '@sc/contracts';
import { computeTotals, rateFor, shipsTo, type TotalsInput } from '../../src/domain/totals.js';
import { DEMO_SHIPPING_OPTIONS, DEMO_TAX_RULES } from '../../src/rules/demo-rules.js';

const PHYSICAL = ProductType.PHYSICAL;
const cart = (over: Partial<TotalsInput>): ReturnType<typeof computeTotals> =>
  computeTotals({
    lines: [],
    couponCodes: [],
    coupons: [],
    taxRules: [...DEMO_TAX_RULES],
    shippingOptions: [...DEMO_SHIPPING_OPTIONS],
    selectedShippingOptionId: null,
    location: null,
    now: new Date('2026-11-28T00:00:00Z'),
    ...over,
  });
const tote = { unitPriceCents: 6800, quantity: 1, productType: PHYSICAL, weightGrams: 900 };
const candles = { unitPriceCents: 2700, quantity: 1, productType: PHYSICAL, weightGrams: 1200 };
const ids = (t: ReturnType<typeof computeTotals>) => t.shippingOptions.map((o) => `${o.id} ${o.costCents}`);

describe('shipping options and tax rules (demo shop)', () => {
  it('offers nothing before the buyer says where to; in Maine all three US options, pickup free', () => {
    expect(cart({ lines: [tote] }).shippingOptions).toEqual([]);
    const maine = cart({ lines: [tote], location: { country: 'US', region: 'me' } });
    expect(ids(maine)).toEqual(['standard 600', 'parcel-by-weight 900', 'pickup 0']);
    // $68.00 + $6.00 standard + 5.5 % of $68.00 ($3.74, not on shipping) = $77.74.
    expect([maine.subtotalCents, maine.shippingCostCents, maine.taxCents, maine.grandTotalCents]).toEqual([6800, 600, 374, 7774]);
    expect(maine.weightGrams).toBe(900);
  });

  it('local pickup is offered in its region only; other states pay no Maine tax', () => {
    const oregon = cart({ lines: [tote], location: { country: 'US', region: 'OR' } });
    expect(ids(oregon)).toEqual(['standard 600', 'parcel-by-weight 900']);
    expect(oregon.taxCents).toBe(0);
    expect(oregon.grandTotalCents).toBe(7400);
    const picked = cart({ lines: [tote], location: { country: 'US', region: 'ME' }, selectedShippingOptionId: 'pickup' });
    expect([picked.shippingCostCents, picked.taxCents, picked.grandTotalCents]).toEqual([0, 374, 7174]);
    expect(picked.selectedShippingOption?.pickup).toBe(true);
  });

  it('standard is free from $75.00 after discounts', () => {
    const two = cart({ lines: [{ ...tote, quantity: 2 }], location: { country: 'US', region: 'ME' } });
    expect(two.shippingCostCents).toBe(0);
    const coupon = {
      code: 'TEN',
      kind: 'fixed-amount' as const,
      value: 1000,
      minimumSubtotalCents: 0,
      expiresAt: null,
      combinable: false,
      usageLimit: null,
      timesUsed: 0,
    };
    // $78.00 − $10.00 = $68.00 < $75.00: shipping is charged again; tax is on $68.00.
    const large = { ...tote, unitPriceCents: 7800, weightGrams: 1100 };
    const discounted = cart({ lines: [large], location: { country: 'US', region: 'ME' }, couponCodes: ['TEN'], coupons: [coupon] });
    expect([discounted.discountCents, discounted.shippingCostCents, discounted.taxCents, discounted.grandTotalCents]).toEqual([
      1000, 600, 374, 7774,
    ]);
  });

  it('charges the express parcel by the weight band: ≤ 1 kg $9, ≤ 3 kg $14, above $22', () => {
    const at = (lines: TotalsInput['lines']) =>
      cart({ lines, location: { country: 'US', region: 'OR' }, selectedShippingOptionId: 'parcel-by-weight' }).shippingCostCents;
    expect(at([tote])).toBe(900);
    expect(at([tote, candles])).toBe(1400); // 2.1 kg
    expect(at([{ ...tote, quantity: 3 }, candles])).toBe(2200); // 3.9 kg
    // Digital goods weigh nothing and ship nothing.
    expect(at([tote, { unitPriceCents: 1500, quantity: 1, productType: ProductType.DIGITAL, weightGrams: 5000 }])).toBe(900);
    const express = DEMO_SHIPPING_OPTIONS.find((o) => o.id === 'parcel-by-weight')!;
    expect([rateFor(express, 1000), rateFor(express, 1001), rateFor(express, 3000), rateFor(express, 3001)]).toEqual([
      900, 1400, 1400, 2200,
    ]);
  });

  it('per country: Canada gets the express parcel and international, with 5 % GST on goods and shipping', () => {
    const canada = cart({ lines: [tote], location: { country: 'CA', region: 'ON' }, selectedShippingOptionId: 'international' });
    expect(ids(canada)).toEqual(['parcel-by-weight 900', 'international 2500']);
    // 5 % of $68.00 = $3.40, of $25.00 = $1.25.
    expect([canada.shippingCostCents, canada.taxCents, canada.grandTotalCents]).toEqual([2500, 465, 6800 + 2500 + 465]);
    expect(shipsTo(DEMO_SHIPPING_OPTIONS[3]!, { country: 'BR' })).toBe(false);
    expect(cart({ lines: [tote], location: { country: 'BR' } }).shippingOptions).toEqual([]);
  });
});
