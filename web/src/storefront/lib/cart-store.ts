// The visitor's cart as every island on the page shares it (the pill, the header indicator, the
// product form, the cart page). SPEC 4 "Cart": loading, then loaded; a cart loads only when a
// cart cookie exists or a signed-in user is detected. The cart cookie itself is HttpOnly, so the
// storefront keeps a readable marker beside it (set whenever the server answers with a cart).
import type { CommerceShoppingCart } from '@sc/contracts';
import { readCookie, siteUserInfo, writeCookie } from './dom.js';
import { call } from './http.js';
import { apiPath } from '../../api/client.js';

export type CartStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export interface CartState {
  status: CartStatus;
  cart: CommerceShoppingCart | null;
}

/** Readable marker of "this browser has a cart" (the cart cookie lives 30 days, so does this). */
export const CART_MARKER = 'ss_cart_marker';
const MARKER_MAX_AGE_S = 30 * 24 * 3600;

let state: CartState = { status: 'idle', cart: null };
const listeners = new Set<() => void>();
let loading: Promise<CommerceShoppingCart | null> | undefined;

function publish(next: CartState): void {
  state = next;
  // SPEC 4: an empty-cart marker is set when the item count is 0.
  if (next.status === 'loaded') document.body.classList.toggle('cart-empty', (next.cart?.totalQuantity ?? 0) === 0);
  for (const listener of listeners) listener();
}

export const cartStore = {
  get: (): CartState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** SPEC 4: whether this visitor has a cart to load (a cart cookie, or a signed-in user). */
  hasCart(): boolean {
    return readCookie(CART_MARKER) === '1' || siteUserInfo().authenticated;
  },
  /** Loads the cart once (again with force); resolves null when there is none to load or it failed. */
  load(force = false): Promise<CommerceShoppingCart | null> {
    if (!force && loading) return loading;
    if (!force && !cartStore.hasCart()) {
      publish({ status: 'loaded', cart: null });
      return Promise.resolve(null);
    }
    if (state.status !== 'loaded') publish({ status: 'loading', cart: state.cart });
    loading = call<CommerceShoppingCart>('GET', apiPath('/commerce/shopping-cart')).then(
      (cart) => {
        cartStore.set(cart);
        return cart;
      },
      () => {
        publish({ status: 'failed', cart: state.cart });
        return null;
      },
    );
    return loading;
  },
  /** A cart the server answered with (add, update, remove, coupons, shipping). */
  set(cart: CommerceShoppingCart): void {
    writeCookie(CART_MARKER, '1', MARKER_MAX_AGE_S);
    loading = Promise.resolve(cart);
    publish({ status: 'loaded', cart: cart.isPurchased ? null : cart });
  },
  /** After a checkout the cart is gone; the next visit starts without one. */
  clear(): void {
    writeCookie(CART_MARKER, '', 0);
    loading = Promise.resolve(null);
    publish({ status: 'loaded', cart: null });
  },
};

/** How many of an item's variant the cart already holds (SPEC 5 stock verification). */
export function quantityInCart(cart: CommerceShoppingCart | null, itemId: string, variantId: string): number {
  if (!cart) return 0;
  return cart.entries.filter((e) => e.itemId === itemId && e.variantId === variantId).reduce((sum, e) => sum + e.quantity, 0);
}
