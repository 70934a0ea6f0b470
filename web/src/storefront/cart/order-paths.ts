// Where an order is shown: views of the cart page (see lib/paths.ts).
import { CART_PATH } from '../lib/paths.js';

/** The order confirmation right after a checkout. */
export const orderConfirmedUrl = (orderId: string): string => `${CART_PATH}?view=order&order=${encodeURIComponent(orderId)}`;

/** The order status page a buyer can come back to. */
export const orderStatusUrl = (orderId: string): string => `${CART_PATH}?view=status&order=${encodeURIComponent(orderId)}`;
