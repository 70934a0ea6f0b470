// The product form island (SPEC 2 product detail page): variant dropdowns or radio buttons in
// variantOptionOrdering, the variant's image and price, the quantity input, and the add-to-cart
// button with its SPEC 4 states; errors in the alert dialog with the SPEC 8 titles; express
// checkout, subscriptions and gift cards take their own paths; an additional-fields form opens in
// the lightbox once stock is verified.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  AddToCartMessages,
  Labels,
  ProductType,
  formatMessage,
  type AddEntryResponse,
  type IslandVariant,
  type ProductFormData,
  type StockResult,
  MAX_QUANTITY,
  MIN_QUANTITY,
} from '@sc/contracts';
import { cartStore, quantityInCart } from '../lib/cart-store.js';
import { emitVariantChange, track } from '../lib/events.js';
import { useCart } from '../lib/hooks.js';
import { call, failureFrom } from '../lib/http.js';
import { checkoutUrl, giftCardUrl } from '../lib/paths.js';
import { createButtonMachine, type ButtonState } from './button-machine.js';
import {
  alertTitle,
  chooseVariant,
  failureMessage,
  inStock,
  optionNames,
  optionValues,
  paidCents,
  parseQuantity,
  selectedVariant,
  selectionOf,
  showsQuantity,
  showsVariantPicker,
  type Selection,
} from './rules.js';
import { apiPath } from '../../api/client.js';

const AdditionalFieldsLightbox = lazy(() => import('../forms/AdditionalFieldsLightbox.js'));
// The alert's code loads with the first error.
const AlertDialog = lazy(() => import('../lib/modal.js').then((m) => ({ default: m.AlertDialog })));

export type VariantDisplay = 'dropdown' | 'radio';

interface Alert {
  title: string;
  message: string;
}

