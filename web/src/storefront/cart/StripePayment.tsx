// The card step of a Stripe checkout: Stripe's Payment Element, loaded from Stripe with the shop's
// publishable key, so card data goes from the buyer's browser to Stripe and never to this shop.
// Confirming may open the bank's 3-D Secure step (Stripe.js shows it); a decline shows Stripe's
// message and the buyer can try another card on the same payment. The order becomes paid when
// Stripe's webhook reaches the shop; the confirmation page waits for it.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { CommerceMessages, type PaymentStep } from '@sc/contracts';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js once per publishable key (loadStripe adds Stripe's script to the page). */
const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  let promise = loaded.get(publishableKey);
  if (!promise) loaded.set(publishableKey, (promise = loadStripe(publishableKey)));
  return promise;
};

function PayForm({ returnUrl, onPaid }: { returnUrl: string; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
    if (result.error) {
      // card_error and validation_error messages are written for buyers; anything else is not.
      const type = result.error.type;
      setError(type === 'card_error' || type === 'validation_error' ? (result.error.message ?? CommerceMessages.paymentDeclined) : CommerceMessages.paymentFailed);
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
      <PaymentElement />
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

/** The Payment Element for the intent the checkout opened. */
export function StripePayment({ payment, returnUrl, onPaid }: { payment: PaymentStep; returnUrl: string; onPaid: () => void }) {
  const stripe = useMemo(() => stripeFor(payment.publishableKey), [payment.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: payment.clientSecret }}>
      <PayForm returnUrl={returnUrl} onPaid={onPaid} />
    </Elements>
  );
}
