import { describe, expect, it } from '@jest/globals';
import { MSG_FREE_LABEL_REQUIRED, MSG_NOT_MONEY } from '../../src/engine/errors.js';
import { messages, out, run } from './helpers.js';

describe('number formatters', () => {
  it('decimal formats in the locale with options', () => {
    expect(out('{n|decimal}|{n|decimal maxFrac:1}|{n|decimal group:false}|{b|decimal style:short}|{b|decimal style:long}|{p|decimal style:percent}', { n: 12345.678, b: 1500000, p: 0.256 })).toBe(
      '12,345.678|12,345.7|12345.678|1.5M|1.5 million|26%',
    );
    expect(out('{n|decimal}', { n: 12345.678 }, { locale: 'de-DE' })).toBe('12.345,678');
    expect(out('{n|decimal}', { n: 1.5, website: { language: 'fr-FR' } })).toBe('1,5');
  });

  it('percentage-format shows 2 to 3 decimals, 0 to 3 when trimmed', () => {
    expect(out('{p|percentage-format}|{p|percentage-format trim}|{q|percentage-format}', { p: 12, q: 12.34567 })).toBe('12.00%|12%|12.346%');
  });

  it('unit formats a measure; an unknown unit is a recorded failure', () => {
    expect(out('{n|unit unit:kilometer}|{n|unit unit:kilometer display:long}', { n: 3 })).toBe('3 km|3 kilometers');
    expect(messages('{n|unit unit:bogus}', { n: 3 })).toEqual(["Formatter failed: unit: Invalid unit argument for Intl.NumberFormat() 'bogus'"]);
  });

  it('plural picks by the locale plural rules', () => {
    expect(out('{n|plural item items}|{m|plural item items}|{m|plural,one:# item,other:# items}|{z|plural,=0:none,other:some}', { n: 1, m: 5, z: 0 })).toBe(
      'item|items|5 items|none',
    );
  });
});

describe('message formatter', () => {
  it('fills arguments, plurals and selects', () => {
    expect(out('{msg|message name:user count:n}', { msg: 'Hi {name}, {count, plural, =0 {no items} one {# item} other {# items}}', user: 'Ann', n: 3 })).toBe('Hi Ann, 3 items');
    expect(out('{msg|message g}', { msg: '{0, select, female {She} male {He} other {They}} left', g: 'male' })).toBe('He left');
    expect(out('{msg|message n}', { msg: '{0, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}', n: 3 })).toBe('you and 2 others');
  });

  it('records an invalid plural key and a non-numeric argument with an offset', () => {
    expect(messages('{msg|message count:n}', { msg: '{count, plural, lots {x} other {y}}', n: 2 })).toEqual(['Invalid plural key: lots']);
    expect(messages('{msg|message count:n}', { msg: '{count, plural, offset:1 one {x} other {y}}', n: 'abc' })).toEqual([
      'Non-numeric argument used with a plural offset: count',
    ]);
  });
});

describe('money formatters', () => {
  it('money formats money objects (minor units or decimal) with the currency layout', () => {
    const data = {
      m: { value: '123450', currency: 'USD' },
      j: { value: '1500', currency: 'JPY' },
      d: { decimalValue: '12.5', currencyCode: 'EUR' },
      k: { value: '1200', currency: 'DKK' },
      s: { value: '-300', currency: 'GBP' },
    };
    expect(out('{m|money}|{j|money}|{d|money}|{k|money}|{s|money}', data)).toBe('$1,234.50|¥1,500|€12.50|12.00 kr|-£3.00');
    expect(out('{m|money}', { m: { value: '123450', currency: 'EUR' } }, { locale: 'de-DE' })).toBe('€1.234,50');
  });

  it("puts 'kr' after the number for DKK, NOK and SEK", () => {
    for (const currency of ['DKK', 'NOK', 'SEK']) expect(out('{m|money}', { m: { value: '990', currency } })).toBe('9.90 kr');
  });

  it('money fails when not given a money value', () => {
    expect(run('a{n|money}b', { n: 5 })).toEqual({
      output: 'ab',
      errors: [{ code: 'RENDER_FORMATTER', message: MSG_NOT_MONEY, line: 1, column: 2, offset: 1 }],
    });
  });

  it('shows a free label at zero only when one is given (free-label rule)', () => {
    const z = { value: '0', currency: 'USD' };
    expect(out('{z|money showFree freeLabel:Free}|{z|money}', { z })).toBe('Free|$0.00');
    expect(out('{m|money showFree freeLabel:Free}', { m: { value: '100', currency: 'USD' } })).toBe('$1.00');
    expect(messages('{z|money showFree}', { z })).toEqual([MSG_FREE_LABEL_REQUIRED]);
  });

  it('legacy formatters take cents: money-format, moneyFormat, money-string, bookkeeper-money-format', () => {
    expect(out('{c|money-format}|{c|moneyFormat}|{c|money-string}|{neg|bookkeeper-money-format}|{c|bookkeeper-money-format}', { c: 123456, neg: -1250 })).toBe(
      '1,234.56|1,234.56|$1,234.56|(12.50)|1,234.56',
    );
  });

  it('legacy formatters default to USD 0 and use the store currency', () => {
    expect(out('{missing|money-string}|{missing|money-format}', {})).toBe('$0.00|0.00');
    expect(out('{c|money-string}', { c: 1200, websiteSettings: { storeSettings: { selectedCurrency: 'SEK' } } })).toBe('12.00 kr');
  });

  it('i18n-money-format takes a money object or major units of the store currency', () => {
    expect(out('{n|i18n-money-format}|{m|i18n-money-format}', { n: 12.5, m: { decimalValue: 3, currencyCode: 'CHF' } })).toBe('$12.50|CHF 3.00');
  });
});
