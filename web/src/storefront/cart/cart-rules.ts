// The cart page's wording rules (SPEC 8 "Cart"), pure: the title and message of a failed change,
// and the money of a cart in its store currency.
import { CartMessages, formatMinorUnits, isCurrencyCode, type CurrencyCode } from '@sc/contracts';
import type { Failure } from '../lib/http.js';
import { failureMessage } from '../product/rules.js';

export type CartAction = 'quantity' | 'remove' | 'add' | 'form' | 'open-form';

const TITLES: Record<CartAction, string> = {
  quantity: CartMessages.unableToUpdateQuantity,
  remove: CartMessages.unableToRemoveItem,
  add: CartMessages.unableToAddItem,
  form: CartMessages.unableToUpdateForm,
  'open-form': CartMessages.unableToOpenForm,
};

export interface CartProblem {
  title: string;
  message: string;
}

/** A failed cart change: its SPEC 8 title, and the server's message or 'Please try again.' (offline: check the connection). */
export function cartProblem(action: CartAction, failure: Failure, cookiesEnabled = true): CartProblem {
  return { title: TITLES[action], message: failureMessage(failure, cookiesEnabled) };
}

export const currencyOf = (code: string): CurrencyCode => (isCurrencyCode(code) ? code : 'USD');

export const money = (cents: number, currency: string): string => formatMinorUnits(cents, currencyOf(currency));
