// Orders: the list, newest first, with filters (status, kind, text).
import { useState } from 'react';
import { lineTitle, type Order } from '@sc/contracts';
import { useApi } from '../data.js';
import { showMoney } from '../money.js';
import { Link, useLocation } from '../router.js';
import { Field, Loaded, Page, when } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

const ORDERS = `${apiPath('/commerce/store/orders')}?limit=200`;

export function OrdersScreen() {
  const orders = useApi<{ orders: Order[] }>(ORDERS);
  // The Home's 'Orders to fulfil' links here with ?status=paid.
  const [status, setStatus] = useState(useLocation().query.get('status') ?? '');
  const [kind, setKind] = useState('');
  const [text, setText] = useState('');
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
      <div className="row" role="search">
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
        <Field label="Search">
          <input type="search" placeholder="Email, number or product" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      </div>
      <Loaded resource={orders}>{(data) => <OrderTable orders={filterOrders(data.orders, status, kind, text)} />}</Loaded>
    </Page>
  );
}

/** The orders matching the filters (empty filter: any). */
export function filterOrders(orders: readonly Order[], status: string, kind: string, text: string): Order[] {
  const q = text.trim().toLowerCase();
  return orders.filter(
    (o) =>
      (!status || o.status === status) &&
      (!kind || o.kind === kind) &&
      (!q || o.email.toLowerCase().includes(q) || String(o.orderNumber) === q.replace(/^#/, '') || o.items.some((i) => i.productName.toLowerCase().includes(q) || i.sku.toLowerCase().includes(q))),
  );
}

function OrderTable({ orders }: { orders: Order[] }) {
  if (orders.length === 0) return <p>No orders match.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Order</th>
          <th>Date</th>
          <th>Customer</th>
          <th>Items</th>
          <th>Total</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td>
              <Link to={`/store/orders/${order.id}`}>#{order.orderNumber}</Link>
              {order.testMode ? <span className="hint"> test</span> : null}
            </td>
            <td>{when(order.createdAt)}</td>
            <td>{order.email}</td>
            <td>{order.items.map((i) => `${i.quantity} × ${lineTitle(i)}`).join(', ')}</td>
            <td>{showMoney(order.grandTotal)}</td>
            <td>{order.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

