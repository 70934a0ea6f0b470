// The built-in test provider (the demo's default without Stripe keys): a purchase leaves no card
// number in the logs (read at trace level) or anywhere in the database, and its receipt lands in
// the local mailbox exactly once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { listMailbox, type MailTables } from '@sc/platform';
import { mode, testConfig } from '@sc/platform/test-kit';
import { sql, type Kysely } from 'kysely';
import type { CheckoutResponse, Order } from '@sc/contracts';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, DECLINED_CARD, FAILING_CARD, setup, SIGNING_KEY, type Kit } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe(`test-mode payments (${mode.database})`, () => {
  let kit: Kit;
  const lines: string[] = [];

  beforeAll(async () => {
    kit = await setup({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY, LOG_LEVEL: 'trace' }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit?.close();
  });

  const checkout = (websiteId: string, cart: string, card: typeof CARD) =>
    kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'buyer@example.com', shippingAddress: ADDRESS, card },
    );

  it('card numbers are never logged or stored, and the receipt arrives once', async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'MUG', price: 1250, qty: 10 }] });
    for (const card of [DECLINED_CARD, FAILING_CARD]) {
      const cart = await kit.cartWith(site, [{ itemId: product.productId }]);
      expect((await checkout(site, cart, card)).statusCode).toBeGreaterThanOrEqual(400);
    }
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const response = await checkout(site, cart, CARD);
    expect(response.statusCode).toBe(201);
    const { order, payment, receiptToken } = response.json<CheckoutResponse>();
    expect(order).toMatchObject({ status: 'paid', testMode: true, grandTotal: { value: '2500', currency: 'USD' } });
    expect(payment).toBeNull();
    expect(receiptToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    // The logs were written (trace level), and none carries a card number in any spelling.
    const logs = lines.join('\n');
    expect(logs).toContain('/api/commerce/checkout');
    const numbers = [CARD, DECLINED_CARD, FAILING_CARD].flatMap((c) => [c.number, c.number.replaceAll(' ', '')]);
    for (const n of numbers) expect(logs).not.toContain(n);
    expect(logs).not.toContain('"cvc"');

    // Every row of every table of the cart's schema.
    const schema = (
      await sql<{ table_schema: string }>`select table_schema from information_schema.tables where table_name = 'payment_events'`.execute(
        kit.ctx.db,
      )
    ).rows[0]!.table_schema;
    const tables = await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'`.execute(kit.ctx.db);
    expect(tables.rows.map((t) => t.table_name)).toEqual(expect.arrayContaining(['orders', 'idempotency_keys', 'mail_outbox', 'outbox']));
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(`${schema}.${table_name}`)}`.execute(kit.ctx.db);
      dump += JSON.stringify(rows.rows);
    }
    expect(dump).toContain(order.id);
    for (const n of numbers) expect(dump).not.toContain(n);
    expect(dump).not.toContain('"cvc"');

    // The receipt: once in the local mailbox, however often the relay runs.
    await kit.parts.mail.deliverBatch();
    await kit.parts.mail.deliverBatch();
    const box = await listMailbox(kit.ctx.db as unknown as Kysely<MailTables>, site, { limit: 10, kind: 'order.receipt' });
    expect(box.items).toHaveLength(1);
    expect(box.items[0]).toMatchObject({ to: 'buyer@example.com', subject: `Your receipt from Our shop: order #${order.orderNumber}` });
    expect(box.items[0]!.text).toContain('(Test mode: no money moved.)');
    expect(box.items[0]!.text).toMatch(/Total\s+\$25\.00/);
  }, 60_000);

  it('the chosen options of each line are on the order, the receipt and shipping mails, the admin list and the CSV', async () => {
    const site = kit.newSite();
    const apron = await kit.product(site, {
      title: 'Linen Apron',
      optionOrdering: ['Size'],
      variants: [
        { sku: 'APRON-S', price: 3000, qty: 5, attributes: { Size: 'S' } },
        { sku: 'APRON-M', price: 3200, qty: 5, attributes: { Size: 'M' } },
      ],
    });
    const cart = await kit.cartWith(site, [{ itemId: apron.productId, sku: 'APRON-M' }]);
    const response = await checkout(site, cart, CARD);
    expect(response.statusCode).toBe(201);
    const { order } = response.json<CheckoutResponse>();
    expect(order.items).toEqual([
      expect.objectContaining({
        sku: 'APRON-M',
        productName: 'Linen Apron',
        options: { Size: 'M' },
        unitPrice: { value: '3200', currency: 'USD' },
      }),
    ]);

    const shipped = await kit.call(
      'PUT',
      `/api/commerce/store/orders/${order.id}/status`,
      { websiteId: site, roles: ADMIN },
      { status: 'fulfilled', carrier: 'USPS', trackingNumber: '9400 1' },
    );
    expect(shipped.statusCode).toBe(200);
    await kit.parts.mail.deliverBatch();
    const mails = await listMailbox(kit.ctx.db as unknown as Kysely<MailTables>, site, { limit: 10 });
    const text = (kind: string) => mails.items.find((m) => m.kind === kind)?.text ?? '';
    expect(text('order.receipt')).toMatch(/Linen Apron \(Size: M\) × 1\s+\$32\.00/);
    expect(text('order.shipped')).toMatch(/Linen Apron \(Size: M\)\s+× 1/);

    const list = await kit.call('GET', '/api/commerce/store/orders', { websiteId: site, roles: ADMIN });
    expect(list.json<{ orders: Order[] }>().orders[0]?.items[0]?.options).toEqual({ Size: 'M' });
    const csv = await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: site, roles: ADMIN });
    const [header, row] = csv.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(row?.[header!.indexOf('Options')]).toBe('Size: M');
    expect(row?.[header!.indexOf('Product')]).toBe('Linen Apron');
  }, 60_000);

  it('the payments config says test mode', async () => {
    const response = await kit.call('GET', '/api/commerce/payments/config', { websiteId: kit.newSite() });
    expect(response.json()).toEqual({ provider: 'test', testMode: true, publishableKey: null });
  });
});
