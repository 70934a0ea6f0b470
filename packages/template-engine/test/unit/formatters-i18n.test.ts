import { describe, expect, it } from '@jest/globals';
import { out } from './helpers.js';

describe('number formatters', () => {
  it('decimal formats in the locale with options', () => {
    expect(
      out(
        '{n|decimal}|{n|decimal maxFrac:1}|{n|decimal group:false}|{b|decimal style:short}|{b|decimal style:long}|{p|decimal style:percent}',
        { n: 12345.678, b: 1500000, p: 0.256 },
      ),
    ).toBe('12,345.678|12,345.7|12345.678|1.5M|1.5 million|26%');
    expect(out('{n|decimal}', { n: 12345.678 }, { locale: 'de-DE' })).toBe('12.345,678');
    expect(out('{n|decimal}', { n: 1.5, website: { language: 'fr-FR' } })).toBe('1,5');
  });
});

describe('message formatter', () => {
  it('fills arguments, plurals and selects', () => {
    expect(
      out('{msg|message name:user count:n}', {
        msg: 'Hi {name}, {count, plural, =0 {no items} one {# item} other {# items}}',
        user: 'Ann',
        n: 3,
      }),
    ).toBe('Hi Ann, 3 items');
    expect(out('{msg|message g}', { msg: '{0, select, female {She} male {He} other {They}} left', g: 'male' })).toBe('He left');
    expect(out('{msg|message n}', { msg: '{0, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}', n: 3 })).toBe(
      'you and 2 others',
    );
  });
});

describe('money formatters', () => {});
