// Checkout (the cart's, or a subscription cart's named by its token): email, the shipping address
// when something ships, an optional gift card, and the card: with Stripe (the shop's payments
// config says so) the order is placed first and the card entered in Stripe's Payment Element;
// in test mode (the demo's default, labelled so) the test cards are typed here. The order is
// placed once per attempt (an Idempotency-Key per submission), then the confirmation.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CartMessages,
  type AccountResponse,
  type Address,
  type CartPageData,
  type CommerceShoppingCart,
  type CheckoutResponse,
  type PaymentsConfig,
  type PaymentStep,
} from '@sc/contracts';
import { cartStore } from '../lib/cart-store.js';
import { siteContext, siteUserInfo } from '../lib/dom.js';
import { track } from '../lib/events.js';
import { useCart } from '../lib/hooks.js';
import { call, failureFrom } from '../lib/http.js';
import { CART_PATH } from '../lib/paths.js';
import { orderConfirmedUrl } from './order-paths.js';
import { addressSummary } from './address-summary.js';
import { failureMessage } from '../product/rules.js';
import { AddressLookup } from './AddressLookup.js';
import { filledFrom, type AddressFields } from './address-lookup.js';
import { minimumSubtotalMessage } from './cart-rules.js';
import { Totals } from './CartTotals.js';
import { apiPath } from '../../api/client.js';

let paymentsConfig: Promise<PaymentsConfig> | undefined;
/** How this shop takes payments (asked once per page). */
// Stripe's code (and Stripe.js from Stripe's host) loads at the payment step only: the cart, an
// empty checkout and test mode never ask Stripe for anything.
const StripePayment = lazy(() => import('./StripePayment.js').then((m) => ({ default: m.StripePayment })));

const paymentsOf = (): Promise<PaymentsConfig> => (paymentsConfig ??= call<PaymentsConfig>('GET', apiPath('/commerce/payments/config')));

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="form-item">
      <label className="title" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The signed-in buyer's addresses from their past orders, offered at checkout (none for a guest). */
function SavedAddresses({ onPick }: { onPick: (address: Address) => void }) {
  const [addresses, setAddresses] = useState<Address[]>([]);
  const id = useId();
  useEffect(() => {
    if (!siteUserInfo().authenticated) return;
    call<AccountResponse>('GET', apiPath('/commerce/account')).then(
      (account) => setAddresses(account.addresses),
      () => setAddresses([]),
    );
  }, []);
  if (addresses.length === 0) return null;
  return (
    <div className="form-item saved-addresses">
      <label className="title" htmlFor={id}>
        Saved address
      </label>
      <select
        id={id}
        defaultValue=""
        onChange={(event) => {
          const picked = addresses[Number(event.target.value)];
          if (picked) onPick(picked);
        }}
      >
        <option value="">Enter a new address</option>
        {addresses.map((address, index) => (
          <option key={index} value={index}>
            {addressSummary(address)}
          </option>
        ))}
      </select>
    </div>
  );
}

