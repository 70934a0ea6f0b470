// The store's customers: who bought (test-mode orders too), how often, for how much, first and last
// order; searchable; one customer's orders; the CSV export with formulas neutralised.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Order } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { CUSTOMER_COLUMNS, type Customer } from '../src/admin/customers.routes.js';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, REPORTING, setup, type Kit } from './kit.js';

describe(`store customers (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => kit.close());

  it('lists buyers by email with their orders and spend, finds them, shows one, exports them', async () => {
    const site = kit.newSite();
    const guide = await kit.product(site, { productType: 2, variants: [{ sku: 'PDF', price: 500, unlimited: true }] });
    const buy = async (email: string, live = true) => {
      const cart = await kit.cartWith(site, [{ itemId: guide.productId }]);
      const paid = await kit.call('POST', '/api/commerce/checkout', { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } }, { email, card: CARD });
      expect(paid.statusCode).toBe(201);
      const order = paid.json<{ order: Order }>().order;
      if (live) await kit.ctx.db.updateTable('orders').set({ test_mode: false }).where('id', '=', order.id).execute();
      return order;
    };
    const first = await buy('ana@example.com');
    await buy('Ana@Example.com');
    await buy('-cmd@example.com');
    await buy('test-only@example.com', false);
    const cents = Number(first.grandTotal.value);

    const list = await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: REPORTING });
    expect(list.statusCode).toBe(200);
    const customers = list.json<{ customers: Customer[] }>().customers;
    expect(customers.map((c) => [c.email, c.orders, c.totals])).toEqual([
      ['-cmd@example.com', 1, [{ currency: 'USD', spentCents: cents }]],
      ['ana@example.com', 2, [{ currency: 'USD', spentCents: 2 * cents }]],
      ['test-only@example.com', 1, [{ currency: 'USD', spentCents: cents }]],
    ]);
    expect(customers[1]!.firstOrderAt <= customers[1]!.lastOrderAt).toBe(true);
    const found = await kit.call('GET', '/api/commerce/store/customers?q=ANA', { websiteId: site, roles: REPORTING });
    expect(found.json<{ customers: Customer[] }>().customers.map((c) => c.email)).toEqual(['ana@example.com']);
    const page = await kit.call('GET', `/api/commerce/store/customers/${encodeURIComponent('ANA@example.com')}`, { websiteId: site, roles: REPORTING });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ orders: Order[] }>().orders).toHaveLength(2);
    expect((await kit.call('GET', '/api/commerce/store/customers/nobody%40example.com', { websiteId: site, roles: ADMIN })).statusCode).toBe(404);
    expect((await kit.call('GET', '/api/commerce/store/customers?limit=0', { websiteId: site, roles: ADMIN })).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: [7] })).statusCode).toBe(403);

    const csv: string[][] = parse((await kit.call('GET', '/api/commerce/store/exports/customers.csv', { websiteId: site, roles: REPORTING })).body);
    expect(csv[0]).toEqual(CUSTOMER_COLUMNS);
    expect(csv.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
      ["'-cmd@example.com", '1', String(cents / 100)],
      ['ana@example.com', '2', String((2 * cents) / 100)],
      ['test-only@example.com', '1', String(cents / 100)],
    ]);
  });
});
