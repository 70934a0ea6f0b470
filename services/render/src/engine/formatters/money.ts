// Money formatters (SPEC 9 "Money", SPEC 3 currencies). `money` and `i18n-money-format` are
// locale-aware; the legacy `money-format`/`moneyFormat`, `money-string` and
// `bookkeeper-money-format` take cents (or a money object) and use the default format: comma
// thousands and a decimal point. Symbols and their side come from the SPEC currency table.
import type { Ctx } from '../context.js';
import type { Call, FormatterFn } from '../types.js';
import type { Money } from '../commerce.js';
import { formatAmount, formatMoney, readMoney, readMoneyOrCents, storeCurrency } from '../commerce.js';
import { MSG_FREE_LABEL_REQUIRED, MSG_NOT_MONEY } from '../errors.js';
import { toNumber } from '../values.js';
import { fail, options } from './util.js';

/** SPEC 9: the default (legacy) format is en-US style: comma thousands, decimal point. */
const LEGACY_LOCALE = 'en-US';

/**
 * The free-label rule: with the `showFree` option a zero amount renders as the `freeLabel`
 * option's text, and asking for it without a label is an error (SPEC 5).
 */
export function freeLabel(m: Money, call: Call): string | null {
  const o = options(call);
  if (!o.has('showFree') || m.amount !== 0) return null;
  const label = o.get('freeLabel');
  if (label === undefined || label === '') return fail(MSG_FREE_LABEL_REQUIRED);
  return label;
}

function legacy(v: unknown, c: Ctx): Money {
  const currency = storeCurrency(c.root);
  // SPEC 9: the default is USD (the store currency) with a 0 value.
  if (v === undefined || v === null || v === '') return { amount: 0, currency };
  const m = readMoneyOrCents(v, currency);
  if (!m) fail(MSG_NOT_MONEY);
  return m;
}

function strictMoney(v: unknown): Money {
  const m = readMoney(v);
  if (!m) fail(MSG_NOT_MONEY);
  return m;
}

export const moneyFormatters: Record<string, FormatterFn> = {
  /** A money object in the render locale with its currency symbol: '$1,234.50'. */
  money: (v, call, c) => {
    const m = strictMoney(v);
    return freeLabel(m, call) ?? formatMoney(m, c.env.locale);
  },
  /** Like money; a plain number is taken as major units of the store currency. */
  'i18n-money-format': (v, call, c) => {
    const n = typeof v === 'number' ? v : NaN;
    const m = Number.isFinite(n) ? { amount: n, currency: storeCurrency(c.root) } : strictMoney(v);
    return freeLabel(m, call) ?? formatMoney(m, c.env.locale);
  },
  /** Cents as '1,234.50' (no symbol). */
  'money-format': (v, _call, c) => {
    const m = legacy(v, c);
    return formatAmount(m.amount, m.currency, LEGACY_LOCALE);
  },
  /** Same as money-format (the older spelling). */
  moneyFormat: (v, _call, c) => {
    const m = legacy(v, c);
    return formatAmount(m.amount, m.currency, LEGACY_LOCALE);
  },
  /** Cents with the store currency's symbol: '$1,234.50', '12.00 kr'. */
  'money-string': (v, call, c) => {
    const m = legacy(v, c);
    return freeLabel(m, call) ?? formatMoney(m, LEGACY_LOCALE);
  },
  /** Accounting style: no symbol, negatives in parentheses: '(12.00)'. */
  'bookkeeper-money-format': (v, _call, c) => {
    const m = legacy(v, c);
    const s = formatAmount(Math.abs(m.amount), m.currency, LEGACY_LOCALE);
    return m.amount < 0 ? `(${s})` : s;
  },
};

/** Numeric value or NaN (exported for the commerce formatters). */
export function amountOf(v: unknown): number {
  return toNumber(v);
}
