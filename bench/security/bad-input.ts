// Row "GET /api/commerce/inventory/stock/?itemId=%00, a coupon code or itemId with U+0000": every
// one is a 400 with the platform's message, never a 5xx. Also the other shapes of bad input the
// issue names: a broken percent escape, a lone surrogate, a 10,000-character value, a wrong type.
import { DEMO_CONTENT } from '@sc/contracts';
import { report, Visitor, type Answer } from './lib.js';

const visitor = await new Visitor().open();
const long = 'x'.repeat(10_000);
// A broken escape is not an error of its own: it is kept as written (so ?itemId=%ZZ is an item
// nobody has, a 404 with its message); every other case is a 400.
const cases: Array<[string, () => Promise<Answer>, number?]> = [
  ['stock ?itemId=%00', () => visitor.send('GET', '/api/commerce/inventory/stock/?itemId=%00')],
  ['stock ?itemId=%ZZ', () => visitor.send('GET', '/api/commerce/inventory/stock/?itemId=%ZZ'), 404],
  ['stock ?itemId=<10,000 chars>', () => visitor.send('GET', `/api/commerce/inventory/stock/?itemId=${long}`)],
  ['coupon code with U+0000', () => visitor.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'SAVE\u0000' })],
  ['coupon code with a lone surrogate', () => visitor.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'SAVE\ud800' })],
  [
    'itemId with U+0000',
    () => visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: `${DEMO_CONTENT.products.candles}\u0000`, quantity: 1 }),
  ],
  ['itemId of 10,000 chars', () => visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: long, quantity: 1 })],
  [
    'quantity as a string',
    () => visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: DEMO_CONTENT.products.candles, quantity: 'one' }),
  ],
  ['order id with U+0000', () => visitor.send('GET', '/api/commerce/orders/%00')],
];
const answers: string[] = [];
let all400 = true;
for (const [name, send, expected = 400] of cases) {
  const answer = await send();
  const message = (answer.body as { error?: { message?: string } }).error?.message;
  const ok = answer.status === expected && typeof message === 'string' && message.length > 0;
  all400 &&= ok;
  if (!ok) answers.push(`${name} → ${answer.status}`);
}
report(
  all400,
  'bad input (U+0000, %ZZ, lone surrogates, 10,000 characters, wrong types)',
  all400 ? `${cases.length} of ${cases.length} answered as expected (400, %ZZ 404) with a message` : answers.join('; '),
);
