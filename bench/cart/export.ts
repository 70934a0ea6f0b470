// bench/cart/export.ts: the orders CSV export of 10,000 and then 100,000 orders (two lines each),
// streamed over HTTP from the cart app to a client that reads it to the end. Prints the time, the
// rows and bytes, and the process's resident memory: before, the highest seen while each export
// ran (sampled every 20 ms), and the growth. Constant memory shows as the same growth for 10x
// the rows. PGlite in the same process by default (its memory is counted too); DATABASE_URL for
// Postgres.
//   node --conditions=@sc/source --import tsx bench/cart/export.ts
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Role } from '@sc/contracts';
import { signIdentity, type ServiceContext } from '@sc/platform';
import { testConfig } from '@sc/platform/test-kit';
import { buildApp } from '../../services/cart/src/app.js';
import type { CartDB } from '../../services/cart/src/tables.js';

const KEY = 'bench-export-signing-key-0123456789abcdef';
const MB = 1024 * 1024;
const app = await buildApp({ config: testConfig(0, { IDENTITY_SIGNING_KEY: KEY }), relay: { autoStart: false } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const db = (app.serviceContext as ServiceContext<CartDB>).db;

async function seed(site: string, count: number): Promise<void> {
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
  for (let i = 0; i < count; i += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - i) }, (_, j) => ({
      id: `o-${site}-${i + j}`,
      website_id: site,
      kind: 'order',
      cart_id: null,
      status: 'paid',
      test_mode: false,
      email: `buyer${i + j}@example.com`,
      shipping_address: address,
      items,
      currency: 'USD',
      subtotal_cents: 5500,
      discount_cents: 0,
      shipping_cents: 500,
      tax_cents: 0,
      gift_card_cents: 0,
      grand_total_cents: 6000,
    }));
    await db.insertInto('orders').values(rows).execute();
  }
}

/** GETs the export and reads it to the end; answers the time, bytes, lines and peak RSS. */
function download(site: string): Promise<{ ms: number; bytes: number; lines: number; peakRss: number }> {
  const requestId = randomUUID();
  const headers = {
    'x-website-id': site,
    'x-request-id': requestId,
    ...signIdentity({ v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: 'bench', roles: [Role.ADMIN] }, KEY),
  };
  return new Promise((resolve, reject) => {
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    request({ host: '127.0.0.1', port, path: '/api/commerce/store/exports/orders.csv', headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      response.on('end', () => {
        clearInterval(sampler);
        resolve({ ms: performance.now() - started, bytes, lines, peakRss: Math.max(peakRss, process.memoryUsage.rss()) });
      });
    })
      .on('error', reject)
      .end();
  });
}

console.log(`database: ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite (in this process)'}`);
for (const count of [10_000, 100_000]) {
  const site = `bench-export-${count}-${Date.now()}`;
  const seedStart = performance.now();
  await seed(site, count);
  global.gc?.();
  const before = process.memoryUsage.rss();
  const result = await download(site);
  console.log(
    `${count.toLocaleString('en-US')} orders (${result.lines - 1} rows, ${(result.bytes / MB).toFixed(1)} MB of CSV): ${(result.ms / 1000).toFixed(2)} s` +
      ` (${Math.round(((result.lines - 1) / result.ms) * 1000).toLocaleString('en-US')} rows/s); RSS before ${(before / MB).toFixed(0)} MB, peak ${(result.peakRss / MB).toFixed(0)} MB,` +
      ` growth ${((result.peakRss - before) / MB).toFixed(0)} MB (seeded in ${((performance.now() - seedStart) / 1000 - result.ms / 1000).toFixed(1)} s)`,
  );
}
await app.close();
