// Prices with or without tax through the cart's HTTP routes (issue 36): the store setting, the
// cart's totals, the order and its receipt. A product with two priced variants ($30 and $32), a
// $10 coupon, $6 shipping and Maine's 5.5 % (not on shipping).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CheckoutResponse, CommerceShoppingCart, StoreRules } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, setup, type Kit } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe(`prices with or without tax (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit?.close();
  });

  const shop = async (pricesIncludeTax: boolean | undefined) => {
    const site = kit.newSite();
    const rules = await kit.call(
      'PUT',
      '/api/commerce/store-rules',
      { websiteId: site, roles: ADMIN },
      {
        shippingOptions: [{ id: 'standard', name: 'Standard', rateCents: 600, countries: ['US'] }],
        taxRules: [{ id: 'us-me', name: 'Maine sales tax', country: 'US', region: 'ME', rateBps: 550 }],
        ...(pricesIncludeTax === undefined ? {} : { pricesIncludeTax }),
      },
    );
    expect(rules.statusCode).toBe(200);
    expect(rules.json<StoreRules>().pricesIncludeTax).toBe(pricesIncludeTax ?? false);
    await kit.call(
      'POST',
      '/api/commerce/coupons',
      { websiteId: site, roles: ADMIN },
      { code: 'TENOFF', kind: 'fixed-amount', value: 1000 },
    );
    const apron = await kit.product(site, {
      title: 'Linen Apron',
      variants: [
        { sku: 'APRON-S', price: 3000, qty: 5 },
        { sku: 'APRON-M', price: 3200, qty: 5 },
      ],
    });
    const cart = await kit.cartWith(site, [
      { itemId: apron.productId, sku: 'APRON-S' },
      { itemId: apron.productId, sku: 'APRON-M' },
    ]);
    await kit.call('POST', '/api/commerce/shopping-cart/coupons', { websiteId: site, cart }, { code: 'TENOFF' });
    await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', { websiteId: site, cart }, { country: 'US', region: 'ME' });
    const view = (await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json<CommerceShoppingCart>();
    const placed = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'buyer@example.com', shippingAddress: ADDRESS, card: CARD },
    );
    expect(placed.statusCode).toBe(201);
    await kit.parts.mail.deliverBatch();
    const mailbox = await kit.call('GET', '/api/commerce/store/mailbox?limit=50&kind=order.receipt', { websiteId: site, roles: ADMIN });
    const receipt = mailbox.json<{ items: Array<{ text: string }> }>().items[0]!.text;
    return { view, order: placed.json<CheckoutResponse>().order, receipt };
  };

  it('without tax (the default): $62.00 − $10.00 + $6.00 shipping + $2.86 tax = $60.86', async () => {
    const { view, order, receipt } = await shop(undefined);
    expect(view).toMatchObject({
      subtotalCents: 6200,
      discountCents: 1000,
      shippingCostCents: 600,
      taxCents: 286,
      grandTotalCents: 6086,
      pricesIncludeTax: false,
    });
    expect(order).toMatchObject({ taxTotal: { value: '286' }, taxIncluded: false, grandTotal: { value: '6086' } });
    expect(receipt).toMatch(/Tax\s+\$2\.86/);
    expect(receipt).toMatch(/Total\s+\$60\.86/);
    expect(receipt).not.toContain('incl.');
  });

  it('with tax: the buyer pays the tags, $58.00, and sees "incl. $2.71 tax" on the cart, order and receipt', async () => {
    const { view, order, receipt } = await shop(true);
    expect(view).toMatchObject({
      subtotalCents: 6200,
      discountCents: 1000,
      shippingCostCents: 600,
      taxCents: 271,
      grandTotalCents: 5800,
      pricesIncludeTax: true,
    });
    expect(order).toMatchObject({
      taxTotal: { value: '271' },
      taxIncluded: true,
      grandTotal: { value: '5800' },
      amountCharged: { value: '5800' },
    });
    expect(receipt).toMatch(/Total\s+\$58\.00\s+Tax\s+incl\. \$2\.71 tax/);
  });
});
