// Customers: who bought or made an account, how often, for how much, first and last order
// (test-mode orders included), account, newsletter consent and subscription status; a search by email or name; one
// customer's page with their orders and, for who may manage the store, erasure (a privacy
// request: every service removes or anonymises what it holds of the email, orders keep their
// totals); the CSV export.
import { useState } from 'react';
import { isCurrencyCode, Permission, type Erasure, type Order } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { showMinor, showMoney } from '../money.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

interface Customer {
  email: string;
  name: string | null;
  account: boolean;
  newsletter: 'confirmed' | 'unsubscribed' | null;
  subscription: 'active' | 'ended' | null;
  orders: number;
  totals: Array<{ currency: string; spentCents: number }>;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
}

const spent = (c: Customer): string => c.totals.map((t) => (isCurrencyCode(t.currency) ? showMinor(t.spentCents, t.currency) : `${t.spentCents} ${t.currency}`)).join(' · ');
const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : '—');
const subscribed = (c: Customer): string => (c.subscription === 'active' ? 'Active' : c.subscription === 'ended' ? 'Ended' : '—');
const consent = (c: Customer): string => (c.newsletter === 'confirmed' ? 'Subscribed' : c.newsletter === 'unsubscribed' ? 'Unsubscribed' : '—');

export function CustomersScreen() {
  const [text, setText] = useState('');
  const customers = useApi<{ customers: Customer[] }>(`${apiPath('/commerce/store/customers')}?limit=200${text.trim() ? `&q=${encodeURIComponent(text.trim())}` : ''}`);
  return (
    <Page
      title="Customers"
      actions={
        <a className="button" href={apiPath('/commerce/store/exports/customers.csv')} download>
          Export customers (CSV)
        </a>
      }
    >
      <StoreTabs />
      <div className="row" role="search">
        <Field label="Search">
          <input type="search" placeholder="Email or name" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      </div>
      <Loaded resource={customers}>
        {(data) =>
          data.customers.length === 0 ? (
            <p>No customers{text.trim() ? ' match this search' : ' yet'}.</p>
          ) : (
            <table aria-label="Customers">
              <thead>
                <tr>
                  <th>Email</th>
                  <th>Name</th>
                  <th>Orders</th>
                  <th>Total spent</th>
                  <th>First order</th>
                  <th>Last order</th>
                  <th>Account</th>
                  <th>Newsletter</th>
                  <th>Subscription</th>
                </tr>
              </thead>
              <tbody>
                {data.customers.map((c) => (
                  <tr key={c.email}>
                    <td>
                      <Link to={`/store/customers/${encodeURIComponent(c.email)}`}>{c.email}</Link>
                    </td>
                    <td>{c.name ?? ''}</td>
                    <td>{c.orders}</td>
                    <td>{spent(c)}</td>
                    <td>{day(c.firstOrderAt)}</td>
                    <td>{day(c.lastOrderAt)}</td>
                    <td>{c.account ? 'Yes' : 'No'}</td>
                    <td>{consent(c)}</td>
                    <td>{subscribed(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Page>
  );
}

export function CustomerScreen({ email }: { email: string }) {
  const customer = useApi<{ customer: Customer; orders: Order[] }>(apiPath('/commerce/store/customers/{email}', { email }));
  const { can } = useSession();
  const action = useAction();
  const { modal, confirm } = useConfirm();
  const erase = async (c: Customer) => {
    const yes = await confirm({
      title: 'Erase this customer',
      message: `Erase everything this site holds about ${c.email}: their account, newsletter subscriptions, form submissions, restock requests, comments and the name, email and address on their orders (order totals are kept for your books). This cannot be undone.`,
      confirmLabel: 'Erase',
    });
    if (!yes) return;
    const done = await action.run(() => api<{ erasure: Erasure }>('POST', apiPath('/commerce/store/customers/erase'), { email: c.email, confirm: c.email }));
    if (done) navigate('/store/customers');
  };
  return (
    <Page
      title={customer.data?.customer.name ?? email}
      actions={
        can(Permission.STORE_MANAGE) && customer.data ? (
          <button type="button" className="danger" disabled={action.busy} onClick={() => void erase(customer.data!.customer)}>
            Erase customer
          </button>
        ) : undefined
      }
    >
      <StoreTabs />
      <Outcome action={action} />
      {modal}
      <Loaded resource={customer}>
        {({ customer: c, orders }) => (
          <>
            <p>
              {c.email} · {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {spent(c)} · first {day(c.firstOrderAt)}, last {day(c.lastOrderAt)} · account: {c.account ? 'yes' : 'no'} · newsletter: {consent(c)} · subscription: {subscribed(c)}
            </p>
            <table aria-label="Orders of this customer">
              <thead>
                <tr>
                  <th>Order</th>
                  <th>Placed</th>
                  <th>Status</th>
                  <th>Total</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/store/orders/${o.id}`}>#{o.orderNumber}</Link>
                    </td>
                    <td>{day(o.createdAt)}</td>
                    <td>
                      {o.status}
                      {o.testMode ? ' (test)' : ''}
                    </td>
                    <td>{showMoney(o.grandTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Loaded>
    </Page>
  );
}
