// One order: items, totals, address, gift cards issued, its subscription and refunds; the owner
// fulfils or cancels it, and refunds it (test mode: no money moves) with an amount, an optional
// restock of its items and a reason. A refund carries an Idempotency-Key so a retried click
// never refunds twice.
import { useState } from 'react';
import { lineDetails, Permission, type Order } from '@sc/contracts';
import { api, apiWith, newIdempotencyKey, useAction, useApi } from '../data.js';
import { decimalOf, minus, parseAmount, showMoney } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const order = useApi<{ order: Order }>(apiPath('/commerce/store/orders/{orderId}', { orderId }));
  return (
    <Page title="Order" actions={<Link to="/store/orders">All orders</Link>}>
      <StoreTabs />
      <Loaded resource={order}>{(data) => <OrderDetail order={data.order} onChanged={(o) => order.set({ order: o })} />}</Loaded>
    </Page>
  );
}

/** Minor units still refundable on an order. */
const refundable = (order: Order): number =>
  Number(order.amountCharged.value) + Number(order.giftCardTotal.value) - Number(order.refundedTotal?.value ?? 0);

function OrderDetail({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const editable = useSession().can(Permission.STORE_MANAGE);
  const action = useAction();
  const { modal, confirm } = useConfirm();
  // The buyer's shipping confirmation carries these when given.
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const setStatus = async (status: 'fulfilled' | 'cancelled') => {
    if (
      status === 'cancelled' &&
      !(await confirm({
        title: 'Cancel order',
        message: `Cancel order #${order.orderNumber}?`,
        confirmLabel: 'Cancel order',
        cancelLabel: 'Keep it',
      }))
    )
      return;
    const shipping =
      status === 'fulfilled'
        ? { ...(carrier.trim() ? { carrier: carrier.trim() } : {}), ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}) }
        : {};
    const answer = await action.run(
      () =>
        api<{ order: Order }>('PUT', apiPath('/commerce/store/orders/{orderId}/status', { orderId: order.id }), { status, ...shipping }),
      status === 'fulfilled' ? 'Marked as fulfilled; the buyer is emailed' : 'Order cancelled',
    );
    if (answer) onChanged(answer.order);
  };
  const canChange = order.status === 'paid' || order.status === 'fulfilled';
  const canRefund =
    (order.status === 'paid' || order.status === 'fulfilled' || order.status === 'partially-refunded') && refundable(order) > 0;
  return (
    <article className="stack" aria-label={`Order ${order.orderNumber}`}>
      <h2>
        Order #{order.orderNumber} · {order.status}
        {order.testMode ? ' · test mode' : ''}
      </h2>
      <p>
        {when(order.createdAt)} · {order.email} · {order.kind}
      </p>
      {order.shippingMethod?.pickup ? <p>Collects the order: {order.shippingMethod.name}</p> : null}
      {order.shippingAddressLines?.length ? (
        // Laid out by the server by the country's conventions (checkout/address-format.ts).
        <address aria-label="Shipping address">
          {order.shippingAddressLines.map((line, i) => (
            <span key={i} className="address-line">
              {line}
              <br />
            </span>
          ))}
        </address>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Product</th>
            <th>SKU</th>
            <th>Quantity</th>
            <th>Unit price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.itemId}-${item.variantId}`}>
              <td>
                {item.productName}
                {lineDetails(item) ? <div className="hint">{lineDetails(item)}</div> : null}
              </td>
              <td>{item.sku}</td>
              <td>{item.quantity}</td>
              <td>{showMoney(item.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{showMoney(order.subtotal)}</dd>
        <dt>Discount</dt>
        <dd data-total="discount">{minus(order.discountTotal)}</dd>
        <dt>{order.shippingMethod ? `Shipping (${order.shippingMethod.name})` : 'Shipping'}</dt>
        <dd data-total="shipping">{showMoney(order.shippingTotal)}</dd>
        <dt>Tax</dt>
        <dd data-total="tax">{order.taxIncluded ? `incl. ${showMoney(order.taxTotal)}` : showMoney(order.taxTotal)}</dd>
        <dt>Gift card</dt>
        <dd data-total="gift-card">{minus(order.giftCardTotal)}</dd>
        <dt>Total</dt>
        <dd>{showMoney(order.grandTotal)}</dd>
        <dt>Charged</dt>
        <dd>{showMoney(order.amountCharged)}</dd>
        {order.refundedTotal ? (
          <>
            <dt>Refunded</dt>
            <dd data-testid="refunded-total">{showMoney(order.refundedTotal)}</dd>
          </>
        ) : null}
      </dl>
      {order.giftCardsIssued.length > 0 ? (
        <p>Gift cards issued: {order.giftCardsIssued.map((g) => `${g.code} (${showMoney(g.balance)})`).join(', ')}</p>
      ) : null}
      {order.subscription ? (
        <p>
          Subscription {order.subscription.status}: every {order.subscription.plan.billingPeriod.value}{' '}
          {order.subscription.plan.billingPeriod.unit.toLowerCase()}, {order.subscription.cyclesBilled} billed, next{' '}
          {when(order.subscription.nextBillingDate)}
        </p>
      ) : null}
      {(order.refunds ?? []).length > 0 ? (
        <section aria-label="Refunds">
          <h3>Refunds</h3>
          <ul>
            {(order.refunds ?? []).map((r) => (
              <li key={r.id}>
                {when(r.createdAt)}: {showMoney(r.amount)}
                {r.restocked.length > 0 ? `, restocked ${r.restocked.map((l) => `${l.quantity} × ${l.sku}`).join(', ')}` : ''}
                {r.reason ? ` (${r.reason})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Outcome action={action} />
      {editable && canChange ? (
        <div className="row">
          {order.status === 'paid' ? (
            <>
              <Field label="Carrier (optional)">
                <input value={carrier} maxLength={60} onChange={(e) => setCarrier(e.target.value)} />
              </Field>
              <Field label="Tracking number (optional)">
                <input value={tracking} maxLength={64} onChange={(e) => setTracking(e.target.value)} />
              </Field>
              <button type="button" className="primary" disabled={action.busy} onClick={() => void setStatus('fulfilled')}>
                Mark as fulfilled
              </button>
            </>
          ) : null}
          <button type="button" className="danger" disabled={action.busy} onClick={() => void setStatus('cancelled')}>
            Cancel order
          </button>
        </div>
      ) : null}
      {editable && canRefund ? <RefundForm order={order} onRefunded={onChanged} /> : null}
      {modal}
    </article>
  );
}