const newKey = (): string => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function Checkout({ data, cartToken }: { data: CartPageData; cartToken: string | null }) {
  const { status, cart } = useCart();
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState<AddressFields>({
    name: '',
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: '',
    country: siteContext()?.country ?? 'US',
  });
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [giftCardCode, setGiftCardCode] = useState('');
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [payments, setPayments] = useState<PaymentsConfig | null>(null);
  const [step, setStep] = useState<{ payment: PaymentStep; confirmedUrl: string } | null>(null);

  useEffect(() => {
    if (!cartToken) void cartStore.load();
  }, [cartToken]);
  useEffect(() => {
    paymentsOf().then(setPayments, () => setPayments({ provider: 'test', testMode: true, publishableKey: null }));
  }, []);
  const stripe = payments?.provider === 'stripe';

  // The totals follow the address typed (its country and region choose the shipping options and
  // tax), so the amount shown is the amount charged.
  // Only once the buyer typed a region or postal code (the empty form never moves the cart's place,
  // nor does a local pickup, which asks for no address).
  const asksAddress = !cartToken && (cart?.requiresShipping ?? false) && !cart?.selectedShippingOption?.pickup;
  const placeKey = asksAddress ? `${address.country.trim().toUpperCase()}|${address.region.trim()}|${address.postalCode.trim()}` : '';
  useEffect(() => {
    const [country = '', region = '', postalCode = ''] = placeKey.split('|');
    if (!/^[A-Z]{2}$/.test(country) || (!region && !postalCode)) return;
    const stored = cartStore.get().cart?.shippingLocation;
    if (stored && stored.country === country && (stored.region ?? '') === region && (stored.postalCode ?? '') === postalCode) return;
    const timer = setTimeout(() => {
      call<CommerceShoppingCart>('PUT', apiPath('/commerce/shopping-cart/shipping-location'), {
        country,
        ...(region ? { region } : {}),
        ...(postalCode ? { postalCode } : {}),
      }).then(
        (next) => cartStore.set(next),
        () => undefined,
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [placeKey]);

  const subscription = cartToken !== null;
  if (!payments || (!subscription && (status === 'idle' || status === 'loading'))) return <p aria-busy="true">Loading your cart…</p>;
  if (step) {
    const paid = () => {
      if (!subscription) cartStore.clear();
      location.assign(step.confirmedUrl);
    };
    return (
      <div className="sc-checkout checkout-pay">
        {payments.testMode && (
          <p className="test-mode-note">Test mode: Stripe’s test cards only (4242 4242 4242 4242); no real money moves.</p>
        )}
        <Suspense fallback={<p aria-busy="true">Loading the card form…</p>}>
          <StripePayment payment={step.payment} returnUrl={new URL(step.confirmedUrl, location.href).href} onPaid={paid} />
        </Suspense>
      </div>
    );
  }
  if (!subscription && (!cart || cart.entries.length === 0)) {
    return (
      <div className="sc-checkout empty">
        <p className="cart-empty-message">{CartMessages.emptyCart}</p>
        <p>
          <a href={CART_PATH}>Back to cart</a>
        </p>
      </div>
    );
  }
  // A local pickup (chosen on the cart) asks for no address.
  const ships = subscription || ((cart?.requiresShipping ?? false) && !cart?.selectedShippingOption?.pickup);
  const belowMinimum = !subscription && cart ? minimumSubtotalMessage(cart, data.currency) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing || belowMinimum) return;
    setError(null);
    const [month, year] = card.exp.split('/').map((part) => Number(part.trim()));
    const hasCard = !stripe && card.number.trim() !== '';
    if (hasCard && (!month || !year)) {
      setError('Please enter the card’s expiry date as MM/YY.');
      return;
    }
    setPlacing(true);
    try {
      const { order, payment, receiptToken } = await call<CheckoutResponse>(
        'POST',
        apiPath('/commerce/checkout'),
        {
          email: email.trim(),
          ...(ships
            ? {
                shippingAddress: {
                  name: address.name,
                  line1: address.line1,
                  ...(address.line2.trim() ? { line2: address.line2 } : {}),
                  city: address.city,
                  ...(address.region.trim() ? { region: address.region } : {}),
                  ...(address.postalCode.trim() ? { postalCode: address.postalCode } : {}),
                  country: address.country.trim().toUpperCase(),
                },
              }
            : {}),
          ...(hasCard
            ? {
                card: {
                  number: card.number.trim(),
                  expMonth: month,
                  expYear: (year ?? 0) < 100 ? 2000 + (year ?? 0) : year,
                  cvc: card.cvc.trim(),
                },
              }
            : {}),
          ...(giftCardCode.trim() ? { giftCardCode: giftCardCode.trim() } : {}),
          ...(cartToken ? { cartToken } : {}),
        },
        { headers: { 'idempotency-key': newKey() } },
      );
      track('Purchase', {
        orderId: order.id,
        grandTotal: order.grandTotal,
        items: order.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      });
      const confirmedUrl = orderConfirmedUrl(order.id, receiptToken);
      if (payment) {
        // The order is placed and its stock held; the card goes to Stripe next.
        setStep({ payment, confirmedUrl });
        setPlacing(false);
        return;
      }
      if (!subscription) cartStore.clear();
      location.assign(confirmedUrl);
    } catch (failure) {
      setError(failureMessage(failureFrom(failure), navigator.cookieEnabled));
      setPlacing(false);
    }
  };

  const set = (key: keyof typeof address) => (event: { target: { value: string } }) =>
    setAddress({ ...address, [key]: event.target.value });
  return (
    <form className="sc-checkout sc-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Checkout">
      {subscription ? <p className="checkout-kind">Subscription checkout</p> : cart && <Totals cart={cart} currency={data.currency} />}
      <Field label="Email">
        {(id) => <input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      {ships && (
        <fieldset className="checkout-address">
          <legend>Shipping address</legend>
          <SavedAddresses
            onPick={(saved) =>
              setAddress({
                name: saved.name,
                line1: saved.line1,
                line2: saved.line2 ?? '',
                city: saved.city,
                region: saved.region ?? '',
                postalCode: saved.postalCode ?? '',
                country: saved.country,
              })
            }
          />
          <AddressLookup country={address.country} onPick={(place) => setAddress((fields) => filledFrom(fields, place))} />
          <Field label="Full name">{(id) => <input id={id} autoComplete="name" value={address.name} onChange={set('name')} />}</Field>
          <Field label="Address line 1">
            {(id) => <input id={id} autoComplete="address-line1" value={address.line1} onChange={set('line1')} />}
          </Field>
          <Field label="Address line 2">
            {(id) => <input id={id} autoComplete="address-line2" value={address.line2} onChange={set('line2')} />}
          </Field>
          <Field label="City">{(id) => <input id={id} autoComplete="address-level2" value={address.city} onChange={set('city')} />}</Field>
          <Field label="State or region">
            {(id) => <input id={id} autoComplete="address-level1" value={address.region} onChange={set('region')} />}
          </Field>
          <Field label="Postal code">
            {(id) => <input id={id} autoComplete="postal-code" value={address.postalCode} onChange={set('postalCode')} />}
          </Field>
          <Field label="Country code">
            {(id) => <input id={id} autoComplete="country" maxLength={2} value={address.country} onChange={set('country')} />}
          </Field>
        </fieldset>
      )}
      <fieldset className="checkout-payment">
        <legend>Payment</legend>
        {stripe ? (
          <p className="payment-note">You enter your card on the next step, in Stripe’s secure form.</p>
        ) : (
          <>
            <p className="test-mode-note">
              <strong className="test-mode-label">Test mode</strong>: no real payment is taken. Pay with card 4242 4242 4242 4242, any
              future expiry date and any three digits.
            </p>
            <Field label="Card number">
              {(id) => (
                <input
                  id={id}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card.number}
                  onChange={(e) => setCard({ ...card, number: e.target.value })}
                />
              )}
            </Field>
            <Field label="Expiry (MM/YY)">
              {(id) => (
                <input
                  id={id}
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  value={card.exp}
                  onChange={(e) => setCard({ ...card, exp: e.target.value })}
                />
              )}
            </Field>
            <Field label="Security code">
              {(id) => (
                <input
                  id={id}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  value={card.cvc}
                  onChange={(e) => setCard({ ...card, cvc: e.target.value })}
                />
              )}
            </Field>
          </>
        )}
        <Field label="Gift card code (optional)">
          {(id) => <input id={id} value={giftCardCode} onChange={(e) => setGiftCardCode(e.target.value)} />}
        </Field>
      </fieldset>
      {belowMinimum && (
        <p className="form-error checkout-minimum" role="alert">
          <span className="checkout-minimum-message">{belowMinimum}</span> <a href={CART_PATH}>Back to cart</a>
        </p>
      )}
      {error && (
        <p className="form-error checkout-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sc-button place-order" disabled={placing || belowMinimum !== null} aria-busy={placing}>
        {placing ? 'Placing order…' : stripe ? 'Continue to payment' : 'Place order'}
      </button>
    </form>
  );
}
