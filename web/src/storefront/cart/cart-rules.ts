// The cart page's wording rules (SPEC 8 "Cart"), pure: the title and message of a failed change,
// the minimum order subtotal, and the money of a cart in its store currency.
import { CartMessages, formatMessage, formatMinorUnits, isCurrencyCode, type CommerceShoppingCart, type CurrencyCode } from '@sc/contracts';
import type { Failure } from '../lib/http.js';
import { failureMessage } from '../product/rules.js';

export type CartAction = 'quantity' | 'remove' | 'add' | 'form' | 'open-form';

/** Runs one change of the cart (its answer is the new cart); false when it failed. */
export type CartChange = (action: CartAction, run: () => Promise<CommerceShoppingCart>) => Promise<boolean>;

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

/**
 * SPEC 8: 'To check out, your order subtotal must be {subtotal} or more.' when the store's minimum
 * is not reached (the same subtotal the cart service checks at checkout); null when it is, or there is none.
 */
export function minimumSubtotalMessage(
  cart: Pick<CommerceShoppingCart, 'subtotalCents' | 'minimumOrderSubtotalCents'>,
  currency: string,
): string | null {
  if (cart.minimumOrderSubtotalCents <= 0 || cart.subtotalCents >= cart.minimumOrderSubtotalCents) return null;
  return formatMessage(CartMessages.minimumSubtotal, { subtotal: money(cart.minimumOrderSubtotalCents, currency) });
}
