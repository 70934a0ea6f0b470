// The server side of bench/cart/export-process.ts: the cart app in its own process, on PGlite in
// memory (or DATABASE_URL), with the orders of the websites named on the command line
// (`<website>:<count>`) inserted in bulk by one INSERT ... SELECT generate_series each (two lines
// per order, a shipping address). Prints `ready <port>` when it listens; SIGTERM deletes them and
// closes it.
import { sql } from 'kysely';
import { testConfig } from '@sc/platform/test-kit';
import type { ServiceContext } from '@sc/platform';
import { buildApp } from '../../services/cart/src/app.js';
import type { CartDB } from '../../services/cart/src/tables.js';

const KEY = process.env.BENCH_SIGNING_KEY ?? 'bench-export-signing-key-0123456789abcdef';
const app = await buildApp({ config: testConfig(0, { IDENTITY_SIGNING_KEY: KEY }), relay: { autoStart: false } });
const db = (app.serviceContext as ServiceContext<CartDB>).db;

const items = JSON.stringify([
  {
    itemId: 'p1',
    variantId: 'v1',
    sku: 'MUG-BLUE',
    productName: 'Blue Mug',
    productType: 1,
    quantity: 2,
    unitPrice: { value: '1250', currency: 'USD' },
    additionalFields: null,
  },
  {
    itemId: 'p2',
    variantId: 'v2',
    sku: 'BOWL',
    productName: 'Serving Bowl, large',
    productType: 1,
    quantity: 1,
    unitPrice: { value: '3000', currency: 'USD' },
    additionalFields: null,
  },
]);
const address = JSON.stringify({
  name: 'Ada Buyer',
  line1: '1 Harbour Way',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
});

for (const arg of process.argv.slice(2)) {
  const [site, count] = arg.split(':');
  const started = performance.now();
  // Raw SQL names the schema: the service's Kysely adds it to built queries only.
  await sql`
    insert into cart.orders (id, website_id, kind, cart_id, status, test_mode, email, shipping_address, items, currency,
                             subtotal_cents, discount_cents, shipping_cents, tax_cents, gift_card_cents, grand_total_cents, receipt_token)
    select 'o-' || ${site} || '-' || g, ${site}, 'order', null, 'paid', false, 'buyer' || g || '@example.com', ${address}::jsonb, ${items}::jsonb, 'USD',
           5500, 0, 500, 0, 0, 6000, md5(${site} || g)
      from generate_series(1, ${Number(count)}::int) g`.execute(db);
  process.stdout.write(`seeded ${site} ${count} ${((performance.now() - started) / 1000).toFixed(1)}\n`);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const bound = app.server.address();
process.stdout.write(`ready ${typeof bound === 'object' && bound ? bound.port : 0}\n`);
// The bench's orders go with it (a shared Postgres keeps no 110,000 stray rows).
const sites = process.argv.slice(2).map((arg) => arg.split(':')[0]!);
process.once('SIGTERM', () => {
  void sql`delete from cart.orders where website_id = any(${sites})`
    .execute(db)
    .finally(() => app.close())
    .then(() => process.exit(0));
});
