// Owner reports over rollups kept up to date batch by batch and event by event: traffic by day and
// hour (page views, visits with the 30-minute rule, unique visitors), top pages and referrers,
// devices, the product funnel, sales per currency, form conversion, top errors, web-vital p75s and
// events. The raw rows are then purged and every report still answers the same: nothing is
// recomputed from raw rows at query time. Reports need the analytics:read permission.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { AnalyticsMessages, Role, type EventEnvelope } from '@sc/contracts';
import { applyEvent, COMMERCE_CONSUMER, CONTENT_CONSUMER, FORMS_CONSUMER } from '../src/index.js';
import type { HitRecord, IngestRecord } from '../src/ingest/records.js';
import { suite, today } from './kit.js';
import { KIT_START_TIMEOUT_MS } from '@sc/platform/testing';

const at = (time: string) => Date.parse(`2024-05-${time}Z`);
const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);

const hit = (site: string, visitor: string, time: string, path: string, extra: Partial<HitRecord> = {}): HitRecord => ({
  kind: 'hit',
  websiteId: site,
  receivedAt: at(time),
  eventType: 1,
  path,
  title: null,
  referrerHost: null,
  itemId: null,
  collectionId: null,
  pageType: null,
  device: 'desktop',
  visitorHash: visitor,
  viewportWidth: null,
  viewportHeight: null,
  screenWidth: null,
  screenHeight: null,
  locale: null,
  templateId: null,
  clientDate: null,
  ...extra,
});

const event = (type: string, websiteId: string, data: unknown, occurredAt: string): EventEnvelope => ({
  id: randomUUID(),
  type,
  websiteId,
  occurredAt,
  data,
});
const money = (value: string, currency = 'USD') => ({ value, currency });
// Untyped JSON answers (as JSON.parse gives them): asserting their shape is the point.
type Body = ReturnType<typeof JSON.parse>;

