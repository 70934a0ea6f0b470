// The donation block: an amount (suggested ones or the visitor's own), email, name and card, paid
// once per attempt (an Idempotency-Key per submission), then the order confirmation.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatMinorUnits, isCurrencyCode, type CheckoutResponse } from '@sc/contracts';
import { call, failureFrom } from '../lib/http.js';
import { failureMessage } from '../product/rules.js';
import { orderConfirmedUrl } from '../cart/order-paths.js';
import { apiPath } from '../../api/client.js';

/** Suggested amounts in minor units. */
const SUGGESTED = [1000, 2500, 5000];

export function Donation({ title, description, currency }: { title: string; description: string; currency: string }) {
  const code = isCurrencyCode(currency) ? currency : 'USD';
  const [amount, setAmount] = useState('25');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const [month, year] = card.exp.split('/').map((part) => Number(part.trim()));
    setError(null);
    setBusy(true);
    try {
      const { order, receiptToken } = await call<CheckoutResponse>(
        'POST',
        apiPath('/commerce/donations'),
        {
          amount: amount.trim(),
          email: email.trim(),
          ...(name.trim() ? { name: name.trim() } : {}),
          card: {
            number: card.number.trim(),
            expMonth: month || 0,
            expYear: year && year < 100 ? 2000 + year : year || 0,
            cvc: card.cvc.trim(),
          },
        },
        { headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      location.assign(orderConfirmedUrl(order.id, receiptToken));
    } catch (failure) {
      setError(failureMessage(failureFrom(failure), navigator.cookieEnabled));
      setBusy(false);
    }
  };

  const field = (label: string, key: string, input: ReactNode) => (
    <div className="form-item">
      <label className="title" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input}
    </div>
  );
  return (
    <form className="sc-donation sc-form" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void onSubmit(event)}>
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p>{description}</p>}
      <fieldset className="form-item donation-amounts">
        <legend className="title">Amount</legend>
        {SUGGESTED.map((cents) => (
          <label key={cents} className="option">
            <input
              type="radio"
              name={`${id}-suggested`}
              checked={amount === String(cents / 100)}
              onChange={() => setAmount(String(cents / 100))}
            />{' '}
            {formatMinorUnits(cents, code)}
          </label>
        ))}
      </fieldset>
      {field(
        'Other amount',
        'amount',
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />,
      )}
      {field(
        'Email',
        'email',
        <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />,
      )}
      {field(
        'Name (optional)',
        'name',
        <input id={`${id}-name`} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />,
      )}
      <p className="test-mode-note">Test mode: pay with card 4242 4242 4242 4242, any future expiry date and any three digits.</p>
      {field(
        'Card number',
        'number',
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.number}
          onChange={(e) => setCard({ ...card, number: e.target.value })}
        />,
      )}
      {field(
        'Expiry (MM/YY)',
        'exp',
        <input
          id={`${id}-exp`}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.exp}
          onChange={(e) => setCard({ ...card, exp: e.target.value })}
        />,
      )}
      {field(
        'Security code',
        'cvc',
        <input
          id={`${id}-cvc`}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={(e) => setCard({ ...card, cvc: e.target.value })}
        />,
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sc-button" disabled={busy} aria-busy={busy}>
        {busy ? 'Donating…' : 'Donate'}
      </button>
    </form>
  );
}
