// Orders: a data table the API sorts, filters (status, kind), searches (email or number) and pages
// (50 at a time or the owner's choice, "Load more"), with bulk fulfil and export of the selected orders. The sort and
// the columns shown are the owner's (remembered on the server, ds/data-table.tsx).
import { useMemo, useState } from 'react';
import { lineTitle, Permission, type Order } from '@sc/contracts';
import { api, useAction } from '../data.js';
import { downloadCsv } from '../ds/csv.js';
import { DataTable, PageSizeField, tableDefaults, useSettled, useTablePrefs, type DataColumn } from '../ds/data-table.js';
import { Badge, type BadgeTone } from '../ds/badge.js';
import { EmptyState } from '../ds/empty-state.js';
import { showMoney } from '../money.js';
import { usePages } from '../paging.js';
import { Link, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Page, Problem, useConfirm, when } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

/** A page of the orders API; `items` only types usePages (the API's rows are under `orders`). */
type OrderPage = { orders: Order[]; items: Order[]; hasNextPage: boolean; nextPageCursor: string | null };

/** The statuses a paid order can be marked fulfilled from (the cart service's rule). */
const FULFILLABLE = new Set(['paid', 'partially-refunded']);
const statusTone = (status: string): BadgeTone =>
  status === 'fulfilled'
    ? 'success'
    : status === 'paid'
      ? 'info'
      : status === 'cancelled' || status === 'payment-failed' || status === 'refunded'
        ? 'danger'
        : 'neutral';

/** The table's columns and the API's sort each one asks for. */
const COLUMNS: DataColumn<Order>[] = [
  {
    id: 'number',
    header: 'Order',
    sortValue: (order) => order.orderNumber,
    cell: (order) => (
      <>
        <Link to={`/store/orders/${order.id}`} className="font-semibold">
          #{order.orderNumber}
        </Link>
        {order.testMode ? <span className="hint"> test</span> : null}
      </>
    ),
  },
  { id: 'date', header: 'Date', hideable: true, sortValue: (order) => order.createdAt, cell: (order) => when(order.createdAt) },
  { id: 'email', header: 'Customer', hideable: true, sortValue: (order) => order.email, cell: (order) => order.email },
  { id: 'items', header: 'Items', hideable: true, cell: (order) => order.items.map((i) => `${i.quantity} × ${lineTitle(i)}`).join(', ') },
  {
    id: 'total',
    header: 'Total',
    hideable: true,
    sortValue: (order) => Number(order.grandTotal.value),
    cell: (order) => showMoney(order.grandTotal),
  },
  {
    id: 'status',
    header: 'Status',
    hideable: true,
    sortValue: (order) => order.status,
    cell: (order) => <Badge tone={statusTone(order.status)}>{order.status}</Badge>,
  },
];
const DEFAULTS = tableDefaults(COLUMNS);
const SORTS = new Set<string>(['number', 'date', 'total', 'email', 'status']);

/** The list's API path for the filters and the sort (none: newest first). */
export function ordersPath(filters: {
  status: string;
  kind: string;
  q: string;
  pageSize: number;
  sort?: { id: string; desc: boolean } | undefined;
}): string {
  const sort = filters.sort && SORTS.has(filters.sort.id) ? filters.sort : undefined;
  const query: Record<string, string | undefined> = {
    limit: String(filters.pageSize),
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    q: filters.q.trim() || undefined,
    sort: sort?.id,
    dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
  };
  return apiPath('/commerce/store/orders', undefined, query);
}

