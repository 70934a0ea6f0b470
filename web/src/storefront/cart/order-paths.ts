// Where an order is shown: views of the cart page (see lib/paths.ts). The receipt token (from the
// checkout's answer or the receipt email) is the buyer's key to the order.
import { CART_PATH } from '../lib/paths.js';

const tokenPart = (token: string | undefined): string => (token ? `&token=${encodeURIComponent(token)}` : '');

/** The order confirmation right after a checkout. */
export const orderConfirmedUrl = (orderId: string, token?: string): string => `${CART_PATH}?view=order&order=${encodeURIComponent(orderId)}${tokenPart(token)}`;

/** The order status page a buyer can come back to. */
export const orderStatusUrl = (orderId: string, token?: string): string => `${CART_PATH}?view=status&order=${encodeURIComponent(orderId)}${tokenPart(token)}`;
