import { describe, expect, it } from '@jest/globals';
import {
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyCode,
  DEFAULT_CURRENCY,
  fractionDigits,
  fromMinorUnits,
  isCurrencyCode,
  Money,
  toMinorUnits,
} from '../src/currencies.js';

describe('currency table', () => {
  it('lists the 27 SPEC currencies in order', () => {
    expect(CURRENCY_CODES).toEqual([
      'EUR',
      'USD',
      'AUD',
      'NOK',
      'CAD',
      'NZD',
      'DKK',
      'GBP',
      'HKD',
      'CHF',
      'MXN',
      'SGD',
      'SEK',
      'CZK',
      'ILS',
      'PHP',
      'RUB',
      'PLN',
      'THB',
      'MYR',
      'ARS',
      'BRL',
      'COP',
      'IDR',
      'INR',
      'JPY',
      'ZAR',
    ]);
    expect(Object.keys(CURRENCIES).sort()).toEqual([...CURRENCY_CODES].sort());
    for (const code of CURRENCY_CODES) expect(CURRENCIES[code].code).toBe(code);
  });
  it('has 2 fraction digits except JPY with 0', () => {
    expect(fractionDigits('JPY')).toBe(0);
    for (const code of CURRENCY_CODES.filter((c) => c !== 'JPY')) expect(fractionDigits(code)).toBe(2);
  });
  it("puts 'kr' after the number for DKK, NOK and SEK", () => {
    for (const code of ['DKK', 'NOK', 'SEK'] as const) {
      expect(CURRENCIES[code].symbol).toBe('kr');
      expect(CURRENCIES[code].symbolPlacement).toBe('after');
    }
    expect(CURRENCIES.USD).toMatchObject({ symbol: '$', symbolPlacement: 'before' });
    expect(CURRENCIES.EUR.symbol).toBe('€');
    expect(CURRENCIES.GBP.symbol).toBe('£');
    expect(CURRENCIES.JPY.symbol).toBe('¥');
  });
  it('defaults to USD and validates codes', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(CurrencyCode.parse('ZAR')).toBe('ZAR');
    expect(CurrencyCode.safeParse('usd').success).toBe(false);
    expect(CurrencyCode.safeParse('XYZ').success).toBe(false);
    expect(isCurrencyCode('CHF')).toBe(true);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(() => fractionDigits('XYZ' as CurrencyCode)).toThrow('Unsupported currency code');
  });
});

describe('Money schema', () => {
  it('accepts integer minor units as a canonical string', () => {
    expect(Money.parse({ value: '1234', currency: 'USD' })).toEqual({ value: '1234', currency: 'USD' });
    expect(Money.safeParse({ value: '-50', currency: 'EUR' }).success).toBe(true);
    expect(Money.safeParse({ value: '0', currency: 'JPY' }).success).toBe(true);
  });
  it('rejects anything else', () => {
    for (const value of ['12.34', '', '-0', '007', '+5', ' 5', '1e3', '5 ']) {
      expect(Money.safeParse({ value, currency: 'USD' }).success).toBe(false);
    }
    expect(Money.safeParse({ value: 1234, currency: 'USD' }).success).toBe(false);
    expect(Money.safeParse({ value: '1234', currency: 'XXX' }).success).toBe(false);
    expect(Money.safeParse({ value: '1234' }).success).toBe(false);
  });
});

describe('toMinorUnits', () => {
  it('converts exactly', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe(1234n);
    expect(toMinorUnits('12.3', 'USD')).toBe(1230n);
    expect(toMinorUnits('12', 'USD')).toBe(1200n);
    expect(toMinorUnits('0.01', 'EUR')).toBe(1n);
    expect(toMinorUnits('-0.05', 'GBP')).toBe(-5n);
    expect(toMinorUnits('-0.00', 'GBP')).toBe(0n);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200n);
    // Beyond float precision: 2^53 + 1 cents must survive.
    expect(toMinorUnits('90071992547409.93', 'USD')).toBe(9007199254740993n);
  });
  it('accepts trailing zeros beyond the precision', () => {
    expect(toMinorUnits('1.230', 'USD')).toBe(123n);
    expect(toMinorUnits('100.00', 'JPY')).toBe(100n);
  });
  it('rejects too many fraction digits', () => {
    expect(() => toMinorUnits('1.234', 'USD')).toThrow('more than 2 fraction digits');
    expect(() => toMinorUnits('1.5', 'JPY')).toThrow('more than 0 fraction digits');
  });
  it('rejects malformed text', () => {
    for (const text of ['', '.5', '5.', '+5', '1,00', '1.2.3', ' 1', '1 ', 'abc', '1e2', '--1', '-', 'NaN', 'Infinity']) {
      expect(() => toMinorUnits(text, 'USD')).toThrow('Malformed decimal amount');
    }
  });
  it('rejects unknown currencies', () => {
    expect(() => toMinorUnits('1.00', 'XYZ' as CurrencyCode)).toThrow('Unsupported currency code');
  });
});

describe('fromMinorUnits', () => {
  it('formats exactly with the currency digits', () => {
    expect(fromMinorUnits(1234n, 'USD')).toBe('12.34');
    expect(fromMinorUnits(1234, 'USD')).toBe('12.34');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-5, 'USD')).toBe('-0.05');
    expect(fromMinorUnits(0, 'EUR')).toBe('0.00');
    expect(fromMinorUnits(-120000n, 'SEK')).toBe('-1200.00');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
    expect(fromMinorUnits(-7n, 'JPY')).toBe('-7');
    expect(fromMinorUnits(9007199254740993n, 'USD')).toBe('90071992547409.93');
  });
  it('rejects non-integer and unsafe numbers', () => {
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow('safe integer');
    expect(() => fromMinorUnits(Number.NaN, 'USD')).toThrow('safe integer');
    expect(() => fromMinorUnits(2 ** 60, 'USD')).toThrow('safe integer');
  });
  it('round-trips with toMinorUnits', () => {
    for (const code of CURRENCY_CODES) {
      for (const minor of [0n, 1n, -1n, 99n, 100n, 123456789n, -98765n]) {
        expect(toMinorUnits(fromMinorUnits(minor, code), code)).toBe(minor);
      }
    }
  });
});
