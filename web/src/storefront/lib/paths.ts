// Where the storefront's own screens live. SPEC 2 gives /cart and leaves the checkout, subscription,
// gift card, order confirmation and order status paths open: they are views of the cart page,
// chosen by ?view= (render serves /cart whatever its query, and caches it once).
export const CART_PATH = '/cart';

export type CartView = 'cart' | 'checkout' | 'gift-card' | 'order' | 'status';

/** Checkout of the cart, or of the subscription cart a token names (the subscription page). */
export const checkoutUrl = (cartToken?: string): string =>
  `${CART_PATH}?view=checkout${cartToken ? `&cartToken=${encodeURIComponent(cartToken)}` : ''}`;

/** The gift card page: the product's denominations, the chosen one first. */
export const giftCardUrl = (itemId: string, productPath: string, sku?: string): string =>
  `${CART_PATH}?view=gift-card&item=${encodeURIComponent(itemId)}&from=${encodeURIComponent(productPath)}${sku ? `&sku=${encodeURIComponent(sku)}` : ''}`;
