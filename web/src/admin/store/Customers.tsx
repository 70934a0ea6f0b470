// Customers: who bought, how often, for how much, first and last order (test-mode orders
// included); a search by email or name; one customer's page with their orders; the CSV export.
import { useState } from 'react';
import { isCurrencyCode, type Order } from '@sc/contracts';
import { useApi } from '../data.js';
import { showMinor, showMoney } from '../money.js';
import { Link } from '../router.js';
import { Field, Loaded, Page } from '../ui.js';
import { StoreTabs } from './StoreHome.js';

interface Customer {
  email: string;
  name: string | null;
  orders: number;
  totals: Array<{ currency: string; spentCents: number }>;
  firstOrderAt: string;
  lastOrderAt: string;
}

const spent = (c: Customer): string => c.totals.map((t) => (isCurrencyCode(t.currency) ? showMinor(t.spentCents, t.currency) : `${t.spentCents} ${t.currency}`)).join(' · ');
const day = (iso: string): string => iso.slice(0, 10);

export function CustomersScreen() {
  const [text, setText] = useState('');
  const customers = useApi<{ customers: Customer[] }>(`/api/commerce/store/customers?limit=200${text.trim() ? `&q=${encodeURIComponent(text.trim())}` : ''}`);
  return (
    <Page
      title="Customers"
      actions={
        <a className="button" href="/api/commerce/store/exports/customers.csv" download>
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
  const customer = useApi<{ customer: Customer; orders: Order[] }>(`/api/commerce/store/customers/${encodeURIComponent(email)}`);
  return (
    <Page title={customer.data?.customer.name ?? email}>
      <StoreTabs />
      <Loaded resource={customer}>
        {({ customer: c, orders }) => (
          <>
            <p>
              {c.email} · {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {spent(c)} · first {day(c.firstOrderAt)}, last {day(c.lastOrderAt)}
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
