// SPEC 5 "Installments" and SPEC 4 "Installment pill", pure: the provider locale from the shop's
// country and the shopper's language, the brand (Afterpay or Clearpay), whether a price is in
// range (above the minimum, not above the maximum), the texts of SPEC 9, and cart eligibility.
import { InstallmentMessages, ProductType, formatMessage, formatMinorUnits, type CurrencyCode } from '@sc/contracts';

/** SPEC 5: supported languages per country, the country's first being its default. */
export const SUPPORTED_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};

export type Brand = 'Afterpay' | 'Clearpay';

/** The provider locale, e.g. 'fr_CA', or undefined when the country has none. */
export function installmentLocale(country: string, shopperLanguage: string): string | undefined {
  const languages = SUPPORTED_LANGUAGES[country.toUpperCase()];
  if (!languages || languages.length === 0) return undefined;
  const wanted = shopperLanguage.toLowerCase().split(/[-_]/)[0] ?? '';
  const language = languages.find((l) => l === wanted) ?? languages[0];
  return `${language}_${country.toUpperCase()}`;
}

/** SPEC 5: Afterpay for en_US, en_CA, fr_CA, en_AU, en_NZ; Clearpay for en_GB. */
export function brandOf(locale: string): Brand | undefined {
  if (locale === 'en_GB') return 'Clearpay';
  return ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'].includes(locale) ? 'Afterpay' : undefined;
}

/** SPEC 4: in range when above the minimum and not above the maximum. */
export const inRange = (amount: number, min: number, max: number): boolean => amount > min && amount <= max;

/** One of `count` payments, rounded to the minor unit. */
export const installmentAmount = (amount: number, count: number): number => Math.round(amount / count);

export interface PillTexts {
  inRange: boolean;
  text: string;
}

/** SPEC 9 texts: 'or N interest-free payments of amount with' (then the brand), or the out-of-range one. */
export function pillTexts(amount: number, count: number, min: number, max: number, currency: CurrencyCode): PillTexts {
  if (inRange(amount, min, max)) {
    return {
      inRange: true,
      text: formatMessage(InstallmentMessages.paymentsWith, {
        n: count,
        amount: formatMinorUnits(installmentAmount(amount, count), currency),
      }),
    };
  }
  return amount > max
    ? { inRange: false, text: formatMessage(InstallmentMessages.availableUpTo, { amount: formatMinorUnits(max, currency) }) }
    : { inRange: false, text: formatMessage(InstallmentMessages.availableOver, { amount: formatMinorUnits(min, currency) }) };
}

/** SPEC 5: in a cart, only when every item is physical and the cart is not empty. */
export const cartEligible = (productTypes: readonly number[]): boolean =>
  productTypes.length > 0 && productTypes.every((t) => t === ProductType.PHYSICAL);

/** The static information page of a brand and locale (served with the web app). */
export const infoPageUrl = (brand: Brand, locale: string): string => `/assets/installments/${brand.toLowerCase()}-${locale}.html`;
