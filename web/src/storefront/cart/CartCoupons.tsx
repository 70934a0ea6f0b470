// The cart's coupons: applying a code, and the valid and invalid ones applied, each removable.
import { useId, useState, type FormEvent } from 'react';
import { CartMessages, type CommerceShoppingCart } from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { call, failureFrom } from '../lib/http.js';
import { money, type CartChange } from './cart-rules.js';
import { apiPath } from '../../api/client.js';

export function CartCoupons({ cart, currency, onChange }: { cart: CommerceShoppingCart; currency: string; onChange: CartChange }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    setError(null);
    try {
      cartStore.set(await call<CommerceShoppingCart>('POST', apiPath('/commerce/shopping-cart/coupons'), { code: code.trim() }));
      setCode('');
    } catch (failure) {
      setError(failureFrom(failure).message || CartMessages.tryAgain);
    }
  };
  return (
    <section className="cart-coupons" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Coupon</h2>
      <form onSubmit={(event) => void apply(event)} className="coupon-form">
        <label className="visually-hidden" htmlFor={id}>
          Coupon code
        </label>
        <input id={id} value={code} placeholder="Coupon code" onChange={(event) => setCode(event.target.value)} />
        <button type="submit" className="sc-button secondary">
          Apply
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="coupon-list">
        {cart.validCoupons.map((coupon) => (
          <li key={coupon.code} className="coupon valid">
            {coupon.code}: −{money(coupon.discountCents, currency)} <RemoveCoupon code={coupon.code} onChange={onChange} />
          </li>
        ))}
        {cart.invalidCoupons.map((coupon) => (
          <li key={coupon.code} className="coupon invalid">
            {coupon.code}: {coupon.reason} <RemoveCoupon code={coupon.code} onChange={onChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RemoveCoupon({ code, onChange }: { code: string; onChange: CartChange }) {
  return (
    <button
      type="button"
      aria-label={`Remove coupon ${code}`}
      onClick={() =>
        void onChange('remove', () => call<CommerceShoppingCart>('DELETE', apiPath('/commerce/shopping-cart/coupons/{code}', { code })))
      }
    >
      Remove
    </button>
  );
}
