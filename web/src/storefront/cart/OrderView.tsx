// The order confirmation (right after checkout) and the order status page (a buyer's way back to
// an order): the order's number, status, items and totals, and any gift card codes it issued.
import { useEffect, useState } from 'react';
import { CommerceMessages, lineTitle, type Order, type OrderStatus } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { call, failureFrom } from '../lib/http.js';
import { orderStatusUrl } from './order-paths.js';
import { failureMessage } from '../product/rules.js';
import { money } from './cart-rules.js';

const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'Pending: we are waiting for the payment.',
  paid: 'Paid: we are preparing your order.',
  fulfilled: 'Fulfilled: your order is on its way.',
  cancelled: 'Cancelled.',
  'payment-failed': 'The payment failed; nothing was charged.',
  'partially-refunded': 'Part of the payment was refunded.',
  refunded: 'Refunded.',
};

/** How often, and how many times, a pending order is asked again (Stripe's webhook is on its way). */
const PENDING_POLL_MS = 2000;
const PENDING_POLLS = 30;

export function OrderView({
  orderId,
  confirmation,
  receiptToken,
}: {
  orderId: string;
  confirmation: boolean;
  receiptToken?: string | null;
}) {
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    call<{ order: Order }>('GET', apiPath('/commerce/orders/{orderId}', { orderId }, { receiptToken: receiptToken || undefined })).then(
      (answer) => setOrder(answer.order),
      (failure: unknown) => setError(failureMessage(failureFrom(failure), true)),
    );
  }, [orderId, receiptToken, polls]);
  useEffect(() => {
    if (order?.status !== 'pending' || polls >= PENDING_POLLS) return undefined;
    const timer = setTimeout(() => setPolls((n) => n + 1), PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [order, polls]);
  useEffect(() => {
    if (order) document.title = `${confirmation ? 'Order confirmed' : 'Order status'} — ${document.title.split(' — ').at(-1) ?? ''}`;
  }, [order, confirmation]);
  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (!order) return <p aria-busy="true">Loading your order…</p>;
  const currency = order.grandTotal.currency;
  const amount = (m: { value: string }) => money(Number(m.value), currency);
  return (
    <section
      className={`sc-order ${confirmation ? 'order-confirmed' : 'order-status'}`}
      data-order-id={order.id}
      data-status={order.status}
    >
      <h2>{confirmation ? 'Thank you for your order!' : 'Order status'}</h2>
      <p className="order-number">Order #{order.orderNumber}</p>
      {order.testMode && <p className="test-mode-note">Test mode: no real payment was taken.</p>}
      <p className="order-state">
        Status: <strong>{order.status}</strong> — {STATUS_TEXT[order.status]}
      </p>
      {order.status === 'pending' && (
        <p className="order-pending" role="status">
          {CommerceMessages.paymentPending}
        </p>
      )}
      {confirmation && <p>A confirmation goes to {order.email}.</p>}
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.variantId}-${item.sku}`}>
            {lineTitle(item)} × {item.quantity} — {amount(item.unitPrice)}
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{amount(order.subtotal)}</dd>
        </div>
        {Number(order.discountTotal.value) > 0 && (
          <div>
            <dt>Discount</dt>
            <dd data-total="discount">−{amount(order.discountTotal)}</dd>
          </div>
        )}
        <div>
          <dt>{order.shippingMethod ? `Shipping (${order.shippingMethod.name})` : 'Shipping'}</dt>
          <dd data-total="shipping">
            {order.shippingMethod && Number(order.shippingTotal.value) === 0 ? 'Free' : amount(order.shippingTotal)}
          </dd>
        </div>
        {!order.taxIncluded && (
          <div>
            <dt>Tax</dt>
            <dd data-total="tax">{amount(order.taxTotal)}</dd>
          </div>
        )}
        {Number(order.giftCardTotal.value) > 0 && (
          <div>
            <dt>Gift card</dt>
            <dd>−{amount(order.giftCardTotal)}</dd>
          </div>
        )}
        <div className="grand-total">
          <dt>Total</dt>
          <dd data-total="grand">{amount(order.grandTotal)}</dd>
        </div>
        {order.taxIncluded && (
          <div className="tax-included">
            <dt>Tax</dt>
            <dd data-total="tax">incl. {amount(order.taxTotal)} tax</dd>
          </div>
        )}
      </dl>
      {order.shippingMethod?.pickup ? (
        <p className="order-pickup">{order.shippingMethod.name}: we will email you when your order is ready to collect.</p>
      ) : order.shippingAddressLines?.length ? (
        <address className="order-address" aria-label="Shipping to">
          {order.shippingAddressLines.map((line, i) => (
            <span key={i}>
              {line}
              <br />
            </span>
          ))}
        </address>
      ) : null}
      {order.giftCardsIssued.length > 0 && (
        <div className="gift-cards-issued">
          <h3>Your gift cards</h3>
          <ul>
            {order.giftCardsIssued.map((card) => (
              <li key={card.code}>
                <code>{card.code}</code> — {amount(card.balance)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {order.subscription && (
        <p className="order-subscription">
          Subscription: {order.subscription.status}
          {order.subscription.nextBillingDate ? `, next billing ${order.subscription.nextBillingDate.slice(0, 10)}` : ''}
        </p>
      )}
      {confirmation && (
        <p>
          <a href={orderStatusUrl(order.id, order.receiptToken)}>Check this order’s status later</a>
        </p>
      )}
    </section>
  );
}
