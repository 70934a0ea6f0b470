// A cart's totals: subtotal, discount, shipping (when it ships), tax and the grand total. When the
// store's prices include tax, the tax is not a line to add: "incl. $X tax" follows the total.
import type { CommerceShoppingCart } from '@sc/contracts';
import { money } from './cart-rules.js';

export function Totals({ cart, currency }: { cart: CommerceShoppingCart; currency: string }) {
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-total="subtotal">{money(cart.subtotalCents, currency)}</dd>
      </div>
      {cart.discountCents > 0 && (
        <div>
          <dt>Discount</dt>
          <dd data-total="discount">−{money(cart.discountCents, currency)}</dd>
        </div>
      )}
      {cart.requiresShipping && (
        <div>
          <dt>{cart.selectedShippingOption ? `Shipping (${cart.selectedShippingOption.name})` : 'Shipping'}</dt>
          <dd data-total="shipping">
            {cart.selectedShippingOption && cart.shippingCostCents === 0 ? 'Free' : money(cart.shippingCostCents, currency)}
          </dd>
        </div>
      )}
      {!cart.pricesIncludeTax && (
        <div>
          <dt>Tax</dt>
          <dd data-total="tax">{money(cart.taxCents, currency)}</dd>
        </div>
      )}
      <div className="grand-total">
        <dt>Total</dt>
        <dd data-total="grand">{money(cart.grandTotalCents, currency)}</dd>
      </div>
      {cart.pricesIncludeTax && (
        <div className="tax-included">
          <dt>Tax</dt>
          <dd data-total="tax">incl. {money(cart.taxCents, currency)} tax</dd>
        </div>
      )}
    </dl>
  );
}