export function ProductForm({ data, mount, display }: { data: ProductFormData; mount: HTMLElement; display: VariantDisplay }) {
  const names = useMemo(() => optionNames(data), [data]);
  // A shared address's `?variant=` chooses that variant's options.
  const [selection, setSelection] = useState<Selection>(() => selectionOf(data, new URLSearchParams(location.search).get('variant')));
  const [quantity, setQuantity] = useState('1');
  const [buttonState, setButtonState] = useState<ButtonState>('idle');
  const [alert, setAlert] = useState<Alert | null>(null);
  const [lightbox, setLightbox] = useState<{ variant: IslandVariant; quantity: number } | null>(null);
  const machine = useMemo(() => createButtonMachine(setButtonState), []);
  const cart = useCart();
  const ids = useRef(`pf-${data.itemId.replace(/[^A-Za-z0-9_-]/g, '')}`);
  useEffect(() => () => machine.dispose(), [machine]);

  const variant = selectedVariant(data, selection);
  // Only a choice among several variants is one to show and remember.
  const chosen = data.variants.length > 1 ? variant : undefined;
  // The page's picture, price line and badge change with the first choice: their code loads then
  // (the product page's script budget), and stays to put the product's own back; so does the
  // address's `?variant=`.
  const shown = useRef(false);
  useEffect(() => {
    if ((shown.current ||= Boolean(chosen ?? variant?.mainImage))) {
      void import('./variant-display.js').then((display) => display.showVariant(mount, variant, chosen, data));
    }
    emitVariantChange({ itemId: data.itemId, variantId: variant?.id ?? null, priceCents: chosen ? paidCents(chosen) : null });
  }, [mount, variant, chosen, data]);

  const fail = (message: string) => {
    setAlert({ title: alertTitle(data), message });
  };

  /** Adds (or starts the subscription checkout) once every check has passed. */
  const submit = async (chosen: IslandVariant, count: number, additionalFields: string | null) => {
    if (!machine.click()) return;
    try {
      if (data.isSubscribable) {
        const { cartToken } = await call<{ cartToken: string }>('POST', apiPath('/3/commerce/cart/subscription'), {
          itemId: data.itemId,
          sku: chosen.sku,
          qty: count,
          ...(additionalFields === null ? {} : { additionalFields }),
        });
        location.assign(checkoutUrl(cartToken));
        return;
      }
      const added = await call<AddEntryResponse>('POST', apiPath('/commerce/shopping-cart/entries'), {
        itemId: data.itemId,
        sku: chosen.sku,
        quantity: count,
        ...(additionalFields === null ? {} : { additionalFields }),
      });
      cartStore.set(added.shoppingCart);
      track('AddToCart', {
        itemId: data.itemId,
        cartId: added.shoppingCart.id,
        sku: chosen.sku,
        quantity: count,
        productName: data.title,
        unitPrice: chosen.onSale ? chosen.salePriceMoney : chosen.priceMoney,
      });
      if (data.expressCheckout) {
        location.assign(checkoutUrl());
        return;
      }
      machine.succeed();
    } catch (error) {
      machine.fail();
      fail(failureMessage(failureFrom(error), navigator.cookieEnabled));
    }
  };

  const onClick = async () => {
    // SPEC 4: a button that is adding or added ignores clicks.
    if (machine.state !== 'idle') return;
    const choice = chooseVariant(data, selection);
    if (!choice.ok) return fail(choice.message);
    let count = 1;
    if (showsQuantity(data, choice.value)) {
      const parsed = parseQuantity(quantity);
      if (!parsed.ok) return fail(parsed.message);
      count = parsed.value;
    }
    // SPEC 4: gift cards go to the gift card page.
    if (data.productType === ProductType.GIFT_CARD) {
      location.assign(giftCardUrl(data.itemId, location.pathname, choice.value.sku));
      return;
    }
    if (data.additionalFieldsFormId) {
      // SPEC 5: stock is verified before the additional-fields form opens.
      try {
        const stock = await call<StockResult>('GET', `${apiPath('/commerce/inventory/stock/')}?itemId=${encodeURIComponent(data.itemId)}`);
        const held = quantityInCart(cartStore.get().cart, data.itemId, choice.value.id);
        if (!inStock(stock, choice.value.id, held)) return fail(AddToCartMessages.notEnoughStock);
      } catch (error) {
        return fail(failureMessage(failureFrom(error), navigator.cookieEnabled));
      }
      setLightbox({ variant: choice.value, quantity: count });
      return;
    }
    await submit(choice.value, count, null);
  };

  // SPEC 4: the button waits for the cart when there is one to load; with none it shows at once.
  const ready = cart.status !== 'loading' && cart.status !== 'idle';
  const label =
    buttonState === 'adding' ? AddToCartMessages.adding : buttonState === 'added' ? AddToCartMessages.added : data.addButtonText;

  return (
    <div className="sc-product-form" data-state={buttonState}>
      {showsVariantPicker(data) && (
        <div className="product-variants">
          {names.map((name, index) =>
            display === 'radio' ? (
              <fieldset key={name} className="variant-option variant-option-radio">
                <legend className="variant-option-title">{name}</legend>
                {optionValues(data.variants, name).map((value) => (
                  <label key={value} className="variant-radiobtn-label">
                    <input
                      type="radio"
                      name={`${ids.current}-${index}`}
                      value={value}
                      checked={selection[name] === value}
                      onChange={() => setSelection({ ...selection, [name]: value })}
                    />{' '}
                    {value}
                  </label>
                ))}
              </fieldset>
            ) : (
              <div key={name} className="variant-option">
                <label className="variant-option-title" htmlFor={`${ids.current}-${index}`}>
                  {name || Labels.value}
                </label>
                <select
                  id={`${ids.current}-${index}`}
                  data-variant-option-name={name}
                  value={selection[name] ?? ''}
                  onChange={(event) => setSelection({ ...selection, [name]: event.target.value })}
                >
                  <option value="">{name ? formatMessage(Labels.selectVariant, { variantName: name }) : Labels.selectValue}</option>
                  {optionValues(data.variants, name).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
            ),
          )}
        </div>
      )}
      {showsQuantity(data, variant) && (
        <div className="product-quantity-input">
          <label className="quantity-label" htmlFor={`${ids.current}-qty`}>
            {Labels.quantity}
          </label>
          <input
            id={`${ids.current}-qty`}
            type="number"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
      )}
      {data.soldOut ? (
        <p className="sold-out-note">This product is sold out.</p>
      ) : (
        <div className="sqs-add-to-cart-button-wrapper" hidden={!ready}>
          <button
            type="button"
            className="sqs-add-to-cart-button"
            data-state={buttonState}
            aria-disabled={buttonState !== 'idle'}
            onClick={() => void onClick()}
          >
            <span className="sqs-add-to-cart-button-inner">{label}</span>
          </button>
          <span className="visually-hidden" role="status">
            {buttonState === 'added' ? AddToCartMessages.added : ''}
          </span>
        </div>
      )}
      {alert && (
        <Suspense fallback={null}>
          <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(null)} />
        </Suspense>
      )}
      {lightbox && data.additionalFieldsFormId && (
        <Suspense fallback={null}>
          <AdditionalFieldsLightbox
            formId={data.additionalFieldsFormId}
            title={data.title}
            onCancel={() => setLightbox(null)}
            onFailed={(message) => {
              setLightbox(null);
              setAlert({ title: alertTitle(data), message });
            }}
            onDone={(answers) => {
              const { variant: chosen, quantity: count } = lightbox;
              setLightbox(null);
              void submit(chosen, count, answers);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