function RefundForm({ order, onRefunded }: { order: Order; onRefunded: (order: Order) => void }) {
  const currency = order.grandTotal.currency;
  const [amount, setAmount] = useState(decimalOf(refundable(order), currency));
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  // One key per refund the owner means to make: a retry after a failure reuses it.
  const [key, setKey] = useState(newIdempotencyKey);
  const action = useAction();
  const { modal, confirm } = useConfirm();

  const refund = async () => {
    const cents = parseAmount(amount, currency);
    if (cents === undefined) return action.fail('Enter the amount to refund, e.g. 12.50.');
    const yes = await confirm({
      title: 'Refund order',
      message: `Refund ${showMoney({ value: String(cents), currency })} of order #${order.orderNumber}${restock ? ' and put its items back in stock' : ''}?`,
      confirmLabel: 'Refund',
    });
    if (!yes) return;
    const answer = await action.run(
      () =>
        apiWith<{ order: Order }>(
          'POST',
          apiPath('/commerce/store/orders/{orderId}/refunds', { orderId: order.id }),
          { amountCents: cents, restock, ...(reason.trim() ? { reason: reason.trim() } : {}) },
          { 'idempotency-key': key },
        ),
      'Refunded',
    );
    if (answer) {
      setKey(newIdempotencyKey());
      onRefunded(answer.order);
    }
  };

  return (
    <fieldset className="stack" aria-label="Refund">
      <legend>Refund (test mode)</legend>
      <div className="row">
        <Field label={`Amount (${currency})`}>
          <input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} size={10} />
        </Field>
        <Field label="Reason">
          <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </div>
      <Check label="Put the items back in stock" checked={restock} onChange={setRestock} />
      <Outcome action={action} />
      <button type="button" disabled={action.busy} onClick={() => void refund()}>
        Refund
      </button>
      {modal}
    </fieldset>
  );
}
