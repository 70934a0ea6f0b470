// Customers: who bought or made an account, how often, for how much, first and last order
// (test-mode orders included), account, newsletter consent and subscription status; a search by email or name; one
// customer's page with their orders and, for who may manage the store, erasure (a privacy
// request: every service removes or anonymises what it holds of the email, orders keep their
// totals); the CSV export.
import { useMemo, useState } from 'react';
import { isCurrencyCode, Permission, type Erasure, type Order } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { showMinor, showMoney } from '../money.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, Problem, useConfirm } from '../ui.js';
import { downloadCsv } from '../ds/csv.js';
import { DataTable, PageSizeField, tableDefaults, useSettled, useTablePrefs, type DataColumn } from '../ds/data-table.js';
import { EmptyState } from '../ds/empty-state.js';
import { usePages } from '../paging.js';
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

/** A page of the customers API; `items` only types usePages (the rows are under `customers`). */
type CustomerPage = { customers: Customer[]; items: Customer[]; hasNextPage: boolean; nextPageCursor: string | null };

const spent = (c: Customer): string =>
  c.totals.map((t) => (isCurrencyCode(t.currency) ? showMinor(t.spentCents, t.currency) : `${t.spentCents} ${t.currency}`)).join(' · ');
const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : '—');
const subscribed = (c: Customer): string => (c.subscription === 'active' ? 'Active' : c.subscription === 'ended' ? 'Ended' : '—');
const consent = (c: Customer): string =>
  c.newsletter === 'confirmed' ? 'Subscribed' : c.newsletter === 'unsubscribed' ? 'Unsubscribed' : '—';

/** The list's columns; email and orders are sorted by the API, the rest only shown. */
const COLUMNS: DataColumn<Customer>[] = [
  {
    id: 'email',
    header: 'Email',
    sortValue: (c) => c.email,
    cell: (c) => <Link to={`/store/customers/${encodeURIComponent(c.email)}`}>{c.email}</Link>,
  },
  { id: 'name', header: 'Name', hideable: true, cell: (c) => c.name ?? '' },
  { id: 'orders', header: 'Orders', hideable: true, sortValue: (c) => c.orders, cell: (c) => c.orders },
  { id: 'spent', header: 'Total spent', hideable: true, cell: spent },
  { id: 'first', header: 'First order', hideable: true, hiddenByDefault: true, cell: (c) => day(c.firstOrderAt) },
  { id: 'last', header: 'Last order', hideable: true, cell: (c) => day(c.lastOrderAt) },
  { id: 'account', header: 'Account', hideable: true, cell: (c) => (c.account ? 'Yes' : 'No') },
  { id: 'newsletter', header: 'Newsletter', hideable: true, cell: consent },
  { id: 'subscription', header: 'Subscription', hideable: true, hiddenByDefault: true, cell: subscribed },
];
const DEFAULTS = tableDefaults(COLUMNS);

export function CustomersScreen() {
  const prefs = useTablePrefs('customers', DEFAULTS);
  const [text, setText] = useState('');
  const q = useSettled(text);
  const sort = prefs.remembered.sorting[0];
  const pageSize = prefs.remembered.pageSize ?? 50;
  const listPath = apiPath('/commerce/store/customers', undefined, {
    limit: pageSize,
    q: q || undefined,
    sort: sort && (sort.id === 'email' || sort.id === 'orders') ? sort.id : undefined,
    dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
  });
  const customers = usePages<CustomerPage>(
    listPath,
    (cursor) => `${listPath}&cursor=${encodeURIComponent(cursor)}`,
    (page) => page.customers,
  );
  const rows = useMemo(() => [...(customers.first.data?.customers ?? []), ...customers.more], [customers.first.data, customers.more]);
  const exportCsv = (selected: Customer[]) =>
    downloadCsv(
      'customers-selected.csv',
      ['Email', 'Name', 'Orders', 'Total spent', 'First order', 'Last order'],
      selected.map((c) => [c.email, c.name ?? '', String(c.orders), spent(c), day(c.firstOrderAt), day(c.lastOrderAt)]),
    );
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
      <Loaded resource={customers.first}>
        {() =>
          rows.length === 0 && !q ? (
            <EmptyState title="No customers yet.">Everyone who buys from the store or makes an account is listed here.</EmptyState>
          ) : (
            <>
              <DataTable
                id="customers"
                label="Customers"
                rows={rows}
                columns={COLUMNS}
                rowId={(c) => c.email}
                rowName={(c) => c.email}
                serverSort={prefs}
                toolbar={
                  <div className="row" role="search">
                    <Field label="Search">
                      <input type="search" placeholder="Email or name" value={text} onChange={(e) => setText(e.target.value)} />
                    </Field>
                    <PageSizeField prefs={prefs} />
                  </div>
                }
                bulkActions={(selected) => (
                  <button type="button" onClick={() => exportCsv(selected)}>
                    Export selected
                  </button>
                )}
              />
              {rows.length === 0 ? <p className="hint">No customers match this search.</p> : null}
              {customers.hasMore ? (
                <button type="button" disabled={customers.loadingMore} onClick={customers.loadMore}>
                  Load more
                </button>
              ) : null}
              <Problem message={customers.moreError} />
            </>
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
    const done = await action.run(() =>
      api<{ erasure: Erasure }>('POST', apiPath('/commerce/store/customers/erase'), { email: c.email, confirm: c.email }),
    );
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
              {c.email} · {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {spent(c)} · first {day(c.firstOrderAt)}, last{' '}
              {day(c.lastOrderAt)} · account: {c.account ? 'yes' : 'no'} · newsletter: {consent(c)} · subscription: {subscribed(c)}
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
