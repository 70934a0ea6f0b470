// Back-in-stock waitlists (SPEC 2 "restock signups", SPEC 3/7 restock calls): the groups (one per
// variant), the signups of a group, sending one group's notifications or all of them, each after
// the SPEC 4 confirm modal, and the waitlist settings.
import { useState } from 'react';
import { Permission, RestockMessages, type RestockSettings } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { apiPath } from '../../api/client.js';

const BASE = apiPath('/site-users/account/notifications/restock');

interface Group {
  productId: string;
  variantId: string;
  productName: string | null;
  variantLabel: string | null;
  sku: string | null;
  signUpCount: number;
  pendingCount: number;
  lastSignUpAt: string;
}
interface Signup {
  id: string;
  email: string;
  language: string | null;
  isJoinMailingList: boolean;
  createdAt: string;
  notifiedAt: string | null;
}
interface GroupsPage {
  signUpGroups: Group[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}
interface SignupsPage {
  signUps: Signup[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const groupName = (g: Group): string => [g.productName ?? g.productId, g.variantLabel].filter(Boolean).join(' — ');

export function RestockScreen() {
  const { can } = useSession();
  const groups = useApi<GroupsPage>(`${BASE}/groups?limit=200`);
  const [open, setOpen] = useState<string>();
  const action = useAction({ invalidates: [`${BASE}/groups`] });
  const { modal, confirm } = useConfirm();
  const manage = can(Permission.RESTOCK_MANAGE);
  const list = groups.data?.signUpGroups ?? [];
  const waiting = list.filter((g) => g.pendingCount > 0);

  const send = async (group: Group) => {
    const yes = await confirm({
      title: 'Send restock notifications',
      message: `Email the ${group.pendingCount} ${group.pendingCount === 1 ? 'person' : 'people'} waiting for ${groupName(group)} that it is back in stock?`,
      confirmLabel: 'Send',
    });
    if (!yes) return;
    const answer = await action.run(() =>
      api<{ queued: number }>('POST', `${BASE}/send`, { productId: group.productId, variantId: group.variantId }),
    );
    if (answer) {
      action.clear();
      await action.run(async () => answer, `Queued ${answer.queued} notification ${answer.queued === 1 ? 'email' : 'emails'}.`);
    }
  };

  const sendAll = async () => {
    const people = waiting.reduce((n, g) => n + g.pendingCount, 0);
    const yes = await confirm({
      title: 'Send all restock notifications',
      message: `Email all ${people} ${people === 1 ? 'person' : 'people'} waiting for ${waiting.length} ${waiting.length === 1 ? 'variant' : 'variants'}?`,
      confirmLabel: 'Send all',
    });
    if (!yes) return;
    const answer = await action.run(() =>
      api<{ queued: number }>('POST', `${BASE}/send/all`, {
        sendRequests: waiting.slice(0, 200).map((g) => ({ productId: g.productId, variantId: g.variantId })),
      }),
    );
    if (answer) {
      action.clear();
      await action.run(async () => answer, `Queued ${answer.queued} notification ${answer.queued === 1 ? 'email' : 'emails'}.`);
    }
  };

  return (
    <Page
      title="Restock notifications"
      actions={
        <>
          <Link to="/mailbox?box=restock">Sent emails</Link>{' '}
          {manage ? (
            <button type="button" className="primary" disabled={waiting.length === 0 || action.busy} onClick={() => void sendAll()}>
              Send all
            </button>
          ) : null}
        </>
      }
    >
      <Outcome action={action} />
      <Loaded resource={groups}>
        {() =>
          list.length === 0 ? (
            <p>Nobody is waiting for a product yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Product</th>
                  <th>SKU</th>
                  <th>Signups</th>
                  <th>Waiting</th>
                  <th>Last signup</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((group) => {
                  const key = `${group.productId}/${group.variantId}`;
                  return (
                    <GroupRows
                      key={key}
                      group={group}
                      open={open === key}
                      onToggle={() => setOpen(open === key ? undefined : key)}
                      onSend={manage && group.pendingCount > 0 ? () => void send(group) : undefined}
                    />
                  );
                })}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <RestockSettingsForm />
      {modal}
    </Page>
  );
}

function GroupRows({
  group,
  open,
  onToggle,
  onSend,
}: {
  group: Group;
  open: boolean;
  onToggle: () => void;
  onSend: (() => void) | undefined;
}) {
  const name = groupName(group);
  return (
    <>
      <tr aria-label={`Waitlist ${name}`}>
        <td>{name}</td>
        <td>{group.sku ?? '—'}</td>
        <td>{group.signUpCount}</td>
        <td>{group.pendingCount}</td>
        <td>{when(group.lastSignUpAt)}</td>
        <td>
          <button type="button" aria-expanded={open} onClick={onToggle}>
            {open ? 'Hide signups' : 'Signups'}
          </button>{' '}
          {onSend ? (
            <button type="button" onClick={onSend}>
              Send
            </button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6}>
            <Signups group={group} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Signups({ group }: { group: Group }) {
  const signups = useApi<SignupsPage>(
    `${BASE}?productId=${encodeURIComponent(group.productId)}&variantId=${encodeURIComponent(group.variantId)}&limit=200`,
  );
  return (
    <Loaded resource={signups}>
      {(data) => (
        <table aria-label={`Signups for ${groupName(group)}`}>
          <thead>
            <tr>
              <th>Email</th>
              <th>Signed up</th>
              <th>Mailing list</th>
              <th>Language</th>
              <th>Notified</th>
            </tr>
          </thead>
          <tbody>
            {data.signUps.map((s) => (
              <tr key={s.id}>
                <td>{s.email}</td>
                <td>{when(s.createdAt)}</td>
                <td>{s.isJoinMailingList ? 'yes' : 'no'}</td>
                <td>{s.language ?? '—'}</td>
                <td>{s.notifiedAt ? when(s.notifiedAt) : 'not yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Loaded>
  );
}

function RestockSettingsForm() {
  const settings = useApi<RestockSettings>(`${BASE}/settings`);
  return <Loaded resource={settings}>{(data) => <SettingsForm initial={data} onSaved={settings.set} />}</Loaded>;
}

function SettingsForm({ initial, onSaved }: { initial: RestockSettings; onSaved: (s: RestockSettings) => void }) {
  const editable = useSession().can(Permission.RESTOCK_MANAGE);
  const [value, setValue] = useState(initial);
  const action = useAction();
  const save = async () => {
    const saved = await action.run(() => api<RestockSettings>('PUT', `${BASE}/settings`, value), 'Waitlist settings saved');
    if (saved) onSaved(saved);
  };
  return (
    <fieldset disabled={!editable} className="stack">
      <legend>Waitlist settings</legend>
      <Check
        label="Email the waitlist by itself when a variant is back in stock"
        checked={value.autoNotify}
        onChange={(v) => setValue({ ...value, autoNotify: v })}
      />
      <Check label="Ask for a captcha" checked={value.captchaEnabled} onChange={(v) => setValue({ ...value, captchaEnabled: v })} />
      <Check
        label="Offer the mailing list"
        checked={value.mailingListEnabled}
        onChange={(v) => setValue({ ...value, mailingListEnabled: v })}
      />
      <Check
        label="Mailing list checked by default"
        checked={value.mailingListCheckedByDefault}
        onChange={(v) => setValue({ ...value, mailingListCheckedByDefault: v })}
      />
      <Field label="Success text" hint={`Empty: “${RestockMessages.signedUp}”`}>
        <input
          value={value.successText ?? ''}
          maxLength={500}
          onChange={(e) => setValue({ ...value, successText: e.target.value.trim() ? e.target.value : null })}
        />
      </Field>
      <Outcome action={action} />
      {editable ? (
        <button type="button" disabled={action.busy} onClick={() => void save()}>
          Save waitlist settings
        </button>
      ) : null}
    </fieldset>
  );
}