describe('analytics owner reports', () => {
  const kit = suite();
  let site: string;
  const range = 'from=2024-05-10&to=2024-05-11';
  const report = async (name: string, query = range, roles: number[] = [Role.REPORTING]) => {
    const response = await kit.call('GET', `/api/census/reports/${name}?${query}`, undefined, { site, roles });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    site = kit.site;
    const write = (records: IngestRecord[]) => kit.analytics.writer.write(records);
    await applyEvent(kit.ctx, CONTENT_CONSUMER, {
      ...event(
        'content.product.upserted',
        site,
        {
          productId: 'lamp',
          collectionId: 'shop',
          version: 1,
          title: 'Brass Lamp',
          urlId: 'lamp',
          fullUrl: '/shop/p/lamp',
          productType: 1,
          currency: 'USD',
          status: 'published',
          publishOn: null,
          visible: true,
          variantOptionOrdering: [],
          variants: [
            {
              id: 'v1',
              sku: 'LAMP-1',
              attributes: {},
              optionValues: [],
              priceMoney: money('2500'),
              salePriceMoney: null,
              onSale: false,
              qtyInStock: 5,
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
        },
        '2024-05-01T00:00:00Z',
      ),
    });
    // Two batches: the rollups grow with each, and visits span them.
    await write([
      hit(site, A, '10T10:00:00', '/', { referrerHost: 'google.com' }),
      hit(site, B, '10T10:05:00', '/shop/p/lamp', { device: 'phone', itemId: 'lamp' }),
      hit(site, B, '10T10:06:00', '/shop/p/other', { device: 'phone', itemId: 'not-a-product', eventType: 10 }),
    ]);
    await write([
      hit(site, A, '10T10:10:00', '/shop'),
      hit(site, A, '10T10:20:00', '/shop', { eventType: 10 }),
      hit(site, A, '10T11:00:00', '/shop'),
      hit(site, C, '11T09:00:00', '/about', { device: 'tablet', referrerHost: 'news.example.org' }),
      {
        kind: 'interaction',
        websiteId: site,
        receivedAt: at('10T10:07:00'),
        interaction: 'quick-view',
        target: 'lamp',
        label: null,
        path: null,
        visitorHash: B,
      },
      // B adds the lamp to cart 'c' (the orders below are of that cart): the funnel's one visitor.
      {
        kind: 'event',
        websiteId: site,
        receivedAt: at('10T10:07:30'),
        source: 'record-event',
        name: 'AddToCart',
        data: JSON.stringify({ itemId: 'lamp', cartId: 'c' }),
        path: '/shop/p/lamp',
        visitorHash: B,
      },
      ...Array.from({ length: 4 }, (_, i): IngestRecord => ({
        kind: 'interaction',
        websiteId: site,
        receivedAt: at(`10T12:0${i}:00`),
        interaction: 'form-render',
        target: 'contact',
        label: null,
        path: '/contact',
        visitorHash: A,
      })),
      ...['AddToCart', 'AddToCart', 'ViewCart'].map((name): IngestRecord => ({
        kind: 'event',
        websiteId: site,
        receivedAt: at('10T10:30:00'),
        source: 'record-event',
        name,
        data: '{}',
        path: '/shop',
        visitorHash: A,
      })),
      ...['boom', 'boom', 'boom', 'other'].map((fp): IngestRecord => ({
        kind: 'error',
        websiteId: site,
        receivedAt: at('11T08:00:00'),
        fingerprint: fp,
        name: 'TypeError',
        message: `${fp} happened`,
        stack: null,
        source: 'https://shop.example.com/app.js',
        line: 1,
        column: 1,
        path: '/',
        device: 'desktop',
        caught: false,
      })),
      ...[1000, 2000, 3000, 4000].map((value): IngestRecord => ({
        kind: 'perf',
        websiteId: site,
        receivedAt: at('10T10:00:00'),
        pageLoadId: randomUUID(),
        path: '/',
        metric: 'LCP',
        value,
        device: 'desktop',
      })),
      {
        kind: 'perf',
        websiteId: site,
        receivedAt: at('10T10:00:00'),
        pageLoadId: randomUUID(),
        path: '/',
        metric: 'CLS',
        value: 0.3,
        device: 'phone',
      },
    ]);
    const added = () =>
      event(
        'commerce.cart.entry-added',
        site,
        { cartId: 'c', entryId: randomUUID(), itemId: 'lamp', variantId: 'v1', sku: 'LAMP-1', quantity: 1, unitPrice: money('2500') },
        '2024-05-10T10:08:00Z',
      );
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, added());
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, added());
    const order = (total: string, currency: string) =>
      event(
        'commerce.order.placed',
        site,
        {
          id: randomUUID(),
          kind: 'order',
          purchasedCartId: 'c',
          testMode: false,
          websiteId: site,
          items: [{ sku: 'LAMP-1', productName: 'Brass Lamp', quantity: 1, unitPrice: money(total, currency) }],
          grandTotal: money(total, currency),
          shippingTotal: money('0', currency),
          taxTotal: money('0', currency),
        },
        '2024-05-10T10:09:00Z',
      );
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, order('2500', 'USD'));
    await applyEvent(kit.ctx, COMMERCE_CONSUMER, order('1000', 'EUR'));
    await applyEvent(
      kit.ctx,
      FORMS_CONSUMER,
      event(
        'forms.submission.saved',
        site,
        { submissionId: 's1', formId: 'contact', formType: 1, pageId: null, pagePath: '/contact', contentSource: null },
        '2024-05-10T12:05:00Z',
      ),
    );
  }, KIT_START_TIMEOUT_MS);

  const expectations: Array<[string, string, (body: Body) => void]> = [
    [
      'traffic by day',
      `traffic?${range}`,
      (body) => {
        expect(body.totals).toEqual({ pageViews: 5, visits: 4, visitors: 3 });
        expect(body.series).toEqual([
          { at: '2024-05-10', pageViews: 4, visits: 3, visitors: 2 },
          { at: '2024-05-11', pageViews: 1, visits: 1, visitors: 1 },
        ]);
      },
    ],
    [
      'traffic by hour',
      `traffic?${range}&interval=hour`,
      (body) => {
        expect(body.series).toHaveLength(48);
        expect(body.series[10]).toEqual({ at: '2024-05-10T10:00:00.000Z', pageViews: 3, visits: 2, visitors: 2 });
        expect(body.series[11]).toEqual({ at: '2024-05-10T11:00:00.000Z', pageViews: 1, visits: 1, visitors: 1 });
        expect(body.series[33]).toEqual({ at: '2024-05-11T09:00:00.000Z', pageViews: 1, visits: 1, visitors: 1 });
        expect(body.totals).toEqual({ pageViews: 5, visits: 4, visitors: 3 });
      },
    ],
    [
      'top pages',
      `pages?${range}`,
      (body) =>
        expect(body.pages).toEqual([
          { path: '/shop', views: 2 },
          { path: '/', views: 1 },
          { path: '/about', views: 1 },
          { path: '/shop/p/lamp', views: 1 },
        ]),
    ],
    ['top pages, limited', `pages?${range}&limit=1`, (body) => expect(body.pages).toEqual([{ path: '/shop', views: 2 }])],
    [
      'referrers',
      `referrers?${range}`,
      (body) =>
        expect(body.referrers).toEqual([
          { host: 'google.com', views: 1 },
          { host: 'news.example.org', views: 1 },
        ]),
    ],
    [
      'devices',
      `devices?${range}`,
      (body) =>
        expect(body.devices).toEqual([
          { device: 'desktop', pageViews: 3, visits: 2, visitors: 1, share: 0.6 },
          { device: 'phone', pageViews: 1, visits: 1, visitors: 1, share: 0.2 },
          { device: 'tablet', pageViews: 1, visits: 1, visitors: 1, share: 0.2 },
        ]),
    ],
    [
      'product funnel',
      `funnel?${range}`,
      (body) => {
        // Visitors: B viewed (a page view and a quick view), added and bought (two orders of its cart).
        expect(body.totals).toEqual({ views: 1, addsToCart: 1, purchases: 1 });
        expect(body.rates).toEqual({ addToCart: 1, purchase: 1 });
        expect(body.products).toEqual([
          { productId: 'lamp', title: 'Brass Lamp', views: 1, addsToCart: 1, purchases: 1, purchasedQuantity: 2 },
        ]);
      },
    ],
    [
      'sales',
      `sales?${range}`,
      (body) => {
        expect(body.totals).toEqual([
          {
            currency: 'EUR',
            orders: 1,
            revenue: { value: '1000', currency: 'EUR' },
            averageOrderValue: { value: '1000', currency: 'EUR' },
          },
          {
            currency: 'USD',
            orders: 1,
            revenue: { value: '2500', currency: 'USD' },
            averageOrderValue: { value: '2500', currency: 'USD' },
          },
        ]);
        expect(body.series).toEqual([
          { day: '2024-05-10', currency: 'EUR', orders: 1, revenue: { value: '1000', currency: 'EUR' } },
          { day: '2024-05-10', currency: 'USD', orders: 1, revenue: { value: '2500', currency: 'USD' } },
        ]);
      },
    ],
    [
      'form conversion',
      `forms?${range}`,
      (body) => expect(body.forms).toEqual([{ formId: 'contact', views: 4, submissions: 1, conversionRate: 0.25 }]),
    ],
    [
      'top errors',
      `errors?${range}`,
      (body) =>
        expect(body.errors).toEqual([
          {
            fingerprint: 'boom',
            name: 'TypeError',
            message: 'boom happened',
            source: 'https://shop.example.com/app.js',
            count: 3,
            lastDay: '2024-05-11',
          },
          {
            fingerprint: 'other',
            name: 'TypeError',
            message: 'other happened',
            source: 'https://shop.example.com/app.js',
            count: 1,
            lastDay: '2024-05-11',
          },
        ]),
    ],
    [
      'web vitals',
      `vitals?${range}`,
      (body) => {
        const lcp = body.metrics.find((m: Body) => m.metric === 'LCP' && m.device === 'all');
        expect(lcp.samples).toBe(4);
        expect(Math.abs(lcp.p75 - 3000) / 3000).toBeLessThan(0.03);
        expect(lcp.rating).toBe('needs-improvement');
        expect(body.metrics.find((m: Body) => m.metric === 'CLS' && m.device === 'phone')).toMatchObject({ samples: 1, rating: 'poor' });
        expect(body.metrics.find((m: Body) => m.metric === 'INP' && m.device === 'all')).toEqual({
          metric: 'INP',
          device: 'all',
          p75: null,
          samples: 0,
          rating: null,
        });
      },
    ],
    [
      'events',
      `events?${range}`,
      (body) => {
        expect(body.events).toEqual([
          { name: 'AddToCart', count: 3 },
          { name: 'ViewCart', count: 1 },
        ]);
        expect(body.interactions).toEqual([
          { kind: 'form-render', target: 'contact', count: 4 },
          { kind: 'quick-view', target: 'lamp', count: 1 },
        ]);
      },
    ],
  ];

  it.each(expectations)('%s', async (_name, query, check) => {
    const [name, rest] = query.split('?') as [string, string];
    check(await report(name, rest));
  });

  it('answers the same after the raw rows are purged (reports read rollups only)', async () => {
    const before = await Promise.all(expectations.map(([, query]) => report(...(query.split('?') as [string, string]))));
    // The rows are from 2024: any purge removes them (another suite's may have already).
    await kit.analytics.purge();
    const left = await kit.db
      .selectFrom('hits')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('website_id', '=', site)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const after = await Promise.all(expectations.map(([, query]) => report(...(query.split('?') as [string, string]))));
    expect(after).toEqual(before);
    for (const [i, [, , check]] of expectations.entries()) check(after[i]);
  });

  it('defaults to the 30 days ending today', async () => {
    const body = await report('traffic', '');
    expect(body.to).toBe(today());
    expect(body.series).toHaveLength(30);
  });

  it('refuses bad ranges with 400', async () => {
    const bad = async (query: string) => {
      const response = await kit.call('GET', `/api/census/reports/traffic?${query}`, undefined, { site, roles: [Role.ADMIN] });
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };
    expect(await bad('from=2024-05-11&to=2024-05-10')).toBe(AnalyticsMessages.rangeReversed);
    expect(await bad('from=2022-01-01&to=2024-01-01')).toBe('The date range can be at most 366 days.');
    expect(await bad('from=2024-01-01&to=2024-03-01&interval=hour')).toBe('Hourly figures are available for at most 31 days at a time.');
    await bad('from=2024-02-30');
    await bad('from=yesterday');
    await bad('interval=week');
    await bad('limit=0');
    await bad('surprise=1');
  });

  it('lets reporting, viewer and admin roles read reports; others get 401 or 403', async () => {
    for (const roles of [[Role.REPORTING], [Role.VIEWER], [Role.ADMIN]]) await report('devices', range, roles);
    expect((await kit.call('GET', `/api/census/reports/devices?${range}`, undefined, { site })).statusCode).toBe(401);
    for (const roles of [[Role.EDITOR], [Role.STORE_MANAGER], [Role.BILLING]]) {
      expect((await kit.call('GET', `/api/census/reports/devices?${range}`, undefined, { site, roles })).statusCode).toBe(403);
    }
  });
});
