// The store's CSV downloads: orders with their lines and inventory, streamed, each cell that a
// spreadsheet would run as a formula neutralised (=, +, -, @), numbers written as numbers; the
// owner's role is checked and bad filters are refused.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Order } from '@sc/contracts';
import { neutraliseFormula } from '@sc/platform';
import { mode } from '@sc/platform/test-kit';
import { ORDER_COLUMNS } from '../src/admin/exports.routes.js';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, REPORTING, setup, type Kit } from './kit.js';

const csvRows = (text: string): string[][] => parse(text);

describe(neutraliseFormula.name, () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['Plain = text', 'Plain = text'],
    ['', ''],
  ])('%j → %j', (input, output) => expect(neutraliseFormula(input)).toBe(output));
});

describe(`store CSV exports (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => kit.close());

  it('exports orders one line per row, with formulas neutralised and amounts as numbers', async () => {
    const site = kit.newSite();
    const mug = await kit.product(site, {
      title: '=HYPERLINK("http://evil.example","Mug")',
      variants: [{ sku: '@MUG', price: 1250, qty: 20 }],
    });
    const bowl = await kit.product(site, { title: 'Bowl, large "blue"', variants: [{ sku: 'BOWL', price: 3000, qty: 20 }] });
    const cart = await kit.cartWith(site, [{ itemId: mug.productId, quantity: 2 }, { itemId: bowl.productId }]);
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      {
        email: 'ana@example.com',
        card: CARD,
        shippingAddress: { name: '+SUM(1,2)', line1: '-1 Harbour Way', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
      },
    );
    expect(paid.statusCode).toBe(201);
    const order = paid.json<{ order: Order }>().order;

    const response = await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: site, roles: REPORTING });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual(ORDER_COLUMNS);
    expect(rows).toHaveLength(3);
    const cell = (row: string[], column: string) => row[ORDER_COLUMNS.indexOf(column)];
    const [first, second] = [rows[1]!, rows[2]!];
    expect(cell(first, 'Order id')).toBe(order.id);
    expect(cell(first, 'Ship to')).toBe("'+SUM(1,2)");
    expect(cell(first, 'Address line 1')).toBe("'-1 Harbour Way");
    expect(cell(first, 'SKU')).toBe("'@MUG");
    expect(cell(first, 'Product')).toBe('\'=HYPERLINK("http://evil.example","Mug")');
    expect([cell(first, 'Quantity'), cell(first, 'Unit price'), cell(first, 'Line total')]).toEqual(['2', '12.5', '25']);
    expect(cell(second, 'Product')).toBe('Bowl, large "blue"');
    expect(cell(second, 'Line')).toBe('2');
    expect(cell(first, 'Total')).toBe(String(Number(order.grandTotal.value) / 100));
    // No cell of the file starts a formula.
    expect(rows.flat().filter((c) => /^[=+\-@]/.test(c))).toEqual([]);

    const filtered = await kit.call('GET', `/api/commerce/store/exports/orders.csv?status=refunded`, { websiteId: site, roles: ADMIN });
    expect(csvRows(filtered.body)).toEqual([ORDER_COLUMNS]);
    expect(
      (await kit.call('GET', '/api/commerce/store/exports/orders.csv?status=lost', { websiteId: site, roles: ADMIN })).statusCode,
    ).toBe(400);
    expect(
      (await kit.call('GET', '/api/commerce/store/exports/orders.csv?from=yesterday', { websiteId: site, roles: ADMIN })).statusCode,
    ).toBe(400);
    expect((await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: site })).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: site, roles: [7] })).statusCode).toBe(403);
    // Another website's export has none of these orders.
    expect(
      csvRows((await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: kit.newSite(), roles: ADMIN })).body),
    ).toEqual([ORDER_COLUMNS]);

    const inventory = csvRows(
      (await kit.call('GET', '/api/commerce/store/exports/inventory.csv', { websiteId: site, roles: REPORTING })).body,
    );
    expect(inventory).toEqual(
      [
        ['Product id', 'Product', 'Variant id', 'SKU', 'Unlimited', 'In stock'],
        [mug.productId, '\'=HYPERLINK("http://evil.example","Mug")', mug.variants[0]!.id, "'@MUG", 'false', '18'],
        [bowl.productId, 'Bowl, large "blue"', bowl.variants[0]!.id, 'BOWL', 'false', '19'],
      ].sort((a, b) => (a[0] === 'Product id' ? -1 : b[0] === 'Product id' ? 1 : a[1]! < b[1]! ? -1 : 1)),
    );
  });

  it('pages through more orders than one query takes', async () => {
    const site = kit.newSite();
    const rows = Array.from({ length: 2_503 }, (_, i) => ({
      id: `order-${i}`,
      website_id: site,
      kind: 'order',
      cart_id: null,
      status: 'paid',
      test_mode: true,
      email: `b${i}@example.com`,
      shipping_address: null,
      items: JSON.stringify([
        {
          itemId: 'p',
          variantId: 'v',
          sku: 'S',
          productName: 'P',
          productType: 1,
          quantity: 1,
          unitPrice: { value: '100', currency: 'USD' },
          additionalFields: null,
        },
      ]),
      currency: 'USD',
      subtotal_cents: 100,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      gift_card_cents: 0,
      grand_total_cents: 100,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await kit.ctx.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    const csv = csvRows((await kit.call('GET', '/api/commerce/store/exports/orders.csv', { websiteId: site, roles: ADMIN })).body);
    expect(csv).toHaveLength(2_504);
    expect(new Set(csv.slice(1).map((r) => r[1])).size).toBe(2_503);
  });
});
