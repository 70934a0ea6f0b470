// The full-page cart (SPEC 2 /cart): each line with its quantity, its additional-fields answers
// (editable in the lightbox) and a remove button, coupons, the shipping location and options, the
// totals with the installment pill, and the way to checkout unless the store's minimum subtotal is
// not reached; 'You have nothing in your shopping cart.' when it is empty. Failed changes show the
// SPEC 8 cart-page strings.
import { lazy, Suspense, useEffect, useState } from 'react';
import { CartMessages, type CartPageData, type CommerceCartEntry, type CommerceShoppingCart } from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { track } from '../lib/events.js';
import { useCart } from '../lib/hooks.js';
import { call, failureFrom } from '../lib/http.js';
import { checkoutUrl } from '../lib/paths.js';
import { cartEligible } from '../installments/installments.js';
import { InstallmentPill } from '../installments/InstallmentPill.js';
import { savedToRaw } from '../forms/values.js';
import { CartCoupons } from './CartCoupons.js';
import { CartEntry, ENTRIES } from './CartEntry.js';
import { CartShipping } from './CartShipping.js';
import { Totals } from './CartTotals.js';
import { cartProblem, minimumSubtotalMessage, type CartAction, type CartProblem } from './cart-rules.js';

const AdditionalFieldsLightbox = lazy(() => import('../forms/AdditionalFieldsLightbox.js'));

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
          <CartEntry key={entry.id} entry={entry} currency={currency} onChange={change} onEdit={setEditing} />
        ))}
      </ul>
      <CartCoupons cart={cart} currency={currency} onChange={change} />
      {cart.requiresShipping && <CartShipping cart={cart} currency={currency} onChange={change} />}
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
              setProblem(
                cartProblem(
                  'open-form',
                  { status: 0, crumbFail: false, message: '', errors: null, network: !navigator.onLine },
                  navigator.cookieEnabled,
                ),
              );
            }}
            onDone={(answers) => {
              const entry = editing;
              setEditing(null);
              // SPEC 4: the cart is recalculating (busy) from the start of the update to its end.
              void change('form', async () => {
                const updated = await call<{ shoppingCart: CommerceShoppingCart; updatedEntry: CommerceCartEntry }>(
                  'PUT',
                  `${ENTRIES}/${encodeURIComponent(entry.id)}/additionalFields`,
                  {
                    itemId: entry.itemId,
                    sku: entry.chosenVariant.sku,
                    additionalFields: answers,
                  },
                );
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
