// Money in the admin app: the store currency (site settings, default USD), amounts typed as
// decimals and sent as integer minor units, and display through the contracts' formatter.
import {
  DEFAULT_CURRENCY,
  formatMinorUnits,
  fromMinorUnits,
  isCurrencyCode,
  toMinorUnits,
  type CurrencyCode,
  type Money,
} from '@sc/contracts';
import { useApi } from './data.js';
import { apiPath } from '../api/client.js';

/** The store currency from the public site read. */
export function useCurrency(): CurrencyCode {
  const site = useApi<{ settings: { currency: string } }>(apiPath('/content-service/public/1.0/site'));
  const code = site.data?.settings.currency;
  return code && isCurrencyCode(code) ? code : DEFAULT_CURRENCY;
}

/** A typed decimal ('12.50') as minor units, or undefined when it is not an amount of this currency. */
export function parseAmount(text: string, currency: CurrencyCode): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return undefined;
  try {
    return Number(toMinorUnits(trimmed, currency));
  } catch {
    return undefined;
  }
}

/** Minor units as the decimal an owner edits ('12.50'). */
export const decimalOf = (minor: number | string, currency: CurrencyCode): string => fromMinorUnits(BigInt(minor), currency);

/** Minor units for display ('$12.50'). */
export const showMinor = (minor: number | string, currency: CurrencyCode): string => formatMinorUnits(BigInt(minor), currency);

/** A server money value for display. */
export function showMoney(money: Money | null | undefined): string {
  if (!money) return '—';
  return formatMinorUnits(BigInt(money.value), money.currency);
}

export const moneyOf = (minor: number, currency: CurrencyCode): Money => ({ value: String(minor), currency });

/** An amount taken off (a discount, a gift card) with its minus sign: "−$5.00"; "$0.00" when nothing was taken. */
export function minus(money: Money | null | undefined): string {
  if (!money) return '—';
  return BigInt(money.value) > 0n ? `−${showMoney(money)}` : showMoney(money);
}
