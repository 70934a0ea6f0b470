// One line of the cart: its title and options, its additional-fields answers (with the way to edit
// them), its quantity, its price and its remove button.
import { useEffect, useId, useState } from 'react';
import { Labels, MAX_QUANTITY, MIN_QUANTITY, type CommerceCartEntry, type CommerceShoppingCart } from '@sc/contracts';
import { track } from '../lib/events.js';
import { call } from '../lib/http.js';
import { money, type CartChange } from './cart-rules.js';
import { apiPath } from '../../api/client.js';

export const ENTRIES = apiPath('/commerce/shopping-cart/entries');

export function CartEntry({
  entry,
  currency,
  onChange,
  onEdit,
}: {
  entry: CommerceCartEntry;
  currency: string;
  onChange: CartChange;
  onEdit: (entry: CommerceCartEntry) => void;
}) {
  return (
    <li className="cart-entry" data-entry-id={entry.id}>
      <div className="cart-entry-title">
        <strong>{entry.title}</strong>
        {Object.entries(entry.chosenVariant.attributes).map(([name, value]) => (
          <span key={name} className="cart-entry-option">
            {name}: {value}
          </span>
        ))}
        {entry.additionalFields && <AdditionalAnswers json={entry.additionalFields} />}
        {entry.additionalFieldsFormId && (
          <button
            type="button"
            className="cart-entry-edit-fields"
            aria-haspopup="dialog"
            aria-label={`Edit details of ${entry.title}`}
            onClick={() => onEdit(entry)}
          >
            Edit details
          </button>
        )}
      </div>
      <QuantityInput
        title={entry.title}
        quantity={entry.quantity}
        onCommit={(quantity) =>
          onChange('quantity', () => call<CommerceShoppingCart>('PUT', `${ENTRIES}/${encodeURIComponent(entry.id)}`, { quantity }))
        }
      />
      <span className="cart-entry-price">{money(entry.subTotal, currency)}</span>
      <button
        type="button"
        className="cart-entry-remove"
        aria-label={`Remove ${entry.title}`}
        onClick={() =>
          void onChange('remove', () => call<CommerceShoppingCart>('DELETE', `${ENTRIES}/${encodeURIComponent(entry.id)}`)).then((ok) => {
            if (ok) track('RemoveFromCart', { itemId: entry.itemId, sku: entry.chosenVariant.sku, quantity: entry.quantity });
          })
        }
      >
        Remove
      </button>
    </li>
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
  const text = (v: unknown): string =>
    Array.isArray(v) ? v.join(' ') : typeof v === 'object' && v !== null ? Object.values(v).join(' ') : String(v);
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

function QuantityInput({
  title,
  quantity,
  onCommit,
}: {
  title: string;
  quantity: number;
  onCommit: (quantity: string) => Promise<boolean>;
}) {
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
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
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
