// The cart's shipping location (country, region, postal code) and the shipping option chosen.
import { useId, useState, type FormEvent } from 'react';
import { CartMessages, type CommerceShoppingCart, type ShippingOption } from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { call, failureFrom } from '../lib/http.js';
import { money, type CartChange } from './cart-rules.js';
import { apiPath } from '../../api/client.js';

/** An option's cost for this cart ("Free" when nothing is charged); its rate when the server sent no cost. */
function shippingCost(option: ShippingOption, currency: string): string {
  const cents = option.costCents ?? option.rateCents;
  return cents === 0 ? 'Free' : money(cents, currency);
}

export function CartShipping({ cart, currency, onChange }: { cart: CommerceShoppingCart; currency: string; onChange: CartChange }) {
  const [country, setCountry] = useState(cart.shippingLocation?.country ?? '');
  const [region, setRegion] = useState(cart.shippingLocation?.region ?? '');
  const [postalCode, setPostalCode] = useState(cart.shippingLocation?.postalCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      cartStore.set(
        await call<CommerceShoppingCart>('PUT', apiPath('/commerce/shopping-cart/shipping-location'), {
          country: country.trim().toUpperCase(),
          ...(region.trim() ? { region: region.trim() } : {}),
          ...(postalCode.trim() ? { postalCode: postalCode.trim() } : {}),
        }),
      );
    } catch (failure) {
      setError(failureFrom(failure).message || CartMessages.tryAgain);
    }
  };
  return (
    <section className="cart-shipping" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Shipping</h2>
      <form className="shipping-location" onSubmit={(event) => void save(event)}>
        <label>
          Country <input value={country} maxLength={2} placeholder="US" onChange={(event) => setCountry(event.target.value)} />
        </label>
        <label>
          State or region <input value={region} onChange={(event) => setRegion(event.target.value)} />
        </label>
        <label>
          Postal code <input value={postalCode} onChange={(event) => setPostalCode(event.target.value)} />
        </label>
        <button type="submit" className="sc-button secondary">
          Update
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {cart.shippingOptions.length > 0 && (
        <fieldset className="shipping-options">
          <legend>Shipping option</legend>
          {cart.shippingOptions.map((option) => (
            <label key={option.id} className="shipping-option">
              <input
                type="radio"
                name={`${id}-option`}
                checked={cart.selectedShippingOption?.id === option.id}
                onChange={() =>
                  void onChange('add', () =>
                    call<CommerceShoppingCart>('PUT', apiPath('/commerce/shopping-cart/shipping-option'), { optionId: option.id }),
                  )
                }
              />{' '}
              {option.name} ({shippingCost(option, currency)})
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
