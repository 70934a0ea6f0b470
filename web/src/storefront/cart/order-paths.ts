// Where an order is shown: views of the cart page (see lib/paths.ts). The receipt token (from the
// checkout's answer or the receipt email) is the buyer's key to the order.
import { CART_PATH } from '../lib/paths.js';

// The receipt token (receiptToken in the order) lets the page read the order whatever cookies the
// browser has by then (a donation has no cart; a new cart replaces the purchased one's cookie).
const token = (receiptToken: string | null | undefined): string =>
  receiptToken ? `&receiptToken=${encodeURIComponent(receiptToken)}` : '';

/** The order confirmation right after a checkout. */
export const orderConfirmedUrl = (orderId: string, receiptToken?: string | null): string =>
  `${CART_PATH}?view=order&order=${encodeURIComponent(orderId)}${token(receiptToken)}`;

/** The order status page a buyer can come back to (also the receipt email's link). */
export const orderStatusUrl = (orderId: string, receiptToken?: string | null): string =>
  `${CART_PATH}?view=status&order=${encodeURIComponent(orderId)}${token(receiptToken)}`;
