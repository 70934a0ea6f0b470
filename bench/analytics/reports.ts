// bench/analytics/reports: owner reports over a generated month of traffic. About a million
// records (page views and heartbeats of 20,000 visitors a day on 500 pages, performance records,
// events, census interactions, client errors) go through the service's batch writer, the same
// path the ingestion buffer flushes through, and some thousands of commerce and forms events
// through its consumers; then every report is asked for the whole month (and traffic by hour)
// and timed. Real Postgres in a fresh database.
//   node --conditions=@sc/source --import tsx bench/analytics/reports.ts
//   BENCH_RECORDS=1000000 BENCH_DATABASE_URL=postgres://... (defaults)
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Role, type EventEnvelope } from '@sc/contracts';
import { loadConfig, serviceEnv, signIdentity, type ServiceContext } from '@sc/platform';
import {
  applyEvent,
  buildApp,
  COMMERCE_CONSUMER,
  CONTENT_CONSUMER,
  FORMS_CONSUMER,
  type AnalyticsDB,
  type AnalyticsHandle,
} from '../../services/analytics/src/index.js';
import type { IngestRecord } from '../../services/analytics/src/ingest/records.js';

const TARGET = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAYS = 30;
const DAY = 86_400_000;
const BATCH = 5_000;
const REPEAT = 5;

/** A small deterministic generator, so runs are comparable. */
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** Skewed choice: low indexes far more often (top pages, top referrers). */
const skewed = <T>(items: readonly T[]): T => items[Math.floor(random() ** 3 * items.length)]!;

