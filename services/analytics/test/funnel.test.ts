// The product funnel counts views, adds and purchases over one population: the tracked visitors.
// The issue this guards against: add-to-cart events from automated clients were counted while
// their product views were skipped as automated-client, and the admin showed "Add-to-cart rate
// 200 %". Here real browsers, a crawler, a headless browser and a signed-in owner all view, add
// and buy the same product through the public routes and the commerce events.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CENSUS_COOKIE, Role, type EventEnvelope } from '@sc/contracts';
import { applyEvent, COMMERCE_CONSUMER, CONTENT_CONSUMER } from '../src/index.js';
import { BROWSER_UA, PHONE_UA, hitForm, today, suite } from './kit.js';

const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36';
const usd = (value: string) => ({ value, currency: 'USD' as const });
const envelope = (type: string, websiteId: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  websiteId,
  occurredAt: new Date().toISOString(),
  data,
});

/** content.product.upserted of a one-variant product. */
const product = (site: string, productId: string, title: string, sku: string): EventEnvelope =>
  envelope('content.product.upserted', site, {
    productId,
    collectionId: 'shop',
    version: 1,
    title,
    urlId: productId,
    fullUrl: `/shop/p/${productId}`,
    productType: 1,
    currency: 'USD',
    status: 'published',
    publishOn: null,
    visible: true,
    variantOptionOrdering: [],
    variants: [
      {
        id: 'v1',
        sku,
        attributes: {},
        optionValues: [],
        priceMoney: usd('2500'),
        salePriceMoney: null,
        onSale: false,
        qtyInStock: 50,
        unlimited: false,
      },
    ],
    isSubscribable: false,
    subscriptionPlan: null,
    giftCardDenominations: [],
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    urls: [],
  });

interface Client {
  name: string;
  userAgent: string;
  ip: string;
  cookie: string;
  roles?: number[];
  adds: boolean;
  buys: boolean;
}

