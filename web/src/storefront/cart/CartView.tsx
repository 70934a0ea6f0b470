// The full-page cart (SPEC 2 /cart): each line with its quantity, its additional-fields answers
// (editable in the lightbox) and a remove button, coupons, the shipping location and options, the
// totals with the installment pill, and the way to checkout unless the store's minimum subtotal is
// not reached; 'You have nothing in your shopping cart.' when it is empty. Failed changes show the
// SPEC 8 cart-page strings.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { CartMessages, Labels, type CartPageData, type CommerceCartEntry, type CommerceShoppingCart } from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { track } from '../lib/events.js';
import { useCart } from '../lib/hooks.js';
import { call, failureFrom } from '../lib/http.js';
import { checkoutUrl } from '../lib/paths.js';
import { cartEligible } from '../installments/installments.js';
import { InstallmentPill } from '../installments/InstallmentPill.js';
import { savedToRaw } from '../forms/values.js';
import { cartProblem, minimumSubtotalMessage, money, type CartAction, type CartProblem } from './cart-rules.js';
import { apiPath } from '../../api/client.js';

const AdditionalFieldsLightbox = lazy(() => import('../forms/AdditionalFieldsLightbox.js'));

const ENTRIES = apiPath('/commerce/shopping-cart/entries');

