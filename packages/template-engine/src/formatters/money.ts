// Money formatters, measured against the reference engine. `money` formats a money object
// (`{value: "12.50", currency: "USD"}`, value in major units as a decimal string) with the
// locale's CLDR currency pattern. `bookkeeper-money-format` takes a number of cents and formats
// it in the currency of the locale's region. The legacy `money-format`, `moneyFormat`,
// `money-string` and `i18n-money-format` leave a scalar as written and render a money object
// empty, as the reference does.
import type { CurrencyFormatOptions, CurrencyType } from '@phensley/cldr';
import type { Ctx } from '../context.js';
import type { Call } from '../types.js';
import type { FormatterFn } from '../context.js';
import { cldrFor } from '../cldr.js';
import { isObject } from '../values.js';
import { numberOptions } from './numopts.js';

type CurrencyStyle = 'symbol' | 'accounting' | 'code' | 'name' | 'short';
const STYLES = new Set<string>(['symbol', 'accounting', 'code', 'name', 'short']);

// Pages repeat the same prices (a variant list, a collection grid): CLDR formatting is the costly
// part of a money tag, so results are memoised per options, locale, currency and amount.
const NO_OPTIONS = {};
const memo = new WeakMap<object, Map<string, string>>();
const MEMO_MAX = 2000;

/** Formats a decimal amount (number or decimal string) in a currency; '' when it is not a number. */
export function formatCurrency(c: Ctx, amount: number | string, currency: string, call?: Call): string {
  const o = call ? numberOptions(call) : NO_OPTIONS;
  let m = memo.get(o);
  if (!m) {
    m = new Map();
    memo.set(o, m);
  }
  const key = `${c.env.locale}\u0000${currency}\u0000${typeof amount}${amount}`;
  let s = m.get(key);
  if (s === undefined) {
    s = formatCurrencyNow(c, amount, currency, o);
    if (m.size >= MEMO_MAX) m.clear();
    m.set(key, s);
  }
  return s;
}

function formatCurrencyNow(c: Ctx, amount: number | string, currency: string, o: ReturnType<typeof numberOptions>): string {
  const style = o.style !== undefined && STYLES.has(o.style) ? (o.style as CurrencyStyle) : undefined;
  try {
    return cldrFor(c.env.locale).Numbers.formatCurrency(amount, currency as CurrencyType, { ...o, style } as CurrencyFormatOptions);
  } catch {
    return '';
  }
}

/** A money object's decimal value and currency, or null when it is not one. */
export function moneyParts(v: unknown): { value: string | number; currency: string } | null {
  if (!isObject(v)) return null;
  // The commerce API's shape: { decimalValue, currencyCode }.
  if (v.decimalValue !== undefined || v.currencyCode !== undefined) return moneyParts({ value: v.decimalValue, currency: v.currencyCode });
  const { value, currency } = v;
  if (typeof currency !== 'string') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { value, currency } : null;
  if (typeof value !== 'string' || value.trim() !== value || value === '') return null;
  return { value, currency };
}

/** The currency of the locale's region (en-GB: GBP, de-DE: EUR, ja-JP: JPY). */
export function localeCurrency(c: Ctx): string {
  const cldr = cldrFor(c.env.locale);
  return cldr.Numbers.getCurrencyForRegion(cldr.General.locale().tag.region());
}

/** Legacy formatters: scalars pass through, objects render empty. */
const legacy: FormatterFn = (v) => (isObject(v) ? '' : v);

function cents(v: unknown): number | string {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() === v && v !== '' && Number.isFinite(Number(v))) return v;
  return 0;
}

export const moneyFormatters: Record<string, FormatterFn> = {
  /** A money object in the render locale with its currency: '$1,234.50', '1.234,50 €'. */
  money: (v, call, c) => {
    const m = moneyParts(v);
    return m ? formatCurrency(c, m.value, m.currency, call) : '';
  },
  'i18n-money-format': legacy,
  'money-format': legacy,
  moneyFormat: legacy,
  'money-string': legacy,
  /** Cents in the currency of the locale's region: 1999 → '$19.99' (en-US), '19,99 €' (de-DE). */
  'bookkeeper-money-format': (v, _call, c) => {
    const n = cents(v);
    const major = cldrFor(c.env.locale).Numbers.parseDecimal(n).movePoint(-2);
    return formatCurrency(c, major.toString(), localeCurrency(c));
  },
};
