// Issuing a gift card (a present, or store credit): react-hook-form checked with the contracts'
// GiftCardForm; the body is parsed with the server's IssueGiftCardBody before it is sent, with an
// idempotency key (a retry of the same issue never makes two cards). A toast names the card.
import { useState } from 'react';
import { AdminFormMessages, IssueGiftCardBody, type GiftCardView } from '@sc/contracts';
import { GiftCardForm } from '@sc/contracts/admin-forms';
import { apiWith, newIdempotencyKey } from '../data.js';
import { parseAmount, showMoney, useCurrency } from '../money.js';
import { useSchemaForm } from '../schema-form.js';
import { Field, Problem } from '../ui.js';
import { apiPath } from '../../api/client.js';

const NEW_CARD: GiftCardForm = { amount: '25.00', recipientEmail: '', note: '' };

export function IssueGiftCard() {
  const currency = useCurrency();
  const [key, setKey] = useState(newIdempotencyKey);
  const { form, action, submit, errorOf, saved } = useSchemaForm<GiftCardForm>(GiftCardForm, NEW_CARD, {
    toastAs: 'Gift card',
    invalidates: [apiPath('/commerce/store/gift-cards')],
  });
  const { register } = form;

  const issue = async (typed: GiftCardForm) => {
    const body = IssueGiftCardBody.safeParse({
      amountCents: parseAmount(typed.amount, currency) ?? 0,
      ...(typed.recipientEmail.trim() ? { recipientEmail: typed.recipientEmail.trim() } : {}),
      ...(typed.note.trim() ? { note: typed.note.trim() } : {}),
    });
    if (!body.success) return action.fail(body.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const answer = await action.run(
      () => apiWith<{ giftCard: GiftCardView }>('POST', apiPath('/commerce/store/gift-cards'), body.data, { 'idempotency-key': key }),
      undefined,
    );
    if (!answer) return;
    saved(NEW_CARD);
    form.reset(NEW_CARD);
    setKey(newIdempotencyKey());
    await action.run(async () => answer, `Issued gift card ${answer.giftCard.code} for ${showMoney(answer.giftCard.initial)}`);
  };

  return (
    <form className="stack form-card" noValidate onSubmit={(e) => void submit(issue)(e)}>
      <h2>Issue a gift card</h2>
      <div className="form-grid">
        <Field label={`Amount (${currency})`} error={errorOf('amount')}>
          <input {...register('amount')} inputMode="decimal" size={10} aria-invalid={errorOf('amount') ? true : undefined} />
        </Field>
        <Field label="Recipient email" error={errorOf('recipientEmail')}>
          <input type="email" {...register('recipientEmail')} aria-invalid={errorOf('recipientEmail') ? true : undefined} />
        </Field>
        <Field label="Note" error={errorOf('note')}>
          <input {...register('note')} aria-invalid={errorOf('note') ? true : undefined} />
        </Field>
      </div>
      <Problem message={action.error} />
      <button type="submit" className="primary" disabled={action.busy}>
        Issue gift card
      </button>
    </form>
  );
}