describe('the product funnel over one population', () => {
  const kit = suite();

  it('leaves automated clients and owners out of views, adds and purchases alike; rates never exceed 100 %', async () => {
    const site = kit.site;
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'lamp', 'Brass Lamp', 'LAMP-1'));
    const clients: Client[] = [
      { name: 'shopper-1', userAgent: BROWSER_UA, ip: '198.51.100.1', cookie: 'visitor-one-1234', adds: true, buys: true },
      { name: 'shopper-2', userAgent: PHONE_UA, ip: '198.51.100.2', cookie: 'visitor-two-1234', adds: true, buys: false },
      { name: 'shopper-3', userAgent: BROWSER_UA, ip: '198.51.100.3', cookie: 'visitor-three-12', adds: false, buys: false },
      { name: 'shopper-4', userAgent: BROWSER_UA, ip: '198.51.100.4', cookie: 'visitor-four-123', adds: false, buys: false },
      { name: 'crawler', userAgent: BOT_UA, ip: '66.249.66.1', cookie: 'crawler-visitor-1', adds: true, buys: true },
      { name: 'headless', userAgent: HEADLESS_UA, ip: '192.0.2.50', cookie: 'headless-visitor', adds: true, buys: true },
      { name: 'headless-2', userAgent: HEADLESS_UA, ip: '192.0.2.51', cookie: 'headless-visitr2', adds: true, buys: false },
      { name: 'owner', userAgent: BROWSER_UA, ip: '192.0.2.9', cookie: 'owner-visitor-12', roles: [Role.ADMIN], adds: true, buys: true },
    ];
    for (const client of clients) {
      const options = {
        site,
        userAgent: client.userAgent,
        ip: client.ip,
        cookies: { [CENSUS_COOKIE]: client.cookie },
        ...(client.roles ? { roles: client.roles } : {}),
      };
      const viewed = await kit.call('POST', '/api/census/RecordHit', undefined, {
        ...options,
        form: hitForm(site, { url: 'https://shop.example.com/shop/p/lamp', itemId: 'lamp', userAgent: client.userAgent }),
      });
      expect(viewed.statusCode).toBeLessThan(300);
      // A second view by the same visitor is the same visitor.
      await kit.call('POST', '/api/census/RecordHit', undefined, {
        ...options,
        form: hitForm(site, { url: 'https://shop.example.com/shop/p/lamp', itemId: 'lamp', userAgent: client.userAgent }),
      });
      if (!client.adds) continue;
      const cartId = `cart-${client.name}`;
      // The cart's own event counts every add (it cannot tell a crawler from a shopper) ...
      await applyEvent(
        kit.ctx,
        COMMERCE_CONSUMER,
        envelope('commerce.cart.entry-added', site, {
          cartId,
          entryId: randomUUID(),
          itemId: 'lamp',
          variantId: 'v1',
          sku: 'LAMP-1',
          quantity: 1,
          unitPrice: usd('2500'),
        }),
      );
      // ... the tracked AddToCart event passes the same rules as the view.
      const added = await kit.call('POST', '/api/events/RecordEvent', undefined, {
        ...options,
        form: {
          crumb: 'c',
          event: 'AddToCart',
          data: JSON.stringify({ itemId: 'lamp', cartId, sku: 'LAMP-1', quantity: 1, url: 'https://shop.example.com/shop/p/lamp' }),
        },
      });
      expect(added.statusCode).toBeLessThan(300);
    }
    await kit.flush();
    for (const client of clients.filter((c) => c.buys)) {
      await applyEvent(
        kit.ctx,
        COMMERCE_CONSUMER,
        envelope('commerce.order.placed', site, {
          id: randomUUID(),
          kind: 'order',
          purchasedCartId: `cart-${client.name}`,
          testMode: false,
          websiteId: site,
          items: [{ sku: 'LAMP-1', productName: 'Brass Lamp', quantity: 2, unitPrice: usd('2500'), itemId: 'lamp' }],
          grandTotal: usd('5000'),
          shippingTotal: usd('0'),
          taxTotal: usd('0'),
        }),
      );
    }
    const response = await kit.call('GET', `/api/census/reports/funnel?from=${today()}&to=${today()}`, undefined, {
      site,
      roles: [Role.REPORTING],
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // Four shoppers viewed, two of them added, one of them bought.
    expect(report.totals).toEqual({ views: 4, addsToCart: 2, purchases: 1 });
    expect(report.rates).toEqual({ addToCart: 0.5, purchase: 0.5 });
    expect(report.products).toEqual([
      { productId: 'lamp', title: 'Brass Lamp', views: 4, addsToCart: 2, purchases: 1, purchasedQuantity: 8 },
    ]);
  });

  it('never counts an add without a view, or a purchase without an add, by the same visitor', async () => {
    const site = `${kit.site}-b`;
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'bowl', 'Bowl', 'BOWL-1'));
    const as = (cookie: string) => ({ site, cookies: { [CENSUS_COOKIE]: cookie } });
    // One visitor views; a different one adds (it came straight from an ad to the cart); a cart nobody tracked is bought.
    await kit.call('POST', '/api/census/RecordHit', undefined, {
      ...as('viewer-only-1234'),
      form: hitForm(site, { url: 'https://shop.example.com/shop/p/bowl', itemId: 'bowl' }),
    });
    await kit.call('POST', '/api/events/RecordEvent', undefined, {
      ...as('adder-only-12345'),
      form: { crumb: 'c', event: 'AddToCart', data: JSON.stringify({ itemId: 'bowl', cartId: 'k1' }) },
    });
    await kit.flush();
    await applyEvent(
      kit.ctx,
      COMMERCE_CONSUMER,
      envelope('commerce.order.placed', site, {
        id: randomUUID(),
        kind: 'order',
        purchasedCartId: 'k1',
        testMode: false,
        websiteId: site,
        items: [{ sku: 'BOWL-1', productName: 'Bowl', quantity: 1, unitPrice: usd('900') }],
        grandTotal: usd('900'),
        shippingTotal: usd('0'),
        taxTotal: usd('0'),
      }),
    );
    const report = (
      await kit.call('GET', `/api/census/reports/funnel?from=${today()}&to=${today()}`, undefined, { site, roles: [Role.REPORTING] })
    ).json();
    expect(report.totals).toEqual({ views: 1, addsToCart: 0, purchases: 0 });
    expect(report.rates).toEqual({ addToCart: 0, purchase: 0 });
  });

  it('counts a test-mode sale apart: in the funnel and sales only with testOrders=include (issue 36)', async () => {
    const site = `${kit.site}-t`;
    await applyEvent(kit.ctx, CONTENT_CONSUMER, product(site, 'apron', 'Linen Apron', 'APRON-S'));
    const as = { site, cookies: { [CENSUS_COOKIE]: 'test-buyer-12345' } };
    await kit.call('POST', '/api/census/RecordHit', undefined, {
      ...as,
      form: hitForm(site, { url: 'https://shop.example.com/shop/p/apron', itemId: 'apron' }),
    });
    await kit.call('POST', '/api/events/RecordEvent', undefined, {
      ...as,
      form: { crumb: 'c', event: 'AddToCart', data: JSON.stringify({ itemId: 'apron', cartId: 't1' }) },
    });
    await kit.flush();
    await applyEvent(
      kit.ctx,
      COMMERCE_CONSUMER,
      envelope('commerce.order.placed', site, {
        id: randomUUID(),
        kind: 'order',
        purchasedCartId: 't1',
        testMode: true,
        websiteId: site,
        items: [{ sku: 'APRON-S', productName: 'Linen Apron', quantity: 1, unitPrice: usd('3000'), itemId: 'apron' }],
        grandTotal: usd('3486'),
        shippingTotal: usd('600'),
        taxTotal: usd('0'),
      }),
    );
    const read = async (report: string, testOrders?: string) =>
      (
        await kit.call(
          'GET',
          `/api/census/reports/${report}?from=${today()}&to=${today()}${testOrders ? `&testOrders=${testOrders}` : ''}`,
          undefined,
          { site, roles: [Role.REPORTING] },
        )
      ).json();
    expect((await read('funnel')).totals).toEqual({ views: 1, addsToCart: 1, purchases: 0 });
    expect((await read('funnel', 'exclude')).totals).toEqual({ views: 1, addsToCart: 1, purchases: 0 });
    const withTests = await read('funnel', 'include');
    expect(withTests.totals).toEqual({ views: 1, addsToCart: 1, purchases: 1 });
    expect(withTests.rates).toEqual({ addToCart: 1, purchase: 1 });
    expect(withTests.products).toEqual([
      { productId: 'apron', title: 'Linen Apron', views: 1, addsToCart: 1, purchases: 1, purchasedQuantity: 1 },
    ]);
    expect((await read('sales')).totals).toEqual([]);
    expect((await read('sales', 'include')).totals).toEqual([
      { currency: 'USD', orders: 1, revenue: usd('3486'), averageOrderValue: usd('3486') },
    ]);
  });
});
