// Amounts in minor units as the API writes them ({ value: "1250", currency: "USD" }) and as a
// spreadsheet sums them (12.5).
import { fromMinorUnits, isCurrencyCode, type CurrencyCode } from '@sc/contracts';

export const money = (cents: number, currency: string) => ({ value: String(cents), currency: currency as CurrencyCode });

/** Minor units as the decimal number a spreadsheet sums (12.5 for 1250 USD). */
export function amount(minor: number | string, currency: string): number {
  return Number(isCurrencyCode(currency) ? fromMinorUnits(BigInt(minor), currency) : Number(minor) / 100);
}
