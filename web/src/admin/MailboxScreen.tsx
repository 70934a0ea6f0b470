// The local mailbox: the emails the platform delivered for this website when no mail server is
// configured (form notifications and newsletter confirmations from forms, back-in-stock emails
// from restock), newest first, each opened in place.
import { useState } from 'react';
import { Permission } from '@sc/contracts';
import { useApi } from './data.js';
import { navigate, useLocation } from './router.js';
import { useSession } from './session.js';
import { Field, Loaded, Page, when } from './ui.js';

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
  { id: 'forms', label: 'Forms and newsletters', path: '/api/form/mailbox', permission: Permission.FORM_SUBMISSIONS_READ },
  { id: 'restock', label: 'Restock', path: '/api/site-users/account/notifications/restock/mailbox', permission: Permission.RESTOCK_READ },
] as const;

export function MailboxScreen() {
  const { can } = useSession();
  const { query } = useLocation();
  const boxes = BOXES.filter((b) => can(b.permission));
  const box = boxes.find((b) => b.id === query.get('box')) ?? boxes[0];
  const [to, setTo] = useState('');
  const messages = useApi<{ items: Message[] }>(box ? `${box.path}?limit=100${to.trim() ? `&to=${encodeURIComponent(to.trim())}` : ''}` : null);
  const [open, setOpen] = useState<string>();
  if (!box) return null;
  return (
    <Page title="Mailbox">
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
                  <button type="button" className="link" aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? undefined : m.id)}>
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
    </Page>
  );
}
