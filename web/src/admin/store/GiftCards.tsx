// Gift cards: every card of the store (bought or issued by the owner) with its balance, a search
// by code, and issuing a new one (a present, or store credit).
import { useState, type FormEvent } from 'react';
import { Permission, type GiftCardView } from '@sc/contracts';
import { apiWith, newIdempotencyKey, useAction, useApi } from '../data.js';
import { emailProblem } from '../forms-kit.js';
import { parseAmount, showMoney, useCurrency } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, when } from '../ui.js';
import { useEditedForm } from '../unsaved.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

interface GiftCardPage {
  giftCards: GiftCardView[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export function GiftCardsScreen() {
  const { can } = useSession();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const cards = useApi<GiftCardPage>(`${apiPath('/commerce/store/gift-cards')}?limit=200${search ? `&q=${encodeURIComponent(search)}` : ''}`);
  return (
    <Page title="Gift cards">
      <StoreTabs />
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <Field label="Find a code">
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field>
        <button type="submit">Search</button>
      </form>
      <Loaded resource={cards}>
        {(data) =>
          data.giftCards.length === 0 ? (
            <p>No gift cards{search ? ' match' : ' yet'}.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Balance</th>
                  <th>Initial</th>
                  <th>From</th>
                  <th>Recipient</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {data.giftCards.map((card) => (
                  <tr key={card.id} aria-label={`Gift card ${card.code}`}>
                    <td>
                      <code>{card.code}</code>
                    </td>
                    <td>{showMoney(card.balance)}</td>
                    <td>{showMoney(card.initial)}</td>
                    <td>{card.orderId ? <Link to={`/store/orders/${card.orderId}`}>order</Link> : 'issued'}</td>
                    <td>{card.recipientEmail ?? '—'}</td>
                    <td>{when(card.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {can(Permission.STORE_MANAGE) ? <IssueGiftCard /> : null}
    </Page>
  );
}

function IssueGiftCard() {
  const currency = useCurrency();
  const [amount, setAmount] = useState('25.00');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const action = useAction({ invalidates: [apiPath('/commerce/store/gift-cards')] });
  const emailError = email.trim() ? emailProblem(email) : undefined;
  const edits = useEditedForm();

  const issue = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseAmount(amount, currency);
    if (cents === undefined || cents < 1) return action.fail('Enter the amount of the gift card, e.g. 25.00.');
    if (emailError) return action.fail(emailError);
    const answer = await action.run(async () => {
      const issued = await apiWith<{ giftCard: GiftCardView }>(
        'POST',
        apiPath('/commerce/store/gift-cards'),
        { amountCents: cents, ...(email.trim() ? { recipientEmail: email.trim() } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
        { 'idempotency-key': key },
      );
      return issued;
    });
    if (answer) {
      edits.saved();
      setKey(newIdempotencyKey());
      action.clear();
      await action.run(async () => answer, `Issued gift card ${answer.giftCard.code} for ${showMoney(answer.giftCard.initial)}`);
    }
  };

  return (
    <form className="stack" onSubmit={(e) => void issue(e)} onInput={edits.onEdit} onChange={edits.onEdit}>
      <h2>Issue a gift card</h2>
      <div className="row">
        <Field label={`Amount (${currency})`}>
          <input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} size={10} />
        </Field>
        <Field label="Recipient email" error={emailError}>
          <input value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Note">
          <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
      <Outcome action={action} />
      <button type="submit" className="primary" disabled={action.busy}>
        Issue gift card
      </button>
    </form>
  );
}
