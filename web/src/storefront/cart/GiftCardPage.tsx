// The gift card page (SPEC 4: gift card items go here): the card's denominations to choose from,
// the chosen one first, then checkout. Its failures use the gift card alert title of SPEC 8.
import { useEffect, useId, useState } from 'react';
import { AddToCartMessages, CartMessages, formatMoney, type AddEntryResponse, type ProductFormData } from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { track } from '../lib/events.js';
import { call, failureFrom } from '../lib/http.js';
import { AlertDialog } from '../lib/modal.js';
import { checkoutUrl } from '../lib/paths.js';
import { failureMessage } from '../product/rules.js';
import { apiPath } from '../../api/client.js';

/** The product-form data of the product page at `path` (its JSON context). */
async function productAt(path: string): Promise<ProductFormData | undefined> {
  const context = await call<{ islands?: Array<{ name: string; data: unknown }> }>('GET', `${path}?format=json`);
  return context.islands?.find((i) => i.name === 'product-form')?.data as ProductFormData | undefined;
}

/** Only this site's own paths are followed. */
const isSitePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export function GiftCardPage({ itemId, from, sku }: { itemId: string; from: string; sku: string | null }) {
  const [product, setProduct] = useState<ProductFormData | null | undefined>(undefined);
  const [chosen, setChosen] = useState<string | null>(sku);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!isSitePath(from)) {
      setProduct(null);
      return;
    }
    productAt(from).then(
      (found) => setProduct(found && found.itemId === itemId ? found : null),
      () => setProduct(null),
    );
  }, [from, itemId]);

  if (product === undefined) return <p aria-busy="true">Loading the gift card…</p>;
  if (product === null) {
    return (
      <p className="form-error" role="alert">
        {CartMessages.tryAgain}
      </p>
    );
  }

  const purchase = async () => {
    const variant = product.variants.find((v) => v.sku === chosen);
    if (!variant) {
      setAlert(AddToCartMessages.giftCardDenominationRequired);
      return;
    }
    setBusy(true);
    try {
      const added = await call<AddEntryResponse>('POST', apiPath('/commerce/shopping-cart/entries'), {
        itemId: product.itemId,
        sku: variant.sku,
        quantity: 1,
      });
      cartStore.set(added.shoppingCart);
      track('AddToCart', {
        itemId: product.itemId,
        cartId: added.shoppingCart.id,
        sku: variant.sku,
        quantity: 1,
        productName: product.title,
        unitPrice: variant.priceMoney,
      });
      location.assign(checkoutUrl());
    } catch (failure) {
      setAlert(failureMessage(failureFrom(failure), navigator.cookieEnabled));
      setBusy(false);
    }
  };

  return (
    <section className="sc-gift-card">
      <h2>{product.title}</h2>
      <fieldset className="gift-card-denominations">
        <legend id={id}>Choose an amount</legend>
        {product.variants.map((variant) => (
          <label key={variant.sku} className="denomination">
            <input
              type="radio"
              name={`${id}-amount`}
              value={variant.sku}
              checked={chosen === variant.sku}
              onChange={() => setChosen(variant.sku)}
            />{' '}
            {formatMoney(variant.priceMoney)}
          </label>
        ))}
      </fieldset>
      <button type="button" className="sc-button" disabled={busy} onClick={() => void purchase()}>
        {busy ? AddToCartMessages.adding : 'Purchase Gift Card'}
      </button>
      {alert && <AlertDialog title={CartMessages.unableToPurchaseGiftCardTitle} message={alert} onClose={() => setAlert(null)} />}
    </section>
  );
}
