// The admin Home's store figures in one request: sales today, over 7 days and the 7 days before
// (live orders; test-mode orders apart), orders to fulfil, variants low on stock and sold out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Order, StoreSummary } from '@sc/contracts';
import { sql } from 'kysely';
import { mode } from '@sc/platform/test-kit';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, REPORTING, setup, type Kit } from './kit.js';

const DAY_MS = 86_400_000;

describe(`the store summary of the admin Home (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => kit.close());

  it('sums sales per window and currency, live and test apart, and counts what needs doing', async () => {
    const site = kit.newSite();
    await kit.product(site, {
      variants: [
        { sku: 'LAMP', price: 2500, qty: 10 },
        { sku: 'LAMP-2', price: 2500, qty: 3 },
        { sku: 'LAMP-3', price: 2500, qty: 0 },
      ],
    });
    const guide = await kit.product(site, { productType: 2, variants: [{ sku: 'PDF', price: 500, unlimited: true }] });
    const buy = async () => {
      const cart = await kit.cartWith(site, [{ itemId: guide.productId }]);
      const paid = await kit.call(
        'POST',
        '/api/commerce/checkout',
        { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
        { email: 'ana@example.com', card: CARD },
      );
      expect(paid.statusCode).toBe(201);
      return paid.json<{ order: Order }>().order;
    };
    const orders = [await buy(), await buy(), await buy(), await buy(), await buy()];
    const total = orders[0]!.grandTotal.value;
    const todayStart = Date.now() - 60_000;
    // Live: two today, one 3 days ago, one 10 days ago (the 7 days before); one test-mode order today.
    const set = (id: string, change: { test_mode?: boolean; created_at?: Date; status?: string }) =>
      kit.ctx.db
        .updateTable('orders')
        .set({
          ...(change.test_mode === undefined ? {} : { test_mode: change.test_mode }),
          ...(change.status ? { status: change.status } : {}),
          ...(change.created_at ? { created_at: sql<never>`${change.created_at}` } : {}),
        })
        .where('id', '=', id)
        .execute();
    for (const order of orders.slice(0, 4)) await set(order.id, { test_mode: false });
    await set(orders[2]!.id, { created_at: new Date(todayStart - 3 * DAY_MS) });
    await set(orders[3]!.id, { created_at: new Date(todayStart - 10 * DAY_MS), status: 'fulfilled' });
    await kit.call('PUT', `/api/commerce/store/orders/${orders[1]!.id}/status`, { websiteId: site, roles: ADMIN }, { status: 'fulfilled' });

    const query = `?todayStart=${encodeURIComponent(new Date(todayStart).toISOString())}`;
    const response = await kit.call('GET', `/api/commerce/store/summary${query}`, { websiteId: site, roles: REPORTING });
    expect(response.statusCode).toBe(200);
    const summary = response.json<StoreSummary>();
    const cents = Number(total);
    expect(summary.sales).toEqual({
      today: { orders: 2, totals: [{ currency: 'USD', orders: 2, totalCents: 2 * cents }] },
      last7Days: { orders: 3, totals: [{ currency: 'USD', orders: 3, totalCents: 3 * cents }] },
      previous7Days: { orders: 1, totals: [{ currency: 'USD', orders: 1, totalCents: cents }] },
    });
    expect(summary.testSales.today).toEqual({ orders: 1, totals: [{ currency: 'USD', orders: 1, totalCents: cents }] });
    // Paid and not shipped: orders 0 and 2 (live) and 4 (test).
    expect(summary).toMatchObject({ toFulfil: 3, testToFulfil: 1, lowStock: 1, soldOut: 1, lowStockAt: 3 });
    // LAMP-2 has 3 left (low), LAMP-3 none; the PDF is unlimited.

    expect((await kit.call('GET', `/api/commerce/store/summary${query}`, { websiteId: site })).statusCode).toBe(401);
    expect((await kit.call('GET', `/api/commerce/store/summary${query}`, { websiteId: site, roles: [7] })).statusCode).toBe(403);
    expect((await kit.call('GET', '/api/commerce/store/summary', { websiteId: site, roles: ADMIN })).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/commerce/store/summary?todayStart=yesterday', { websiteId: site, roles: ADMIN })).statusCode).toBe(
      400,
    );
    const longAgo = encodeURIComponent(new Date(Date.now() - 30 * DAY_MS).toISOString());
    expect((await kit.call('GET', `/api/commerce/store/summary?todayStart=${longAgo}`, { websiteId: site, roles: ADMIN })).statusCode).toBe(
      400,
    );
    // Another website's figures are its own.
    const other = await kit.call('GET', `/api/commerce/store/summary${query}`, { websiteId: kit.newSite(), roles: ADMIN });
    expect(other.json<StoreSummary>()).toMatchObject({ toFulfil: 0, lowStock: 0, soldOut: 0, sales: { today: { orders: 0, totals: [] } } });
  });
});
