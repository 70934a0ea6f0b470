// The consumers of commerce, forms and content events: each event changes the rollups once, even
// when it is delivered twice (JetStream delivers at least once); and events published on the bus
// reach the rollups through the service's durable consumers.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@sc/contracts';
import { unique, waitFor } from '@sc/platform/test-kit';
import { applyEvent, COMMERCE_CONSUMER, CONTENT_CONSUMER, FORMS_CONSUMER, type AnalyticsModule } from '../src/index.js';
import { analyticsConsumers } from '../src/consumers/analytics.consumer.js';
import { today, suite } from './kit.js';

const envelope = (type: string, websiteId: string, data: unknown, occurredAt = new Date().toISOString()): EventEnvelope => ({
  id: randomUUID(),
  type,
  websiteId,
  occurredAt,
  data,
});
const usd = (value: string) => ({ value, currency: 'USD' as const });

const added = (site: string, itemId: string, quantity = 1) =>
  envelope('commerce.cart.entry-added', site, {
    cartId: 'c1',
    entryId: randomUUID(),
    itemId,
    variantId: 'v1',
    sku: `${itemId}-sku`,
    quantity,
    unitPrice: usd('1000'),
  });
const removed = (site: string, itemId: string) =>
  envelope('commerce.cart.entry-removed', site, {
    cartId: 'c1',
    entryId: 'e1',
    itemId,
    variantId: 'v1',
    sku: `${itemId}-sku`,
    quantity: 1,
  });
const order = (site: string, items: Array<{ sku: string; quantity: number }>, total: string, testMode = false) =>
  envelope('commerce.order.placed', site, {
    id: randomUUID(),
    kind: 'order',
    purchasedCartId: 'c1',
    testMode,
    websiteId: site,
    items: items.map((item) => ({ ...item, productName: 'Lamp', unitPrice: usd('1000') })),
    grandTotal: usd(total),
    shippingTotal: usd('0'),
    taxTotal: usd('0'),
  });
const product = (site: string, productId: string, title: string, skus: string[], version = 1) =>
  envelope('content.product.upserted', site, {
    productId,
    collectionId: 'col',
    version,
    title,
    urlId: productId,
    fullUrl: `/shop/p/${productId}`,
    productType: 1,
    currency: 'USD',
    status: 'published',
    publishOn: null,
    visible: true,
    variantOptionOrdering: [],
    variants: skus.map((sku, i) => ({
      id: `v${i}`,
      sku,
      attributes: {},
      optionValues: [],
      priceMoney: usd('1000'),
      salePriceMoney: null,
      onSale: false,
      qtyInStock: 1,
      unlimited: false,
    })),
    isSubscribable: false,
    subscriptionPlan: null,
    giftCardDenominations: [],
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    urls: [],
  });
const submission = (site: string, formId: string) =>
  envelope('forms.submission.saved', site, {
    submissionId: randomUUID(),
    formId,
    formType: 1,
    pageId: null,
    pagePath: '/contact',
    contentSource: null,
  });

