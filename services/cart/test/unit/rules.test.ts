// SPEC 5 add-to-cart rules, the subscription wording and the SPEC 9 money format (pure).
import { describe, expect, it } from '@jest/globals';
import { MONEY_FORMAT_ERROR, formatMinorUnits, formatMoney, CURRENCY_CODES } from '@sc/contracts';
import { parseQuantity, resolveVariant, unselectedOptionsMessage } from '../../src/domain/add-to-cart.js';
import { addPeriod, nextBillingDate, periodWords, subscriptionPriceWording, cyclesInAYear } from '../../src/domain/subscription.js';
import { applyRate } from '../../src/domain/totals.js';

describe('add-to-cart rules', () => {
  it('phrases unselected options three ways', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Colour', 'Size'])).toBe('Please select the Colour and Size options.');
    expect(unselectedOptionsMessage(['Colour', 'Size', 'Fit', 'Strap'])).toBe('Please select the Colour, Size, Fit and Strap options.');
  });

  it('parses quantities', () => {
    expect(parseQuantity(undefined)).toEqual({ ok: true, value: 1 });
    expect(parseQuantity(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseQuantity('1e2')).toEqual({ ok: true, value: 100 });
    expect(parseQuantity('x')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity(Number.NaN)).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('2.25')).toEqual({ ok: false, message: 'Quantity must be a whole number' });
    expect(parseQuantity(9999)).toEqual({ ok: true, value: 9999 });
    expect(parseQuantity(-1).ok).toBe(false);
  });

  it('picks the only variant, and needs a denomination for a gift card with several', () => {
    const v = (id: string, attributes: Record<string, string> = {}) => ({
      id,
      sku: id,
      attributes,
      priceCents: 100,
      salePriceCents: null,
      onSale: false,
    });
    expect(resolveVariant({ productType: 1, variantOptionOrdering: [], variants: [v('a')] }, {})).toMatchObject({
      ok: true,
      value: { id: 'a' },
    });
    expect(resolveVariant({ productType: 4, variantOptionOrdering: [], variants: [v('a'), v('b')] }, {})).toEqual({
      ok: false,
      message: 'Select a denomination for the Gift Card',
    });
    expect(
      resolveVariant(
        { productType: 1, variantOptionOrdering: [], variants: [v('a', { Size: 'S' }), v('b', { Size: 'L' })] },
        { attributes: { Size: 'L' } },
      ),
    ).toMatchObject({ ok: true, value: { id: 'b' } });
  });

  it('rounds rates half up in integers', () => {
    expect(applyRate(1000, 825)).toBe(83); // 82.5 → 83
    expect(applyRate(999, 825)).toBe(82); // 82.4175
    expect(applyRate(9_007_199_254_740, 10_000)).toBe(9_007_199_254_740);
  });
});

describe('subscriptions', () => {
  const plan = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
  const variants = [{ id: 'a', sku: 'A', attributes: { Grind: 'Whole' }, priceCents: 1900, salePriceCents: null, onSale: false }];

  it('words the price, or Unavailable when no combination matches', () => {
    expect(subscriptionPriceWording(variants, { Grind: 'Whole' }, plan, 'USD')).toBe('$19.00 every month');
    expect(subscriptionPriceWording(variants, { Grind: 'Fine' }, plan, 'USD')).toBe('Unavailable');
    expect(subscriptionPriceWording(variants, {}, { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 }, 'USD')).toBe(
      '$19.00 every 2 weeks for 1 year',
    );
    expect(periodWords({ value: 12, unit: 'MONTH' })).toBe('year');
    expect(periodWords({ value: 12, unit: 'MONTH' }, true)).toBe('12 months');
  });

  it('counts cycles per year and the next billing date (0 cycles = indefinite)', () => {
    expect([
      cyclesInAYear({ value: 1, unit: 'WEEK' }),
      cyclesInAYear({ value: 1, unit: 'MONTH' }),
      cyclesInAYear({ value: 1, unit: 'YEAR' }),
    ]).toEqual([52, 12, 1]);
    expect(addPeriod(new Date('2024-01-31T10:00:00Z'), { value: 1, unit: 'MONTH' }).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(nextBillingDate(new Date('2024-01-01T00:00:00Z'), { ...plan, numBillingCycles: 1 }, 1)).toBeNull();
    expect(nextBillingDate(new Date('2024-01-01T00:00:00Z'), plan, 40)?.toISOString()).toBe('2024-02-01T00:00:00.000Z');
  });
});

describe('money format (SPEC 9)', () => {
  it('formats the 27 currencies', () => {
    expect(CURRENCY_CODES).toHaveLength(27);
    expect(formatMinorUnits(123456, 'USD')).toBe('$1,234.56');
    expect(formatMinorUnits(123456, 'JPY')).toBe('¥123,456');
    expect(formatMinorUnits(995, 'DKK')).toBe('9.95 kr');
    expect(formatMinorUnits(100000, 'NOK')).toBe('1,000.00 kr');
    expect(formatMinorUnits(5, 'SEK')).toBe('0.05 kr');
    expect(formatMinorUnits(-250, 'EUR')).toBe('-€2.50');
    expect(formatMinorUnits(0, 'USD')).toBe('$0.00');
    for (const code of CURRENCY_CODES) expect(formatMinorUnits(100, code)).toMatch(/\d/);
  });

  it('reads both SPEC money shapes and fails on anything else', () => {
    expect(formatMoney({ value: '1999', currency: 'GBP' })).toBe('£19.99');
    expect(formatMoney({ decimalValue: '19.99', currencyCode: 'CAD' })).toBe('CA$19.99');
    expect(formatMoney({ decimalValue: 1500, currencyCode: 'JPY' })).toBe('¥1,500');
    for (const bad of [null, 12, 'x', {}, { value: '1.5', currency: 'USD' }, { value: '1', currency: 'XXX' }]) {
      expect(() => formatMoney(bad)).toThrow(MONEY_FORMAT_ERROR);
    }
  });
});