export function OrdersScreen() {
  const { can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const prefs = useTablePrefs('orders', DEFAULTS);
  // The Home's 'Orders to fulfil' links here with ?status=paid.
  const [status, setStatus] = useState(useLocation().query.get('status') ?? '');
  const [kind, setKind] = useState('');
  const [text, setText] = useState('');
  // The search asks the server a moment after the owner stops typing.
  const q = useSettled(text);
  const pageSize = prefs.remembered.pageSize ?? 50;
  const listPath = ordersPath({ status, kind, q, pageSize, sort: prefs.remembered.sorting[0] });
  const orders = usePages<OrderPage>(
    listPath,
    (cursor) => `${listPath}&cursor=${encodeURIComponent(cursor)}`,
    (page) => page.orders,
  );
  const rows = useMemo(() => [...(orders.first.data?.orders ?? []), ...orders.more], [orders.first.data, orders.more]);
  const bulk = useAction({ toastAs: 'Orders' });
  const { modal, confirm } = useConfirm();

  const fulfil = async (selected: Order[], clear: () => void) => {
    const ready = selected.filter((o) => FULFILLABLE.has(o.status));
    const skipped = selected.length - ready.length;
    if (ready.length === 0) {
      bulk.fail('None of the selected orders can be fulfilled (only paid ones can).');
      return;
    }
    const what = ready.length === 1 ? `order #${ready[0]?.orderNumber ?? ''}` : `${ready.length} orders`;
    if (
      !(await confirm({
        title: 'Mark fulfilled',
        message: `Mark ${what} fulfilled? Each buyer is told their order has shipped.${skipped ? ` ${skipped} selected order${skipped === 1 ? ' is' : 's are'} not paid and stay${skipped === 1 ? 's' : ''} as ${skipped === 1 ? 'it is' : 'they are'}.` : ''}`,
        confirmLabel: 'Mark fulfilled',
      }))
    )
      return;
    const done = await bulk.run(
      async () => {
        for (const order of ready)
          await api('PUT', apiPath('/commerce/store/orders/{orderId}/status', { orderId: order.id }), { status: 'fulfilled' });
        return true;
      },
      `${ready.length === 1 ? '1 order' : `${ready.length} orders`} marked fulfilled`,
    );
    orders.first.reload();
    if (done) clear();
  };
  const exportCsv = (selected: Order[]) =>
    downloadCsv(
      'orders-selected.csv',
      ['Order', 'Date', 'Email', 'Items', 'Total', 'Currency', 'Status'],
      selected.map((o) => [
        `#${o.orderNumber}`,
        o.createdAt,
        o.email,
        o.items.map((i) => `${i.quantity} × ${lineTitle(i)}`).join('; '),
        o.grandTotal.value,
        o.grandTotal.currency,
        o.status,
      ]),
    );

  const filtered = Boolean(status || kind || q.trim());
  return (
    <Page
      title="Orders"
      actions={
        <a className="button" href={apiPath('/commerce/store/exports/orders.csv', undefined, { status: status || undefined })} download>
          Export orders (CSV)
        </a>
      }
    >
      <StoreTabs />
      {modal}
      <Loaded resource={orders.first}>
        {() =>
          rows.length === 0 && !filtered ? (
            <EmptyState title="No orders yet.">Orders appear here when visitors buy from the store.</EmptyState>
          ) : (
            <>
              <DataTable
                id="orders"
                label="Orders"
                rows={rows}
                columns={COLUMNS}
                rowId={(order) => order.id}
                rowName={(order) => `order #${order.orderNumber}`}
                serverSort={prefs}
                toolbar={
                  <div className="row" role="search">
                    <Field label="Search">
                      <input type="search" placeholder="Email, # or product" value={text} onChange={(e) => setText(e.target.value)} />
                    </Field>
                    <Field label="Status">
                      <select value={status} onChange={(e) => setStatus(e.target.value)}>
                        <option value="">Any</option>
                        <option value="paid">Paid</option>
                        <option value="fulfilled">Fulfilled</option>
                        <option value="cancelled">Cancelled</option>
                        <option value="pending">Pending</option>
                        <option value="partially-refunded">Partially refunded</option>
                        <option value="refunded">Refunded</option>
                        <option value="payment-failed">Payment failed</option>
                      </select>
                    </Field>
                    <Field label="Kind">
                      <select value={kind} onChange={(e) => setKind(e.target.value)}>
                        <option value="">Any</option>
                        <option value="order">Orders</option>
                        <option value="subscription">Subscriptions</option>
                        <option value="donation">Donations</option>
                      </select>
                    </Field>
                    <PageSizeField prefs={prefs} />
                  </div>
                }
                bulkActions={(selected, clear) => (
                  <>
                    {editable ? (
                      <button type="button" disabled={bulk.busy} onClick={() => void fulfil(selected, clear)}>
                        Mark fulfilled
                      </button>
                    ) : null}
                    <button type="button" onClick={() => exportCsv(selected)}>
                      Export selected
                    </button>
                  </>
                )}
              />
              {rows.length === 0 ? <p className="hint">No orders match.</p> : null}
              {orders.hasMore ? (
                <button type="button" disabled={orders.loadingMore} onClick={orders.loadMore}>
                  Load more
                </button>
              ) : null}
              <Problem message={orders.moreError ?? bulk.error} />
            </>
          )
        }
      </Loaded>
    </Page>
  );
}