describe('analytics consumers', () => {
  const kit = suite();

  const productRow = (site: string, productId: string) =>
    kit.db.selectFrom('product_daily').selectAll().where('website_id', '=', site).where('product_id', '=', productId).executeTakeFirst();

  it('counts an event delivered twice once (every consumer)', async () => {
    const site = unique('twice');
    const consumers = analyticsConsumers(kit.app.serviceParts as AnalyticsModule);
    const handlerOf = (durable: string) => consumers.find((c) => c.durable === durable)!.handler;
    const events: Array<[string, EventEnvelope]> = [
      [COMMERCE_CONSUMER, added(site, 'lamp', 2)],
      [COMMERCE_CONSUMER, removed(site, 'lamp')],
      [COMMERCE_CONSUMER, order(site, [{ sku: 'lamp-sku', quantity: 2 }], '2000')],
      [FORMS_CONSUMER, submission(site, 'contact')],
    ];
    for (const [durable, event] of events) {
      // A redelivery: the same envelope handed to the consumer again.
      await handlerOf(durable)(event, { headers: {}, attempt: 1 });
      await handlerOf(durable)(event, { headers: {}, attempt: 2 });
    }
    expect(await productRow(site, 'lamp')).toMatchObject({ adds: 1, add_quantity: 2, removes: 1 });
    expect(await productRow(site, 'lamp-sku')).toMatchObject({ purchases: 1, purchased_quantity: 2 });
    const sales = await kit.db
      .selectFrom('sales_daily')
      .select(['orders', 'revenue'])
      .where('website_id', '=', site)
      .executeTakeFirstOrThrow();
    expect({ orders: sales.orders, revenue: Number(sales.revenue) }).toEqual({ orders: 1, revenue: 2000 });
    const forms = await kit.db.selectFrom('form_daily').select(['submissions']).where('website_id', '=', site).executeTakeFirstOrThrow();
    expect(forms.submissions).toBe(1);
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, events[0]![1])).toBe(false);
  });

  it('maps purchased skus to products, counts one purchase per product per order, and leaves test orders out', async () => {
    const site = unique('orders');
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'chair', 'Oak Chair', ['chair-s', 'chair-l']));
    await applyEvent(
      kit.ctx,
      COMMERCE_CONSUMER,
      order(
        site,
        [
          { sku: 'chair-s', quantity: 1 },
          { sku: 'chair-l', quantity: 2 },
          { sku: 'mystery', quantity: 1 },
        ],
        '4599',
      ),
    );
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, order(site, [{ sku: 'chair-s', quantity: 5 }], '9999', true));
    expect(await productRow(site, 'chair')).toMatchObject({ purchases: 1, purchased_quantity: 3 });
    expect(await productRow(site, 'mystery')).toMatchObject({ purchases: 1, purchased_quantity: 1 });
    const sales = await kit.db.selectFrom('sales_daily').select(['orders', 'revenue', 'currency']).where('website_id', '=', site).execute();
    expect(sales.map((s) => ({ ...s, revenue: Number(s.revenue) }))).toEqual([{ orders: 1, revenue: 4599, currency: 'USD' }]);
  });

  it('buckets events by the day they happened', async () => {
    const site = unique('days');
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, { ...added(site, 'lamp'), occurredAt: '2024-03-01T23:59:59.000Z' });
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, { ...added(site, 'lamp'), occurredAt: '2024-03-02T00:00:00.000Z' });
    const rows = await kit.db
      .selectFrom('product_daily')
      .select((eb) => [eb.cast<string>('day', 'text').as('day'), 'adds'])
      .where('website_id', '=', site)
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      { day: '2024-03-01', adds: 1 },
      { day: '2024-03-02', adds: 1 },
    ]);
  });

  it('keeps the newest product version and mirrors site settings', async () => {
    const site = unique('content');
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'p1', 'New name', ['a'], 3));
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'p1', 'Old name', ['a'], 2));
    const row = await kit.db.selectFrom('products').select(['title', 'version']).where('website_id', '=', site).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'New name', version: 3 });
    await applyEvent(
      kit.ctx,
      CONTENT_CONSUMER,
      envelope('content.settings.updated', site, {
        changed: ['country'],
        currency: 'CAD',
        locale: 'en-CA',
        timeZone: 'America/Toronto',
        country: 'CA',
      }),
    );
    const settings = await kit.db
      .selectFrom('settings')
      .select(['country', 'time_zone'])
      .where('website_id', '=', site)
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ country: 'CA', time_zone: 'America/Toronto' });
  });

  it('consumes events published on the bus', async () => {
    const site = unique('bus');
    await kit.ctx.bus.publish(added(site, 'bus-lamp', 3));
    await kit.ctx.bus.publish(submission(site, 'newsletter'));
    await waitFor(async () => (await productRow(site, 'bus-lamp'))?.add_quantity === 3, 20_000, 'the cart event to be consumed');
    await waitFor(
      async () =>
        (await kit.db.selectFrom('form_daily').select('submissions').where('website_id', '=', site).executeTakeFirst())?.submissions === 1,
      20_000,
      'the submission to be consumed',
    );
    const day = await kit.db
      .selectFrom('product_daily')
      .select((eb) => eb.cast<string>('day', 'text').as('day'))
      .where('website_id', '=', site)
      .executeTakeFirstOrThrow();
    expect(day.day).toBe(today());
  });
});