const database = `sc_bench_reports_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const key = randomBytes(32).toString('base64url');
const config = loadConfig(serviceEnv(0), { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', IDENTITY_SIGNING_KEY: key, PORT: '0' });
const app = await buildApp({ config, limits: { purgeIntervalMs: 3_600_000 * 24 } });
await app.ready();
const analytics = app.analytics as AnalyticsHandle;
const ctx = app.serviceContext as unknown as ServiceContext<AnalyticsDB>;
const site = `bench_${Date.now().toString(36)}`;
const out: string[] = [];

try {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const first = today - DAYS * DAY;
  const paths = Array.from({ length: 500 }, (_, i) => (i < 200 ? `/shop/p/product-${i}` : `/page-${i}`));
  const referrers = [
    'google.com',
    'bing.com',
    'facebook.com',
    'instagram.com',
    'news.example.org',
    ...Array.from({ length: 45 }, (_, i) => `blog-${i}.example.net`),
  ];
  const devices = ['desktop', 'desktop', 'desktop', 'phone', 'phone', 'tablet'];
  const metrics = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
  const names = [
    'CommerceShopping_VisitPDP',
    'AddToCart',
    'ViewCart',
    'RemoveFromCart',
    'ReviewsTab',
    'RelatedProductClick',
    'AccessDeniedPageView',
    'VideoListsPageView',
  ];
  const forms = Array.from({ length: 10 }, (_, i) => `form-${i}`);

  // The catalogue, as content would announce it.
  const event = (type: string, data: unknown, occurredAt: number): EventEnvelope => ({
    id: randomUUID(),
    type,
    websiteId: site,
    occurredAt: new Date(occurredAt).toISOString(),
    data,
  });
  for (let i = 0; i < 200; i++) {
    await applyEvent(
      ctx,
      CONTENT_CONSUMER,
      event(
        'content.product.upserted',
        {
          productId: `product-${i}`,
          collectionId: 'shop',
          version: 1,
          title: `Product ${i}`,
          urlId: `product-${i}`,
          fullUrl: `/shop/p/product-${i}`,
          productType: 1,
          currency: 'USD',
          status: 'published',
          publishOn: null,
          visible: true,
          variantOptionOrdering: [],
          variants: [
            {
              id: `v${i}`,
              sku: `SKU-${i}`,
              attributes: {},
              optionValues: [],
              priceMoney: { value: '2500', currency: 'USD' },
              salePriceMoney: null,
              onSale: false,
              qtyInStock: 10,
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
        first,
      ),
    );
  }

  const started = Date.now();
  let written = 0;
  let pending: IngestRecord[] = [];
  const push = async (record: IngestRecord) => {
    pending.push(record);
    if (pending.length >= BATCH) {
      await analytics.writer.write(pending);
      written += pending.length;
      pending = [];
    }
  };
  const perDay = Math.ceil(TARGET / DAYS);
  for (let d = 0; d < DAYS; d++) {
    const dayStart = first + d * DAY;
    const visitors = Array.from({ length: 20_000 }, () => randomBytes(16).toString('hex'));
    for (let i = 0; i < perDay; i++) {
      // Each day's records in time order, as a live buffer would hand them over.
      const at = dayStart + Math.floor((i / perDay) * DAY);
      const visitor = pick(visitors);
      const r = random();
      const device = pick(devices);
      if (r < 0.7) {
        const path = skewed(paths);
        await push({
          kind: 'hit',
          websiteId: site,
          receivedAt: at,
          eventType: random() < 0.93 ? 1 : 10,
          path,
          title: null,
          referrerHost: random() < 0.3 ? skewed(referrers) : null,
          itemId: path.startsWith('/shop/p/') ? path.slice('/shop/p/'.length) : null,
          collectionId: null,
          pageType: null,
          device,
          visitorHash: visitor,
          viewportWidth: 1280,
          viewportHeight: 800,
          screenWidth: 1920,
          screenHeight: 1080,
          locale: 'en-US',
          templateId: 't1',
          clientDate: at,
        });
      } else if (r < 0.85) {
        const metric = pick(metrics);
        await push({
          kind: 'perf',
          websiteId: site,
          receivedAt: at,
          pageLoadId: randomUUID(),
          path: skewed(paths),
          metric,
          value: metric === 'CLS' ? random() * 0.4 : 50 + random() * 5000,
          device,
        });
      } else if (r < 0.93) {
        await push({
          kind: 'event',
          websiteId: site,
          receivedAt: at,
          source: random() < 0.5 ? 'record-event' : 'provider',
          name: skewed(names),
          data: '{"productId":"product-1"}',
          path: skewed(paths),
          visitorHash: visitor,
        });
      } else if (r < 0.98) {
        const formRender = random() < 0.5;
        await push({
          kind: 'interaction',
          websiteId: site,
          receivedAt: at,
          interaction: formRender ? 'form-render' : 'button-click',
          target: formRender ? pick(forms) : `block-${Math.floor(random() * 30)}`,
          label: null,
          path: skewed(paths),
          visitorHash: visitor,
        });
      } else {
        const n = Math.floor(random() ** 2 * 40);
        await push({
          kind: 'error',
          websiteId: site,
          receivedAt: at,
          fingerprint: `fp-${n}`,
          name: 'TypeError',
          message: `Error number ${n}`,
          stack: 'TypeError\n    at f (https://shop.example.com/app.js:1:1)',
          source: 'https://shop.example.com/app.js',
          line: 1,
          column: 1,
          path: skewed(paths),
          device,
          caught: false,
        });
      }
    }
  }
  if (pending.length > 0) {
    await analytics.writer.write(pending);
    written += pending.length;
  }
  const writeMs = Date.now() - started;

  // Commerce and forms events through the consumers.
  const eventsStarted = Date.now();
  let consumed = 0;
  for (let d = 0; d < DAYS; d++) {
    const dayStart = first + d * DAY;
    for (let i = 0; i < 150; i++) {
      const product = Math.floor(random() ** 2 * 200);
      await applyEvent(
        ctx,
        COMMERCE_CONSUMER,
        event(
          'commerce.cart.entry-added',
          {
            cartId: `c${i}`,
            entryId: randomUUID(),
            itemId: `product-${product}`,
            variantId: `v${product}`,
            sku: `SKU-${product}`,
            quantity: 1,
            unitPrice: { value: '2500', currency: 'USD' },
          },
          dayStart + i * 500_000,
        ),
      );
      consumed++;
      if (i % 4 === 0) {
        await applyEvent(
          ctx,
          COMMERCE_CONSUMER,
          event(
            'commerce.order.placed',
            {
              id: randomUUID(),
              kind: 'order',
              purchasedCartId: `c${i}`,
              testMode: false,
              websiteId: site,
              items: [
                { sku: `SKU-${product}`, productName: `Product ${product}`, quantity: 1, unitPrice: { value: '2500', currency: 'USD' } },
              ],
              grandTotal: { value: '2500', currency: 'USD' },
              shippingTotal: { value: '0', currency: 'USD' },
              taxTotal: { value: '0', currency: 'USD' },
            },
            dayStart + i * 500_000 + 1000,
          ),
        );
        consumed++;
      }
      if (i % 3 === 0) {
        await applyEvent(
          ctx,
          FORMS_CONSUMER,
          event(
            'forms.submission.saved',
            { submissionId: randomUUID(), formId: pick(forms), formType: 1, pageId: null, pagePath: '/contact', contentSource: null },
            dayStart + i * 500_000,
          ),
        );
        consumed++;
      }
    }
  }
  const eventsMs = Date.now() - eventsStarted;
  out.push(
    `seeded ${written} records in ${(writeMs / 1000).toFixed(1)} s (${((writeMs * 1000) / written).toFixed(1)} µs per record, batches of ${BATCH}),` +
      ` ${consumed} bus events in ${(eventsMs / 1000).toFixed(1)} s`,
  );

  const from = new Date(first).toISOString().slice(0, 10);
  const to = new Date(today - DAY).toISOString().slice(0, 10);
  const ask = async (path: string) => {
    const requestId = randomUUID();
    const headers = {
      'x-website-id': site,
      'x-request-id': requestId,
      ...signIdentity(
        { v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: 'bench', roles: [Role.REPORTING] },
        key,
      ),
    };
    const t = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url: path, headers });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return ms;
  };
  let worst = 0;
  for (const [name, query] of [
    ['traffic', ''],
    ['traffic', '&interval=hour'],
    ['pages', ''],
    ['referrers', ''],
    ['devices', ''],
    ['funnel', ''],
    ['sales', ''],
    ['forms', ''],
    ['errors', ''],
    ['vitals', ''],
    ['events', ''],
  ] as const) {
    const path = `/api/census/reports/${name}?from=${from}&to=${to}${query}`;
    await ask(path);
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) times.push(await ask(path));
    times.sort((a, b) => a - b);
    worst = Math.max(worst, times[times.length - 1]!);
    out.push(
      `${`${name}${query}`.padEnd(24)} median ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(7)} ms   max ${times[times.length - 1]!.toFixed(1).padStart(7)} ms`,
    );
  }
  const rollupRows = await admin.query('select 1').then(async () => {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const rows = await db.query<{ table: string; n: number }>(
      `select 'page_daily' as table, count(*)::int as n from analytics.page_daily union all select 'vitals_daily', count(*)::int from analytics.vitals_daily union all select 'hits', count(*)::int from analytics.hits`,
    );
    await db.end();
    return rows.rows.map((r) => `${r.table} ${r.n}`).join(', ');
  });
  out.push(`rows: ${rollupRows}`, `goal: every report under 200 ms (worst seen ${worst.toFixed(1)} ms)`);
  if (worst >= 200) process.exitCode = 1;
} finally {
  await app.close();
  process.stdout.write(`\nbench/analytics/reports (${DAYS} days, ${new Date().toISOString()})\n${out.join('\n')}\n`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (process.env.BENCH_KEEP) process.stdout.write(`kept database ${database}, website ${site}\n`);
  else await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
}
