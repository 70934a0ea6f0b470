// Product and money rules shared by the commerce predicates and formatters (SPEC 3 "Product",
// SPEC 4 "Stock and badges", SPEC 9 "Money" and the 27 currencies of SPEC 3).
import { getPath, isObject, toNumber } from './values.js';
import type { JsonObject } from './values.js';

/** SPEC 3 product types. */
export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;

const TYPE_NAMES: Record<string, number> = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 };

/** Symbol and layout of each SPEC currency; 'kr' (and the other alphabetic symbols marked so) follow the number. */
interface CurrencyInfo {
  readonly symbol: string;
  readonly after: boolean;
  readonly digits: number;
}
const C = (symbol: string, after = false, digits = 2): CurrencyInfo => ({ symbol, after, digits });
export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = {
  EUR: C('€'),
  USD: C('$'),
  AUD: C('A$'),
  NOK: C('kr', true),
  CAD: C('CA$'),
  NZD: C('NZ$'),
  DKK: C('kr', true),
  GBP: C('£'),
  HKD: C('HK$'),
  CHF: C('CHF '),
  MXN: C('MX$'),
  SGD: C('S$'),
  SEK: C('kr', true),
  CZK: C('Kč', true),
  ILS: C('₪'),
  PHP: C('₱'),
  RUB: C('₽', true),
  PLN: C('zł', true),
  THB: C('฿'),
  MYR: C('RM'),
  ARS: C('ARS$'),
  BRL: C('R$'),
  COP: C('COL$'),
  IDR: C('Rp'),
  INR: C('₹'),
  JPY: C('¥', false, 0),
  ZAR: C('R'),
};

/** A money amount in major units with its currency. */
export interface Money {
  readonly amount: number;
  readonly currency: string;
}

/** Fraction digits of a currency (SPEC: 2, JPY 0). */
export function fractionDigits(currency: string): number {
  return CURRENCIES[currency]?.digits ?? 2;
}

/**
 * Reads a money value: `{ value: "1999", currency }` (minor units) or `{ decimalValue, currencyCode }`.
 * Returns null for anything else (SPEC: money formatting fails if not given a money value).
 */
export function readMoney(v: unknown): Money | null {
  if (!isObject(v)) return null;
  const currency = typeof v.currencyCode === 'string' ? v.currencyCode : typeof v.currency === 'string' ? v.currency : 'USD';
  if (v.decimalValue !== undefined) {
    const amount = toNumber(v.decimalValue);
    return Number.isFinite(amount) ? { amount, currency } : null;
  }
  if (v.value !== undefined) {
    const minor = toNumber(v.value);
    return Number.isFinite(minor) ? { amount: minor / 10 ** fractionDigits(currency), currency } : null;
  }
  return null;
}

