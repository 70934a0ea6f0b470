// SPEC 3 currencies and SPEC 9 money: the 27 store currencies, how many minor digits each has,
// how its symbol is written, and the server's money shape. Amounts travel as integer minor units
// in a decimal string so that no service ever rounds through a binary float.
import { z } from 'zod';

/** The 27 store currencies, in SPEC order. */
export const CURRENCY_CODES = [
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
] as const;

export const CurrencyCode = z.enum(CURRENCY_CODES);
export type CurrencyCode = z.infer<typeof CurrencyCode>;
/** Alias following the `<Name>Schema` pattern of the enumerations. */
export const CurrencyCodeSchema = CurrencyCode;

/** Where the symbol goes relative to the number: '$12.00' (before) or '12,00 kr' (after). */
export type SymbolPlacement = 'before' | 'after';

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  readonly name: string;
  /** Digits after the decimal point in a display amount; minor units per major unit = 10^digits. */
  readonly fractionDigits: number;
  readonly symbol: string;
  readonly symbolPlacement: SymbolPlacement;
}

function info(
  code: CurrencyCode,
  name: string,
  symbol: string,
  symbolPlacement: SymbolPlacement = 'before',
  fractionDigits = 2,
): CurrencyInfo {
  return Object.freeze({ code, name, fractionDigits, symbol, symbolPlacement });
}

// Dollar-family symbols carry a country prefix (A$, CA$, ...) so that a '$' alone is never
// ambiguous when owners compare stores; 'kr' (SPEC), 'Kč', 'zł' and '₽' follow the number as
// they do in their home locales.
export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = Object.freeze({
  EUR: info('EUR', 'Euro', '€'),
  USD: info('USD', 'US Dollar', '$'),
  AUD: info('AUD', 'Australian Dollar', 'A$'),
  NOK: info('NOK', 'Norwegian Krone', 'kr', 'after'),
  CAD: info('CAD', 'Canadian Dollar', 'CA$'),
  NZD: info('NZD', 'New Zealand Dollar', 'NZ$'),
  DKK: info('DKK', 'Danish Krone', 'kr', 'after'),
  GBP: info('GBP', 'British Pound', '£'),
  HKD: info('HKD', 'Hong Kong Dollar', 'HK$'),
  CHF: info('CHF', 'Swiss Franc', 'CHF'),
  MXN: info('MXN', 'Mexican Peso', 'MX$'),
  SGD: info('SGD', 'Singapore Dollar', 'S$'),
  SEK: info('SEK', 'Swedish Krona', 'kr', 'after'),
  CZK: info('CZK', 'Czech Koruna', 'Kč', 'after'),
  ILS: info('ILS', 'Israeli New Shekel', '₪'),
  PHP: info('PHP', 'Philippine Peso', '₱'),
  RUB: info('RUB', 'Russian Ruble', '₽', 'after'),
  PLN: info('PLN', 'Polish Złoty', 'zł', 'after'),
  THB: info('THB', 'Thai Baht', '฿'),
  MYR: info('MYR', 'Malaysian Ringgit', 'RM'),
  ARS: info('ARS', 'Argentine Peso', 'AR$'),
  BRL: info('BRL', 'Brazilian Real', 'R$'),
  COP: info('COP', 'Colombian Peso', 'COL$'),
  IDR: info('IDR', 'Indonesian Rupiah', 'Rp'),
  INR: info('INR', 'Indian Rupee', '₹'),
  JPY: info('JPY', 'Japanese Yen', '¥', 'before', 0),
  ZAR: info('ZAR', 'South African Rand', 'R'),
});

/** SPEC 3/9: a store without a configured currency uses USD. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** True when the text is one of the 27 supported currency codes (case-sensitive). */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(code);
}

function currency(code: string): CurrencyInfo {
  if (!isCurrencyCode(code)) throw new Error(`Unsupported currency code: ${JSON.stringify(code)}`);
  return CURRENCIES[code];
}

/** Number of fraction digits of a currency (2, or 0 for JPY); throws on an unknown code. */
export function fractionDigits(code: CurrencyCode): number {
  return currency(code).fractionDigits;
}

// Canonical integer text: no leading zeros, no '-0', no '+', no spaces. One spelling per amount
// lets services compare money by string.
const MINOR_UNITS_PATTERN = /^(?:0|-?[1-9]\d*)$/;

/** Server money: integer minor units as a canonical decimal string plus the currency. */
export const Money = z.object({
  value: z.string().regex(MINOR_UNITS_PATTERN, 'money value must be an integer number of minor units'),
  currency: CurrencyCode,
});
export type Money = z.infer<typeof Money>;
/** Alias following the `<Name>Schema` pattern of the enumerations. */
export const MoneySchema = Money;

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Exact conversion of a decimal amount ('12.34', '-0.5', '1200') to integer minor units of the
 * currency (1234n for USD). Throws on malformed text or more precision than the currency has.
 */
export function toMinorUnits(decimal: string, code: CurrencyCode): bigint {
  const digits = fractionDigits(code);
  const match = DECIMAL_PATTERN.exec(decimal);
  if (!match) throw new Error(`Malformed decimal amount: ${JSON.stringify(decimal)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  // Trailing zeros beyond the currency's precision ('1.230' USD, '100.00' JPY) do not change the
  // value, so they are accepted; any other extra digit would need rounding and is refused.
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) {
    throw new Error(`Amount ${JSON.stringify(decimal)} has more than ${digits} fraction digits for ${code}`);
  }
  const magnitude = BigInt(whole + significant.padEnd(digits, '0'));
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * Exact conversion of integer minor units to a decimal amount string with the currency's
 * fraction digits (1234n USD → '12.34', -5 USD → '-0.05', 1200 JPY → '1200').
 */
export function fromMinorUnits(minor: number | bigint, code: CurrencyCode): string {
  const digits = fractionDigits(code);
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new Error(`Minor units must be a safe integer, got ${minor}`);
  }
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}
