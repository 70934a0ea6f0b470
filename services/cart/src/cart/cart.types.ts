// Who asks for a cart, and what finding it answers.
import type { CartRow } from './cart.repository.js';

export interface CartLookup {
  cart: CartRow;
  created: boolean;
}

/** Who is asking: the website, the cart cookie and, when signed in, the site user. */
export interface Shopper {
  websiteId: string;
  token: string | undefined;
  siteUserId: string | undefined;
  /** Called before a cart is made for this shopper (throws 429 past the address's limit of new carts). */
  admitNewCart?: () => void;
}