/** Money from a money object, or from a legacy number of cents in the given currency. */
export function readMoneyOrCents(v: unknown, currency: string): Money | null {
  if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))) {
    return { amount: Number(v) / 10 ** fractionDigits(currency), currency };
  }
  return readMoney(v);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats the number part with the locale's separators and the currency's fraction digits. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  const key = `${locale}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true });
    numberFormats.set(key, f);
  }
  return f.format(amount);
}

/** Formats money with its symbol placed per currency ('$1,234.50', '12.00 kr', '-€3.00'). */
export function formatMoney(m: Money, locale: string): string {
  const info = CURRENCIES[m.currency];
  const num = formatAmount(Math.abs(m.amount), m.currency, locale);
  const sign = m.amount < 0 ? '-' : '';
  if (!info) return `${sign}${m.currency} ${num}`;
  return info.after ? `${sign}${num} ${info.symbol}` : `${sign}${info.symbol}${num}`;
}

/** The product's structured content (or the value itself when it already is that). */
export function productContent(item: unknown): JsonObject {
  if (!isObject(item)) return {};
  const sc = item.structuredContent;
  return isObject(sc) ? sc : item;
}

/** The product type number, or 0 when unknown. */
export function productType(item: unknown): number {
  const sc = productContent(item);
  const t = sc.productType ?? (isObject(item) ? item.productType : undefined);
  if (typeof t === 'number') return t;
  if (typeof t === 'string') return TYPE_NAMES[t.toUpperCase()] ?? (Number(t) || 0);
  return 0;
}

/** The product's variants (empty when none). */
export function variants(item: unknown): JsonObject[] {
  const sc = productContent(item);
  const v = sc.variants ?? (isObject(item) ? item.variants : undefined);
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** SPEC 4: physical or service products are sold out when no variant is unlimited or has stock. */
export function isSoldOut(item: unknown): boolean {
  const t = productType(item);
  if (t !== ProductType.PHYSICAL && t !== ProductType.SERVICE) return false;
  return !variants(item).some((v) => v.unlimited === true || toNumber(v.qtyInStock) > 0);
}

/** SPEC 4: on sale when any variant (or, for a digital product, the product) is on sale. */
export function isOnSale(item: unknown): boolean {
  if (productType(item) === ProductType.DIGITAL && productContent(item).onSale === true) return true;
  return variants(item).some((v) => v.onSale === true);
}

/** Regular price of a variant (or of a variantless product's content). */
export function regularPrice(v: JsonObject, currency: string): Money | null {
  return readMoney(v.priceMoney) ?? readMoney(v.price) ?? readMoneyOrCents(v.price, currency);
}

/** Sale price of a variant. */
export function salePrice(v: JsonObject, currency: string): Money | null {
  return readMoney(v.salePriceMoney) ?? readMoney(v.salePrice) ?? readMoneyOrCents(v.salePrice, currency);
}

/** Price a shopper pays for a variant: the sale price when on sale. */
export function effectivePrice(v: JsonObject, currency: string): Money | null {
  return v.onSale === true ? (salePrice(v, currency) ?? regularPrice(v, currency)) : regularPrice(v, currency);
}

/** Price sources of a product: its variants, or its content when it has none (digital goods). */
export function priceSources(item: unknown): JsonObject[] {
  const vs = variants(item);
  return vs.length > 0 ? vs : [productContent(item)];
}

/** Lowest of some prices (null when none). */
export function lowest(prices: (Money | null)[]): Money | null {
  let best: Money | null = null;
  for (const p of prices) if (p && (!best || p.amount < best.amount)) best = p;
  return best;
}

/** True when variants do not all cost the same (by the price paid). */
export function hasVariedPrices(item: unknown, currency: string): boolean {
  const amounts = new Set(variants(item).map((v) => effectivePrice(v, currency)?.amount));
  return amounts.size > 1;
}

/** The store currency from the site settings (SPEC 3: default USD). */
export function storeCurrency(root: unknown): string {
  const c =
    getPath(root, ['websiteSettings', 'storeSettings', 'selectedCurrency']) ??
    getPath(root, ['website', 'currency']) ??
    getPath(root, ['storeSettings', 'selectedCurrency']);
  return typeof c === 'string' && c !== '' ? c : 'USD';
}

// ---- The reference's product model (observed): prices are read from `priceMoney` /
// `salePriceMoney` (`value` is a decimal string in major units) and handled in cents; the legacy
// number fields are ignored for prices but still decide whether prices vary.

/** The raw `structuredContent.productType` (undefined when absent). */
export function rawProductType(item: unknown): unknown {
  const sc = isObject(item) ? item.structuredContent : undefined;
  return isObject(sc) ? sc.productType : undefined;
}

/** `structuredContent` of an item, or an empty object. */
function content(item: unknown): JsonObject {
  const sc = isObject(item) ? item.structuredContent : undefined;
  return isObject(sc) ? sc : {};
}

/** The variants under `structuredContent` only. */
function scVariants(item: unknown): JsonObject[] {
  const v = content(item).variants;
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** Moves the decimal point of a plain decimal string two places right: '1.005' -> 100.5. */
export function decimalToCents(s: string): number {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return NaN;
  const frac = (m[3] ?? '').padEnd(2, '0');
  return Number(`${m[1]}${m[2] || '0'}${frac.slice(0, 2)}.${frac.slice(2) || '0'}`);
}

/** Cents of a `{value, currency}` money object (0 when missing or not a number). */
export function moneyCents(m: unknown): number {
  const v = isObject(m) ? m.value : undefined;
  const n = typeof v === 'string' ? decimalToCents(v) : typeof v === 'number' ? v * 100 : NaN;
  return Number.isFinite(n) ? n : 0;
}

const enum Kind {
  Variants,
  Digital,
  None,
}

function priceKind(item: unknown): Kind {
  const t = rawProductType(item);
  if (t === 1 || t === 3 || t === 4) return Kind.Variants;
  if (t === 2) return Kind.Digital;
  return Kind.None;
}

/** normal-price: the highest regular price, in cents. */
export function normalCents(item: unknown): number {
  switch (priceKind(item)) {
    case Kind.Variants: {
      let best: number | null = null;
      for (const v of scVariants(item)) {
        const c = moneyCents(v.priceMoney);
        if (best === null || c > best) best = c;
      }
      return best ?? 0;
    }
    case Kind.Digital:
      return moneyCents(content(item).priceMoney);
    case Kind.None:
      return 0;
  }
}

/** sale-price: the lowest sale price among variants on sale, in cents (0 when none is). */
export function saleCents(item: unknown): number {
  switch (priceKind(item)) {
    case Kind.Variants: {
      let best: number | null = null;
      for (const v of scVariants(item)) {
        if (v.onSale !== true) continue;
        const c = moneyCents(v.salePriceMoney);
        if (best === null || c < best) best = c;
      }
      return best ?? 0;
    }
    case Kind.Digital:
      return moneyCents(content(item).salePriceMoney);
    case Kind.None:
      return 0;
  }
}

/** from-price: the lowest price paid (sale price when on sale), in cents. */
export function fromCents(item: unknown): number {
  switch (priceKind(item)) {
    case Kind.Variants: {
      let best: number | null = null;
      for (const v of scVariants(item)) {
        const c = moneyCents(v.onSale === true ? v.salePriceMoney : v.priceMoney);
        if (best === null || c < best) best = c;
      }
      return best ?? 0;
    }
    case Kind.Digital:
      return moneyCents(content(item).priceMoney);
    case Kind.None:
      return 0;
  }
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** varied-prices?: variants differ in being on sale, in legacy sale price (when on sale) or legacy price. */
export function pricesVary(item: unknown): boolean {
  const t = rawProductType(item);
  if (t !== 1 && t !== 3 && t !== 4) return false;
  const vs = scVariants(item);
  const first = vs[0];
  if (!first) return false;
  for (let i = 1; i < vs.length; i++) {
    const v = vs[i] as JsonObject;
    if ((v.onSale === true) !== (first.onSale === true)) return true;
    if (first.onSale === true && !sameJson(v.salePrice, first.salePrice)) return true;
    if (!sameJson(v.price, first.price)) return true;
  }
  return false;
}

/** on-sale?: a digital product on sale, or a variant on sale. */
export function onSale(item: unknown): boolean {
  const t = rawProductType(item);
  if (t === 2) return content(item).onSale === true;
  if (t === 1 || t === 3 || t === 4) return scVariants(item).some((v) => v.onSale === true);
  return false;
}

/** sold-out?: no variant unlimited or in stock (an item without variants counts as sold out). */
export function soldOut(item: unknown): boolean {
  const t = rawProductType(item);
  if (t === 2 || t === 4 || t === 5) return false;
  const vs = scVariants(item);
  if (t === undefined && vs.length > 0) return false;
  return !vs.some((v) => v.unlimited === true || toNumber(v.qtyInStock) > 0);
}

const nativeMoney = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** The number the client formats in `sqs-money-native`: major units, two decimals, rounded half up. */
export function nativeAmount(cents: number): string {
  const rounded = Math.round(Number(cents.toPrecision(15)));
  return nativeMoney.format(rounded / 100);
}
