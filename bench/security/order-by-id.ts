// Row "reading an order by its 24-hex id": a visitor buys the demo's digital guide (test card),
// then the order is read by its buyer, by a stranger who has only the id, and by a stranger with
// the receipt token. Only the stranger with the id alone must fail.
import { DEMO_CONTENT, type Order } from '@sc/contracts';
import { randomUUID } from 'node:crypto';
import { report, Visitor } from './lib.js';

const buyer = await new Visitor().open();
await buyer.send('POST', '/api/commerce/shopping-cart/entries', { itemId: DEMO_CONTENT.products.guide, quantity: 1 });
const placed = await buyer.send(
  'POST',
  '/api/commerce/checkout',
  { email: 'buyer@example.com', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } },
  { 'idempotency-key': randomUUID() },
);
if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
const order = (placed.body as { order: Order }).order;
const stranger = await new Visitor().open();
const [own, byId, byToken] = await Promise.all([
  buyer.send('GET', `/api/commerce/orders/${order.id}`),
  stranger.send('GET', `/api/commerce/orders/${order.id}`),
  stranger.send('GET', `/api/commerce/orders/${order.id}?receiptToken=${encodeURIComponent(order.receiptToken ?? '')}`),
]);
report(
  own.status === 200 && byId.status === 404 && byToken.status === 200,
  'reading an order by its id',
  `buyer ${own.status}, id alone ${byId.status}, receipt token ${byToken.status} (${(order.receiptToken ?? '').length * 6} bits)`,
);