export function CartView({ data }: { data: CartPageData }) {
  const { status, cart } = useCart();
  const [problem, setProblem] = useState<CartProblem | null>(null);
  const [busy, setBusy] = useState(false);
  /** The entry whose additional fields are being edited in the lightbox. */
  const [editing, setEditing] = useState<CommerceCartEntry | null>(null);

  useEffect(() => {
    void cartStore.load().then((loaded) => {
      if (loaded) track('ViewCart', { cartId: loaded.id, totalQuantity: loaded.totalQuantity, subtotalCents: loaded.subtotalCents });
    });
  }, []);

  /** Runs one change of the cart; its answer is the new cart. */
  const change = async (action: CartAction, run: () => Promise<CommerceShoppingCart>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      cartStore.set(await run());
      return true;
    } catch (error) {
      setProblem(cartProblem(action, failureFrom(error), navigator.cookieEnabled));
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (status === 'idle' || status === 'loading') return <p aria-busy="true">Loading your cart…</p>;
  if (status === 'failed') {
    return (
      <p className="form-error" role="alert">
        {CartMessages.checkConnection}
      </p>
    );
  }
  if (!cart || cart.entries.length === 0) {
    return (
      <div className="sc-cart empty">
        {problem && <Problem problem={problem} />}
        <p className="cart-empty-message">{CartMessages.emptyCart}</p>
        <p>
          <a href="/">Continue shopping</a>
        </p>
      </div>
    );
  }

  const currency = data.currency;
  return (
    <div className="sc-cart" aria-busy={busy}>
      {problem && <Problem problem={problem} />}
      <ul className="cart-entries" aria-label="Items in your cart">
        {cart.entries.map((entry) => (
          <li key={entry.id} className="cart-entry" data-entry-id={entry.id}>
            <div className="cart-entry-title">
              <strong>{entry.title}</strong>
              {Object.entries(entry.chosenVariant.attributes).map(([name, value]) => (
                <span key={name} className="cart-entry-option">
                  {name}: {value}
                </span>
              ))}
              {entry.additionalFields && <AdditionalAnswers json={entry.additionalFields} />}
              {entry.additionalFieldsFormId && (
                <button type="button" className="cart-entry-edit-fields" aria-haspopup="dialog" aria-label={`Edit details of ${entry.title}`} onClick={() => setEditing(entry)}>
                  Edit details
                </button>
              )}
            </div>
            <QuantityInput
              title={entry.title}
              quantity={entry.quantity}
              onCommit={(quantity) => change('quantity', () => call<CommerceShoppingCart>('PUT', `${ENTRIES}/${encodeURIComponent(entry.id)}`, { quantity }))}
            />
            <span className="cart-entry-price">{money(entry.subTotal, currency)}</span>
            <button
              type="button"
              className="cart-entry-remove"
              aria-label={`Remove ${entry.title}`}
              onClick={() =>
                void change('remove', () => call<CommerceShoppingCart>('DELETE', `${ENTRIES}/${encodeURIComponent(entry.id)}`)).then((ok) => {
                  if (ok) track('RemoveFromCart', { itemId: entry.itemId, sku: entry.chosenVariant.sku, quantity: entry.quantity });
                })
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <Coupons cart={cart} currency={currency} onChange={change} />
      {cart.requiresShipping && <Shipping cart={cart} currency={currency} onChange={change} />}
      <Totals cart={cart} currency={currency} />
      {data.installments && cartEligible(cart.entries.map((e) => e.productType)) && (
        <InstallmentPill
          amountCents={cart.grandTotalCents}
          count={data.installments.installmentCount}
          minCents={data.installments.minCents}
          maxCents={data.installments.maxCents}
          currency={currency}
          country={data.installments.country}
        />
      )}
      <CheckoutLink message={minimumSubtotalMessage(cart, currency)} />
      {editing?.additionalFieldsFormId && (
        <Suspense fallback={null}>
          <AdditionalFieldsLightbox
            formId={editing.additionalFieldsFormId}
            title={editing.title}
            answersFor={(form) => (editing.additionalFields ? savedToRaw(form.fields, editing.additionalFields) : {})}
            onCancel={() => setEditing(null)}
            onFailed={() => {
              setEditing(null);
              setProblem(cartProblem('open-form', { status: 0, crumbFail: false, message: '', errors: null, network: !navigator.onLine }, navigator.cookieEnabled));
            }}
            onDone={(answers) => {
              const entry = editing;
              setEditing(null);
              // SPEC 4: the cart is recalculating (busy) from the start of the update to its end.
              void change('form', async () => {
                const updated = await call<{ shoppingCart: CommerceShoppingCart; updatedEntry: CommerceCartEntry }>('PUT', `${ENTRIES}/${encodeURIComponent(entry.id)}/additionalFields`, {
                  itemId: entry.itemId,
                  sku: entry.chosenVariant.sku,
                  additionalFields: answers,
                });
                return updated.shoppingCart;
              });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The way to checkout, or SPEC 8's minimum-subtotal message instead while the subtotal is below it. */
function CheckoutLink({ message }: { message: string | null }) {
  if (message) {
    return (
      <div className="cart-minimum">
        <p className="cart-minimum-message" role="status">
          {message}
        </p>
        <button type="button" className="sc-button checkout-button" disabled>
          Checkout
        </button>
      </div>
    );
  }
  return (
    <a className="sc-button checkout-button" href={checkoutUrl()}>
      Checkout
    </a>
  );
}

function Problem({ problem }: { problem: CartProblem }) {
  return (
    <div className="cart-problem" role="alert">
      <strong className="cart-problem-title">{problem.title}</strong> <span className="cart-problem-message">{problem.message}</span>
    </div>
  );
}

/** The answers of an entry's additional-fields form (the JSON the product form sent). */
function AdditionalAnswers({ json }: { json: string }) {
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (v: unknown): string => (Array.isArray(v) ? v.join(' ') : typeof v === 'object' && v !== null ? Object.values(v).join(' ') : String(v));
  return (
    <dl className="cart-entry-answers">
      {Object.entries(answers).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{text(value).trim() === '' ? Labels.notAnswered : text(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function QuantityInput({ title, quantity, onCommit }: { title: string; quantity: number; onCommit: (quantity: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState(String(quantity));
  const id = useId();
  useEffect(() => setDraft(String(quantity)), [quantity]);
  const commit = () => {
    if (draft.trim() === String(quantity)) return;
    void onCommit(draft.trim()).then((ok) => {
      if (!ok) setDraft(String(quantity));
    });
  };
  return (
    <span className="cart-entry-quantity">
      <label className="visually-hidden" htmlFor={id}>
        {`${Labels.quantity} of ${title}`}
      </label>
      <input
        id={id}
        type="number"
        min={1}
        max={9999}
        step={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </span>
  );
}

type Change = (action: CartAction, run: () => Promise<CommerceShoppingCart>) => Promise<boolean>;

function Coupons({ cart, currency, onChange }: { cart: CommerceShoppingCart; currency: string; onChange: Change }) {
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
            {coupon.code}: −{money(coupon.discountCents, currency)}{' '}
            <button
              type="button"
              aria-label={`Remove coupon ${coupon.code}`}
              onClick={() => void onChange('remove', () => call<CommerceShoppingCart>('DELETE', apiPath('/commerce/shopping-cart/coupons/{code}', { code: coupon.code })))}
            >
              Remove
            </button>
          </li>
        ))}
        {cart.invalidCoupons.map((coupon) => (
          <li key={coupon.code} className="coupon invalid">
            {coupon.code}: {coupon.reason}{' '}
            <button
              type="button"
              aria-label={`Remove coupon ${coupon.code}`}
              onClick={() => void onChange('remove', () => call<CommerceShoppingCart>('DELETE', apiPath('/commerce/shopping-cart/coupons/{code}', { code: coupon.code })))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Shipping({ cart, currency, onChange }: { cart: CommerceShoppingCart; currency: string; onChange: Change }) {
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
                onChange={() => void onChange('add', () => call<CommerceShoppingCart>('PUT', apiPath('/commerce/shopping-cart/shipping-option'), { optionId: option.id }))}
              />{' '}
              {option.name} ({money(option.rateCents, currency)})
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

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
          <dt>Shipping</dt>
          <dd data-total="shipping">{money(cart.shippingCostCents, currency)}</dd>
        </div>
      )}
      <div>
        <dt>Tax</dt>
        <dd data-total="tax">{money(cart.taxCents, currency)}</dd>
      </div>
      <div className="grand-total">
        <dt>Total</dt>
        <dd data-total="grand">{money(cart.grandTotalCents, currency)}</dd>
      </div>
    </dl>
  );
}
