// SPEC 5 installment locale and brand, SPEC 4 range, SPEC 9 texts.
import { describe, expect, it } from '@jest/globals';
import { brandOf, cartEligible, inRange, installmentLocale, pillTexts } from './installments.js';

describe('installments', () => {
  it('picks the first supported language matching the shopper, else the country default', () => {
    expect(installmentLocale('US', 'en-US')).toBe('en_US');
    expect(installmentLocale('CA', 'fr-CA')).toBe('fr_CA');
    expect(installmentLocale('CA', 'de-DE')).toBe('en_CA');
    expect(installmentLocale('GB', 'fr')).toBe('en_GB');
    expect(installmentLocale('DE', 'de')).toBeUndefined();
  });

  it('says Afterpay, or Clearpay in Great Britain', () => {
    expect(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'].map(brandOf)).toEqual(Array(5).fill('Afterpay'));
    expect(brandOf('en_GB')).toBe('Clearpay');
  });

  it('is in range above the minimum and up to the maximum', () => {
    expect(inRange(100, 100, 200_000)).toBe(false);
    expect(inRange(101, 100, 200_000)).toBe(true);
    expect(inRange(200_000, 100, 200_000)).toBe(true);
    expect(inRange(200_001, 100, 200_000)).toBe(false);
  });

  it('writes the in-range and out-of-range texts', () => {
    expect(pillTexts(6800, 4, 100, 200_000, 'USD')).toEqual({ inRange: true, text: 'or 4 interest-free payments of $17.00 with' });
    expect(pillTexts(250_000, 4, 100, 200_000, 'USD')).toEqual({ inRange: false, text: 'available for orders up to $2,000.00' });
    expect(pillTexts(50, 4, 100, 200_000, 'USD')).toEqual({ inRange: false, text: 'available for orders over $1.00' });
  });

  it('offers installments in a cart only when it is not empty and all physical', () => {
    expect(cartEligible([])).toBe(false);
    expect(cartEligible([1, 1])).toBe(true);
    expect(cartEligible([1, 2])).toBe(false);
  });
});
