// The floating cart pill (SPEC 2): hidden while the cart is empty (render leaves it out with
// express checkout, a custom cart and on the cart page); the count, 'item' or 'items', the
// subtotal and the spoken label. It slides in over 0.25 s (theme.css).
import { formatMinorUnits, isCurrencyCode, type CartPillData } from '@sc/contracts';
import { useCart } from '../lib/hooks.js';
import { pillText, pillVisible } from './pill-text.js';

export function CartPill({ data }: { data: CartPillData }) {
  const { status, cart } = useCart();
  const quantity = cart?.totalQuantity ?? 0;
  if (!pillVisible(status === 'loaded', quantity)) return null;
  const text = pillText(quantity);
  const currency = isCurrencyCode(data.currency) ? data.currency : 'USD';
  return (
    <a className="cart-pill sc-cart-pill" href={data.cartUrl} aria-label={text.label}>
      <span className="cart-pill-count">{text.count}</span> <span className="cart-pill-noun">{text.noun}</span>
      <span className="cart-pill-subtotal">{formatMinorUnits(cart?.subtotalCents ?? 0, currency)}</span>
    </a>
  );
}
