// SPEC 9 money display, shared by the services and the web app: minor units divided by the
// currency's 10^digits (100, or 1 for JPY), comma thousands and a decimal point by default, the
// currency's symbol before the number or, for DKK, NOK, SEK (and the other 'after' currencies of
// the table), after it with a space. Exact: the number is never passed through a binary float.
import { CURRENCIES, DEFAULT_CURRENCY, fromMinorUnits, isCurrencyCode, toMinorUnits, type CurrencyCode } from './currencies.js';

/** SPEC 3: "Money formatting fails if not given a money value." */
export const MONEY_FORMAT_ERROR = 'Money formatting fails if not given a money value.';

/** The two money shapes of SPEC 3: minor units as a string plus currency, or decimalValue plus currencyCode. */
export type MoneyLike =
  | { readonly value: string | number; readonly currency: string }
  | { readonly decimalValue: string | number; readonly currencyCode: string };

export interface MoneyFormatOptions {
  /** Thousands separator (default ','). */
  groupSeparator?: string;
  /** Decimal separator (default '.'). */
  decimalSeparator?: string;
  /** Show the symbol (default true); false gives the bare number. */
  symbol?: boolean;
}

// SPEC 9: the default number format has at most 15 integer places.
const MAX_INTEGER_DIGITS = 15;

function group(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Integer minor units and the currency of a SPEC money value; throws MONEY_FORMAT_ERROR otherwise. */
export function moneyToMinorUnits(money: unknown): { minor: bigint; currency: CurrencyCode } {
  if (typeof money !== 'object' || money === null) throw new TypeError(MONEY_FORMAT_ERROR);
  const m = money as Record<string, unknown>;
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
  try {
    if ('value' in m && typeof m.currency === 'string' && isCurrencyCode(m.currency)) {
      const value = text(m.value);
      if (value === undefined || !/^-?\d+$/.test(value)) throw new TypeError(MONEY_FORMAT_ERROR);
      return { minor: BigInt(value), currency: m.currency };
    }
    if ('decimalValue' in m) {
      const code = typeof m.currencyCode === 'string' ? m.currencyCode : DEFAULT_CURRENCY;
      const value = text(m.decimalValue);
      if (value === undefined || !isCurrencyCode(code)) throw new TypeError(MONEY_FORMAT_ERROR);
      return { minor: toMinorUnits(value, code), currency: code };
    }
  } catch {
    throw new TypeError(MONEY_FORMAT_ERROR);
  }
  throw new TypeError(MONEY_FORMAT_ERROR);
}

/** Formats integer minor units of a currency: 123456 USD → '$1,234.56', 1200 JPY → '¥1,200', 995 SEK → '9.95 kr'. */
export function formatMinorUnits(minor: number | bigint, currency: CurrencyCode, options: MoneyFormatOptions = {}): string {
  const info = CURRENCIES[currency];
  if (!info) throw new TypeError(MONEY_FORMAT_ERROR);
  const decimal = fromMinorUnits(minor, currency);
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  if (whole.length > MAX_INTEGER_DIGITS) throw new RangeError(`Amount exceeds ${MAX_INTEGER_DIGITS} integer digits`);
  const number =
    group(whole, options.groupSeparator ?? ',') + (fraction === undefined ? '' : `${options.decimalSeparator ?? '.'}${fraction}`);
  const sign = negative ? '-' : '';
  if (options.symbol === false) return `${sign}${number}`;
  return info.symbolPlacement === 'after' ? `${sign}${number} ${info.symbol}` : `${sign}${info.symbol}${number}`;
}

/** Formats a SPEC money value (a MoneyLike: { value, currency } or { decimalValue, currencyCode }); throws on anything else. */
export function formatMoney(money: unknown, options: MoneyFormatOptions = {}): string {
  const { minor, currency } = moneyToMinorUnits(money);
  return formatMinorUnits(minor, currency, options);
}
