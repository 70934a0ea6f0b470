// The store's customers: who bought (test-mode orders too), how often, for how much, first and last
// order; searchable; one customer's orders; the CSV export with formulas neutralised. The list is a
// read model fed by events (orders paid and refunded, accounts, newsletter consent): it shows
// nothing until the outbox has been published. Erasure: the owner's request, its checks, the log.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { ERASED_EMAIL, type Order } from '@sc/contracts';
import { mode, waitFor } from '@sc/platform/test-kit';
import { CUSTOMER_COLUMNS } from '../src/customers/customers.routes.js';
import type { StoreCustomer as Customer } from '@sc/contracts';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, REPORTING, STORE_MANAGER, setup, type Kit } from './kit.js';

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
      const paid = await kit.call(
        'POST',
        '/api/commerce/checkout',
        { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
        { email, card: CARD },
      );
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

    // The read model is fed by the bus: nothing is listed before the outbox is published.
    const before = await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: REPORTING });
    expect(before.json<{ customers: Customer[] }>().customers).toEqual([]);
    await drain(kit);
    await waitFor(
      async () =>
        (await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: REPORTING })).json<{ customers: Customer[] }>()
          .customers.length === 3,
      10_000,
      'customers listed',
    );

    const list = await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: REPORTING });
    expect(list.statusCode).toBe(200);
    const customers = list.json<{ customers: Customer[] }>().customers;
    expect(customers.map((c) => [c.email, c.orders, c.totals])).toEqual([
      ['-cmd@example.com', 1, [{ currency: 'USD', spentCents: cents }]],
      ['ana@example.com', 2, [{ currency: 'USD', spentCents: 2 * cents }]],
      ['test-only@example.com', 1, [{ currency: 'USD', spentCents: cents }]],
    ]);
    expect(customers[1]!.firstOrderAt! <= customers[1]!.lastOrderAt!).toBe(true);
    const found = await kit.call('GET', '/api/commerce/store/customers?q=ANA', { websiteId: site, roles: REPORTING });
    expect(found.json<{ customers: Customer[] }>().customers.map((c) => c.email)).toEqual(['ana@example.com']);
    // Sorted and paged on the server (issue 35's data table); a bad sort is a 400 naming the choices.
    const emailsOf = async (query: string) =>
      (await kit.call('GET', `/api/commerce/store/customers${query}`, { websiteId: site, roles: REPORTING }))
        .json<{ customers: Customer[] }>()
        .customers.map((c) => c.email);
    expect(await emailsOf('?sort=orders')).toEqual(['ana@example.com', 'test-only@example.com', '-cmd@example.com']);
    expect(await emailsOf('?sort=orders&dir=asc')).toEqual(['-cmd@example.com', 'test-only@example.com', 'ana@example.com']);
    expect(await emailsOf('?sort=email&dir=desc')).toEqual(['test-only@example.com', 'ana@example.com', '-cmd@example.com']);
    for (const query of ['sort=orders', 'sort=email&dir=desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: { customers: Customer[]; nextPageCursor: string | null; hasNextPage: boolean } = (
          await kit.call('GET', `/api/commerce/store/customers?limit=1&${query}${cursor ? `&cursor=${cursor}` : ''}`, {
            websiteId: site,
            roles: REPORTING,
          })
        ).json();
        expect(answer.customers.length).toBeLessThanOrEqual(1);
        seen.push(...answer.customers.map((c) => c.email));
        cursor = answer.nextPageCursor;
      } while (cursor);
      expect(seen).toEqual(await emailsOf(`?${query}`));
    }
    const badSort = await kit.call('GET', '/api/commerce/store/customers?sort=spent', { websiteId: site, roles: REPORTING });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.body).toContain('sort must be one of email, orders');
    const orderCursor = (
      await kit.call('GET', '/api/commerce/store/customers?limit=1&sort=orders', { websiteId: site, roles: REPORTING })
    ).json<{ nextPageCursor: string }>().nextPageCursor;
    expect(
      (await kit.call('GET', `/api/commerce/store/customers?limit=1&cursor=${orderCursor}`, { websiteId: site, roles: REPORTING }))
        .statusCode,
    ).toBe(400);
    // Another website's customers never appear.
    expect(await emailsOf('?q=example.com')).toHaveLength(3);
    expect(
      (await kit.call('GET', '/api/commerce/store/customers', { websiteId: kit.newSite(), roles: REPORTING })).json<{
        customers: Customer[];
      }>().customers,
    ).toEqual([]);
    const page = await kit.call('GET', `/api/commerce/store/customers/${encodeURIComponent('ANA@example.com')}`, {
      websiteId: site,
      roles: REPORTING,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ orders: Order[] }>().orders).toHaveLength(2);
    expect(
      (await kit.call('GET', '/api/commerce/store/customers/nobody%40example.com', { websiteId: site, roles: ADMIN })).statusCode,
    ).toBe(404);
    expect((await kit.call('GET', '/api/commerce/store/customers?limit=0', { websiteId: site, roles: ADMIN })).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: [7] })).statusCode).toBe(403);

    const csv: string[][] = parse(
      (await kit.call('GET', '/api/commerce/store/exports/customers.csv', { websiteId: site, roles: REPORTING })).body,
    );
    expect(csv[0]).toEqual(CUSTOMER_COLUMNS);
    expect(csv.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
      ["'-cmd@example.com", '1', String(cents / 100)],
      ['ana@example.com', '2', String((2 * cents) / 100)],
      ['test-only@example.com', '1', String(cents / 100)],
    ]);
  });

  it('adds accounts, newsletter consent and subscription status from events; a refund lowers the spend', async () => {
    const site = kit.newSite();
    const guide = await kit.product(site, { productType: 2, variants: [{ sku: 'PDF', price: 700, unlimited: true }] });
    const cart = await kit.cartWith(site, [{ itemId: guide.productId }]);
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'bo@example.com', card: CARD },
    );
    const order = paid.json<{ order: Order }>().order;
    const event = (type: string, data: unknown) => ({
      id: randomUUID(),
      type,
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data,
    });
    await kit.ctx.bus.publish(event('identity.site-user.created', { siteUserId: 'u1', email: 'Bo@Example.com', name: 'Bo Account' }));
    await kit.ctx.bus.publish(event('identity.site-user.created', { siteUserId: 'u2', email: 'cy@example.com', name: 'Cy' }));
    await kit.ctx.bus.publish(
      event('forms.subscriber.confirmed', { subscriberId: 's1', formId: 'f', status: 'confirmed', email: 'cy@example.com' }),
    );
    const refunded = await kit.call(
      'POST',
      `/api/commerce/store/orders/${order.id}/refunds`,
      { websiteId: site, roles: ADMIN, headers: { 'idempotency-key': randomUUID() } },
      { amountCents: 200, restock: false },
    );
    expect(refunded.statusCode).toBeLessThan(300);
    await drain(kit);
    const customers = await waitFor(
      async () => {
        const found = (await kit.call('GET', '/api/commerce/store/customers', { websiteId: site, roles: REPORTING })).json<{
          customers: Customer[];
        }>().customers;
        return found.length === 2 && found[0]!.totals[0]?.spentCents === Number(order.grandTotal.value) - 200 ? found : undefined;
      },
      10_000,
      'account, consent and refund applied',
    );
    expect(customers.map((c) => [c.email, c.account, c.newsletter, c.orders, c.subscription])).toEqual([
      ['bo@example.com', true, null, 1, null],
      ['cy@example.com', true, 'confirmed', 0, null],
    ]);

    // A subscription order makes the subscription active; its end makes it ended.
    const usd = (value: string) => ({ value, currency: 'USD' as const });
    await kit.ctx.bus.publish(
      event('commerce.order.placed', {
        id: 'sub-order-1',
        kind: 'subscription',
        purchasedCartId: null,
        testMode: true,
        websiteId: site,
        items: [],
        grandTotal: usd('500'),
        shippingTotal: usd('0'),
        taxTotal: usd('0'),
        siteUserId: 'u2',
        subscriptionId: 'sub-1',
        email: 'cy@example.com',
        customerName: 'Cy Buyer',
      }),
    );
    const cy = async () =>
      (await kit.call('GET', '/api/commerce/store/customers/cy%40example.com', { websiteId: site, roles: REPORTING })).json<{
        customer: Customer;
      }>().customer;
    await waitFor(async () => (await cy()).subscription === 'active', 10_000, 'subscription active');
    expect(await cy()).toMatchObject({ orders: 1, name: 'Cy Buyer', totals: [{ currency: 'USD', spentCents: 500 }] });
    await kit.ctx.bus.publish(
      event('commerce.subscription.ended', {
        subscriptionId: 'sub-1',
        orderId: 'sub-order-1',
        itemId: 'i',
        sku: 'S',
        siteUserId: 'u2',
        reason: 'cancelled',
        testMode: true,
      }),
    );
    await waitFor(async () => (await cy()).subscription === 'ended', 10_000, 'subscription ended');
  });

  it('erases a customer for the store manager only, with a typed confirmation, and logs who and when', async () => {
    const site = kit.newSite();
    const other = kit.newSite();
    const guide = await kit.product(site, { productType: 2, variants: [{ sku: 'PDF', price: 900, unlimited: true }] });
    const guideB = await kit.product(other, { productType: 2, variants: [{ sku: 'PDF', price: 900, unlimited: true }] });
    const buy = async (websiteId: string, itemId: string) => {
      const cart = await kit.cartWith(websiteId, [{ itemId }]);
      const paid = await kit.call(
        'POST',
        '/api/commerce/checkout',
        { websiteId, cart, headers: { 'idempotency-key': randomUUID() } },
        { email: 'Dee@Example.com', card: CARD },
      );
      expect(paid.statusCode).toBe(201);
      return paid.json<{ order: Order }>().order;
    };
    const order = await buy(site, guide.productId);
    const orderB = await buy(other, guideB.productId);
    await drain(kit);
    await waitFor(
      async () =>
        (await kit.call('GET', '/api/commerce/store/customers/dee%40example.com', { websiteId: site, roles: REPORTING })).statusCode ===
        200,
      10_000,
      'customer listed',
    );

    const erase = (roles: number[], body: unknown, websiteId = site) =>
      kit.call('POST', '/api/commerce/store/customers/erase', { websiteId, roles }, body);
    expect((await erase(REPORTING, { email: 'dee@example.com', confirm: 'dee@example.com' })).statusCode).toBe(403);
    const mismatch = await erase(STORE_MANAGER, { email: 'dee@example.com', confirm: 'de@example.com' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Type the email again to confirm the erasure.');
    expect((await erase(STORE_MANAGER, { email: 'not an email', confirm: 'not an email' })).statusCode).toBe(400);
    expect((await erase(STORE_MANAGER, { email: 'dee@example.com', confirm: 'dee@example.com', extra: 1 })).statusCode).toBe(400);

    const done = await erase(STORE_MANAGER, { email: 'DEE@example.com', confirm: 'dee@example.com' });
    expect(done.statusCode).toBe(200);
    const { erasure } = done.json<{ erasure: { id: string; websiteId: string; requestedBy: string; requestedAt: string } }>();
    expect(erasure).toMatchObject({ websiteId: site, requestedBy: expect.any(String) });
    const log = await kit.call('GET', '/api/commerce/store/erasures', { websiteId: site, roles: REPORTING });
    expect(log.json<{ erasures: unknown[] }>().erasures).toEqual([erasure]);
    expect(log.body).not.toContain('dee@example.com');
    expect(
      (await kit.call('GET', '/api/commerce/store/erasures', { websiteId: other, roles: REPORTING })).json<{ erasures: unknown[] }>()
        .erasures,
    ).toEqual([]);

    // The order keeps its total for the books, the buyer is gone; the other website's order is untouched.
    const kept = await kit.ctx.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(kept.email).toBe(ERASED_EMAIL);
    expect(kept.grand_total_cents).toBe(Number(order.grandTotal.value));
    expect((await kit.ctx.db.selectFrom('orders').select('email').where('id', '=', orderB.id).executeTakeFirstOrThrow()).email).toBe(
      'Dee@Example.com',
    );
    expect(
      (await kit.call('GET', '/api/commerce/store/customers/dee%40example.com', { websiteId: site, roles: REPORTING })).statusCode,
    ).toBe(404);
    expect(
      (await kit.call('GET', '/api/commerce/store/customers/dee%40example.com', { websiteId: other, roles: REPORTING })).statusCode,
    ).toBe(200);
    // The announcement leaves the outbox once published (it names the person).
    await drain(kit);
    // Events from before the erasure delivered again (a read-model rebuild) do not bring them back;
    // an order placed after it does.
    const placed = {
      id: order.id,
      kind: 'order',
      purchasedCartId: null,
      testMode: true,
      websiteId: site,
      items: [],
      grandTotal: order.grandTotal,
      shippingTotal: order.grandTotal,
      taxTotal: order.grandTotal,
      email: 'dee@example.com',
    };
    const replayed = { id: randomUUID(), type: 'commerce.order.placed', websiteId: site, occurredAt: order.createdAt, data: placed };
    await kit.ctx.bus.publish(replayed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await kit.call('GET', '/api/commerce/store/customers/dee%40example.com', { websiteId: site, roles: REPORTING })).statusCode,
    ).toBe(404);
    await kit.ctx.bus.publish({
      ...replayed,
      id: randomUUID(),
      occurredAt: new Date(Date.now() + 1_000).toISOString(),
      data: { ...placed, id: 'later-order' },
    });
    await waitFor(
      async () =>
        (await kit.call('GET', '/api/commerce/store/customers/dee%40example.com', { websiteId: site, roles: REPORTING })).statusCode ===
        200,
      10_000,
      'a later order listed',
    );
    const announced = await kit.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('type', '=', 'privacy.customer.erased')
      .where('website_id', '=', site)
      .execute();
    expect(announced).toEqual([]);
  });
});

/** Publishes the outbox until it is empty (the kit's relay does not poll). */
async function drain(kit: Kit): Promise<void> {
  while ((await kit.ctx.relay.publishBatch()) > 0) {
    /* next batch */
  }
}
