// Row "one visitor bursting cart writes in cluster mode: the write limit is keyed on the gateway's
// address, so the whole site shares one bucket". One visitor sends 200 cart writes at once; another
// visitor (another address, another cart) then writes as usual.
import { DEMO_CONTENT } from '@sc/contracts';
import { count, report, Visitor } from './lib.js';

const add = (visitor: Visitor) =>
  visitor.send('POST', '/api/commerce/shopping-cart/entries', { itemId: DEMO_CONTENT.products.candles, quantity: 1 });
const burster = await new Visitor().open();
await add(burster); // the cart cookie, so the burst counts against one cart
const burst = await Promise.all(Array.from({ length: 200 }, () => add(burster)));
const statuses = [...new Set(burst.map((a) => a.status))]
  .sort()
  .map((s) => `${count(burst, s)} × ${s}`)
  .join(', ');
const other = await new Visitor().open();
const calm = [];
for (let i = 0; i < 5; i++) calm.push(await add(other));
report(
  count(burst, 429) > 0 && count(calm, 200) === calm.length,
  'one visitor bursting 200 cart writes',
  `burster: ${statuses}; another visitor: ${count(calm, 200)} of ${calm.length} × 200`,
);
