// Sent mail: the emails the platform delivered for this website to its local mailbox when no mail
// server is configured (form notifications and newsletter confirmations from forms, back-in-stock
// emails from restock, the shop's receipts, shipping and refund notices), newest first, each
// opened in place. For the shop: mail that could not be delivered, with a resend button, and a
// preview of each template.
import { useState } from 'react';
import { Permission, type FailedMailEntry, type MailPreview } from '@sc/contracts';
import { api, useAction, useApi } from './data.js';
import { navigate, useLocation } from './router.js';
import { useSession } from './session.js';
import { Field, Loaded, Outcome, Page, when } from './ui.js';
import { apiPath } from '../api/client.js';

interface Message {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  deliveredAt: string;
}

const BOXES = [
  { id: 'forms', label: 'Forms and newsletters', path: apiPath('/form/mailbox'), permission: Permission.FORM_SUBMISSIONS_READ },
  {
    id: 'restock',
    label: 'Restock',
    path: apiPath('/site-users/account/notifications/restock/mailbox'),
    permission: Permission.RESTOCK_READ,
  },
  { id: 'shop', label: 'Shop (receipts, shipping, refunds)', path: apiPath('/commerce/store/mailbox'), permission: Permission.STORE_READ },
] as const;

/** The shop's mail that could not be delivered, each with a resend button. */
function FailedShopMail() {
  const failed = useApi<{ items: FailedMailEntry[] }>(apiPath('/commerce/store/mail/failed'));
  const action = useAction({ invalidates: [apiPath('/commerce/store/mail/failed')] });
  const canResend = useSession().can(Permission.STORE_MANAGE);
  const resend = async (mail: FailedMailEntry) => {
    await action.run(
      () => api('POST', apiPath('/commerce/store/mail/{mailId}/resend', { mailId: mail.id }), {}),
      `Sending again to ${mail.to}`,
    );
  };
  return (
    <section aria-label="Failed mail">
      <h2>Failed mail</h2>
      <Loaded resource={failed}>
        {(data) =>
          data.items.length === 0 ? (
            <p>Every email was delivered.</p>
          ) : (
            <ul className="mailbox">
              {data.items.map((m) => (
                <li key={m.id}>
                  {m.subject}{' '}
                  <span className="hint">
                    to {m.to} · {when(m.createdAt)} · {m.attempts} attempts · {m.lastError ?? ''}
                  </span>{' '}
                  {canResend ? (
                    <button type="button" disabled={action.busy} onClick={() => void resend(m)}>
                      Resend
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Outcome action={action} />
    </section>
  );
}

/** Each of the shop's templates with a sample order, as the buyer sees it. */
function ShopTemplates() {
  const previews = useApi<{ items: MailPreview[] }>(apiPath('/commerce/store/mail/previews'));
  const [shown, setShown] = useState<string>();
  return (
    <section aria-label="Email templates">
      <h2>Email templates</h2>
      <Loaded resource={previews}>
        {(data) => (
          <ul className="mailbox">
            {data.items.map((p) => (
              <li key={p.kind}>
                <button
                  type="button"
                  className="link"
                  aria-expanded={shown === p.kind}
                  onClick={() => setShown(shown === p.kind ? undefined : p.kind)}
                >
                  {p.label}
                </button>{' '}
                <span className="hint">{p.subject}</span>
                {shown === p.kind ? (
                  <iframe title={`${p.label} preview`} className="mail-preview" sandbox="" srcDoc={p.html} width="100%" height="520" />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}

export function MailboxScreen() {
  const { can } = useSession();
  const { query } = useLocation();
  const boxes = BOXES.filter((b) => can(b.permission));
  const box = boxes.find((b) => b.id === query.get('box')) ?? boxes[0];
  const [to, setTo] = useState('');
  const messages = useApi<{ items: Message[] }>(
    box ? `${box.path}?limit=100${to.trim() ? `&to=${encodeURIComponent(to.trim())}` : ''}` : null,
  );
  const [open, setOpen] = useState<string>();
  if (!box) return null;
  return (
    <Page title="Sent mail">
      <div className="row">
        <Field label="Mailbox">
          <select value={box.id} onChange={(e) => navigate(`/mailbox?box=${e.target.value}`)}>
            {boxes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="To">
          <input type="search" value={to} onChange={(e) => setTo(e.target.value)} placeholder="recipient@example.com" />
        </Field>
      </div>
      <Loaded resource={messages}>
        {(data) =>
          data.items.length === 0 ? (
            <p>No emails yet.</p>
          ) : (
            <ul className="mailbox">
              {data.items.map((m) => (
                <li key={m.id} aria-label={`Email to ${m.to}: ${m.subject}`}>
                  <button
                    type="button"
                    className="link"
                    aria-expanded={open === m.id}
                    onClick={() => setOpen(open === m.id ? undefined : m.id)}
                  >
                    {m.subject}
                  </button>{' '}
                  <span className="hint">
                    to {m.to} · {when(m.deliveredAt)} · {m.kind}
                  </span>
                  {open === m.id ? <pre className="mail-text">{m.text}</pre> : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {box.id === 'shop' ? (
        <>
          <FailedShopMail />
          <ShopTemplates />
        </>
      ) : null}
    </Page>
  );
}
