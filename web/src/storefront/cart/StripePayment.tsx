// The card step of a Stripe checkout: Stripe's Payment Element, loaded from Stripe with the shop's
// publishable key, so card data goes from the buyer's browser to Stripe and never to this shop.
// Confirming may open the bank's 3-D Secure step (Stripe.js shows it); a decline shows Stripe's
// message and the buyer can try another card on the same payment. The order becomes paid when
// Stripe's webhook reaches the shop; the confirmation page waits for it.
// Stripe.js is used directly, not through @stripe/react-stripe-js: that wrapper imports React as a
// CommonJS default (and prop-types), which puts the bundler's CommonJS interop into the runtime
// chunk and every island that imports React, product pages included (their 80 kB budget).
// The `pure` entry adds Stripe's script only when loadStripe is called (the main entry adds it as
// soon as the module is imported).
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CommerceMessages, type PaymentStep } from '@sc/contracts';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js once per publishable key (loadStripe adds Stripe's script to the page). */
const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  let promise = loaded.get(publishableKey);
  if (!promise) loaded.set(publishableKey, (promise = loadStripe(publishableKey)));
  return promise;
};

/** The Payment Element for the intent the checkout opened. */
export function StripePayment({ payment, returnUrl, onPaid }: { payment: PaymentStep; returnUrl: string; onPaid: () => void }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Stripe.js, then one Payment Element for this intent in the form's mount (removed with it).
  useEffect(() => {
    let active = true;
    let destroy = () => {};
    stripeFor(payment.publishableKey).then(
      (loadedStripe) => {
        const mount = mountRef.current;
        if (!active || !loadedStripe || !mount) {
          if (active && !loadedStripe) setError(CommerceMessages.paymentFailed);
          return;
        }
        const elements = loadedStripe.elements({ clientSecret: payment.clientSecret });
        const element = elements.create('payment');
        element.mount(mount);
        destroy = () => element.destroy();
        setStripe({ stripe: loadedStripe, elements });
      },
      (failure: unknown) => {
        console.error('Stripe.js failed to load', failure);
        if (active) setError(CommerceMessages.paymentFailed);
      },
    );
    return () => {
      active = false;
      destroy();
      setStripe(null);
    };
  }, [payment.publishableKey, payment.clientSecret]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || paying) return;
    setPaying(true);
    setError(null);
    const result = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (result.error) {
      // card_error and validation_error messages are written for buyers; anything else is not.
      const type = result.error.type;
      setError(
        type === 'card_error' || type === 'validation_error'
          ? (result.error.message ?? CommerceMessages.paymentDeclined)
          : CommerceMessages.paymentFailed,
      );
      setPaying(false);
      return;
    }
    if (result.paymentIntent.status === 'requires_action') {
      setError(CommerceMessages.paymentNeedsAction);
      setPaying(false);
      return;
    }
    onPaid();
  };

  return (
    <form className="sc-stripe-payment sc-form" onSubmit={(event) => void onSubmit(event)} aria-label="Payment">
      <div className="sc-payment-element" ref={mountRef} />
      {error && (
        <p className="form-error checkout-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sc-button place-order" disabled={!stripe || paying} aria-busy={paying}>
        {paying ? 'Paying…' : 'Pay now'}
      </button>
    </form>
  );
}
