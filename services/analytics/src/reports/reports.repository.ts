// Owner reports read the rollups only (never the raw rows): a month is at most a few thousand
// rollup rows per report, so every report is one or two small grouped queries.
import { sql, type Kysely } from 'kysely';
import {
  WEB_VITAL_METRICS,
  type DevicesReport,
  type ErrorsReport,
  type EventsReport,
  type FormsReport,
  type FunnelReport,
  type ReferrersReport,
  type SalesReport,
  type TopPagesReport,
  type TrafficReport,
  type VitalsReport,
} from '@sc/contracts';
import type { AnalyticsDB } from '../tables.js';
import { dayStart, daysBetween, hoursBetween } from '../domain/dates.js';
import { p75, vitalRating } from '../domain/vitals.js';

export interface ReportRange {
  websiteId: string;
  from: string;
  to: string;
  limit: number;
}

const DAY_MS = 86_400_000;
/** sum() of an integer column is bigint, which both drivers read as a number. */
const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::int8`;
const rate = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

export class ReportsRepository {
  readonly #db: Kysely<AnalyticsDB>;

  constructor(db: Kysely<AnalyticsDB>) {
    this.#db = db;
  }

  async traffic(range: ReportRange, interval: 'day' | 'hour'): Promise<TrafficReport> {
    const { websiteId, from, to } = range;
    const byKey = new Map<string, { pageViews: number; visits: number; visitors: number }>();
    let keys: string[];
    if (interval === 'day') {
      const rows = await this.#db
        .selectFrom('traffic_daily')
        .select([sql<string>`day::text`.as('at'), 'page_views', 'visits', 'visitors'])
        .where('website_id', '=', websiteId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      for (const row of rows) byKey.set(row.at, { pageViews: row.page_views, visits: row.visits, visitors: row.visitors });
      keys = daysBetween(from, to);
    } else {
      const rows = await this.#db
        .selectFrom('traffic_hourly')
        .select(['hour', 'page_views', 'visits', 'visitors'])
        .where('website_id', '=', websiteId)
        .where('hour', '>=', new Date(dayStart(from)))
        .where('hour', '<', new Date(dayStart(to) + DAY_MS))
        .execute();
      for (const row of rows)
        byKey.set(new Date(row.hour).toISOString(), { pageViews: row.page_views, visits: row.visits, visitors: row.visitors });
      keys = hoursBetween(from, to);
    }
    const series = keys.map((at) => ({ at, ...(byKey.get(at) ?? { pageViews: 0, visits: 0, visitors: 0 }) }));
    // Visitors: the daily figures (the hourly ones count a visitor once per hour).
    const daily = interval === 'day' ? series : await this.traffic(range, 'day').then((r) => r.series);
    const totals = {
      pageViews: series.reduce((n, p) => n + p.pageViews, 0),
      visits: series.reduce((n, p) => n + p.visits, 0),
      visitors: daily.reduce((n, p) => n + p.visitors, 0),
    };
    return { from, to, interval, totals, series };
  }

  async pages(range: ReportRange): Promise<TopPagesReport> {
    const rows = await this.#db
      .selectFrom('page_daily')
      .select(['path', total('views').as('views')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('path')
      .orderBy('views', 'desc')
      .orderBy('path')
      .limit(range.limit)
      .execute();
    return { from: range.from, to: range.to, pages: rows };
  }

  async referrers(range: ReportRange): Promise<ReferrersReport> {
    const rows = await this.#db
      .selectFrom('referrer_daily')
      .select(['host', total('views').as('views')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('host')
      .orderBy('views', 'desc')
      .orderBy('host')
      .limit(range.limit)
      .execute();
    return { from: range.from, to: range.to, referrers: rows };
  }

  async devices(range: ReportRange): Promise<DevicesReport> {
    const rows = await this.#db
      .selectFrom('device_daily')
      .select(['device', total('page_views').as('pageViews'), total('visits').as('visits'), total('visitors').as('visitors')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('device')
      .execute();
    const all = rows.reduce((n, r) => n + r.pageViews, 0);
    const devices = (['desktop', 'phone', 'tablet'] as const).map((device) => {
      const row = rows.find((r) => r.device === device);
      const pageViews = row?.pageViews ?? 0;
      return { device, pageViews, visits: row?.visits ?? 0, visitors: row?.visitors ?? 0, share: rate(pageViews, all) };
    });
    return { from: range.from, to: range.to, devices };
  }

  /** The funnel; with `testOrders`, purchases in test-mode orders count too. */
  async funnel(range: ReportRange, testOrders = false): Promise<FunnelReport> {
    const { websiteId, from, to } = range;
    // One population for the three steps (migrations/0002_funnel_visitors.ts): visitors who
    // viewed a product, those of them who added it, those of them who bought it. Counted per
    // product and day, so a rate is a subset over its set and never above 1.
    const count = (condition: string) => sql<number>`count(*) filter (where ${sql.raw(condition)})::int8`;
    const sums = await this.#db
      .selectFrom('funnel_visitors')
      .select([
        'product_id as productId',
        sql<number>`count(*)::int8`.as('views'),
        count('added').as('addsToCart'),
        count(testOrders ? 'added and (purchased or test_purchased)' : 'added and purchased').as('purchases'),
      ])
      .where('website_id', '=', websiteId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('product_id')
      .orderBy('views', 'desc')
      .orderBy('addsToCart', 'desc')
      .orderBy('product_id')
      .execute();
    const shown = sums.slice(0, range.limit);
    const ids = shown.map((p) => p.productId);
    const titles =
      ids.length === 0
        ? []
        : await this.#db
            .selectFrom('products')
            .select(['product_id', 'title'])
            .where('website_id', '=', websiteId)
            .where('product_id', 'in', ids)
            .execute();
    const quantities =
      ids.length === 0
        ? []
        : await this.#db
            .selectFrom('product_daily')
            .select([
              'product_id',
              (testOrders ? sql<number>`(sum(purchased_quantity) + sum(test_purchased_quantity))::int8` : total('purchased_quantity')).as(
                'quantity',
              ),
            ])
            .where('website_id', '=', websiteId)
            .where('day', '>=', from)
            .where('day', '<=', to)
            .where('product_id', 'in', ids)
            .groupBy('product_id')
            .execute();
    const titleOf = new Map(titles.map((t) => [t.product_id, t.title]));
    const quantityOf = new Map(quantities.map((q) => [q.product_id, q.quantity]));
    const products = shown.map((p) => ({
      productId: p.productId,
      title: titleOf.get(p.productId) ?? null,
      views: p.views,
      addsToCart: p.addsToCart,
      purchases: p.purchases,
      purchasedQuantity: quantityOf.get(p.productId) ?? 0,
    }));
    const totals = {
      views: sums.reduce((n, p) => n + p.views, 0),
      addsToCart: sums.reduce((n, p) => n + p.addsToCart, 0),
      purchases: sums.reduce((n, p) => n + p.purchases, 0),
    };
    return {
      from,
      to,
      totals,
      rates: { addToCart: rate(totals.addsToCart, totals.views), purchase: rate(totals.purchases, totals.addsToCart) },
      products,
    };
  }

  /** Orders and revenue by day and currency; with `testOrders`, test-mode orders count too. */
  async sales(range: ReportRange, testOrders = false): Promise<SalesReport> {
    const rows = await this.#db
      .selectFrom('sales_daily')
      .select([
        sql<string>`day::text`.as('day'),
        'currency',
        (testOrders ? sql<number>`orders + test_orders` : sql<number>`orders`).as('orders'),
        (testOrders ? sql<number>`(revenue + test_revenue)::int8` : sql<number>`revenue::int8`).as('revenue'),
      ])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .orderBy('day')
      .orderBy('currency')
      .execute()
      // A day of test orders only has a row of no real ones: left out unless they count.
      .then((all) => all.filter((row) => Number(row.orders) > 0));
    const byCurrency = new Map<string, { orders: number; revenue: number }>();
    for (const row of rows) {
      const sum = byCurrency.get(row.currency) ?? { orders: 0, revenue: 0 };
      sum.orders += row.orders;
      sum.revenue += row.revenue;
      byCurrency.set(row.currency, sum);
    }
    const money = (value: number, currency: string) => ({ value: String(value), currency }) as SalesReport['totals'][number]['revenue'];
    return {
      from: range.from,
      to: range.to,
      totals: [...byCurrency.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, sum]) => ({
          currency,
          orders: sum.orders,
          revenue: money(sum.revenue, currency),
          averageOrderValue: money(sum.orders === 0 ? 0 : Math.round(sum.revenue / sum.orders), currency),
        })),
      series: rows.map((row) => ({ day: row.day, currency: row.currency, orders: row.orders, revenue: money(row.revenue, row.currency) })),
    };
  }

  async forms(range: ReportRange): Promise<FormsReport> {
    const rows = await this.#db
      .selectFrom('form_daily')
      .select(['form_id as formId', total('views').as('views'), total('submissions').as('submissions')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('form_id')
      .orderBy('views', 'desc')
      .orderBy('submissions', 'desc')
      .orderBy('form_id')
      .limit(range.limit)
      .execute();
    return { from: range.from, to: range.to, forms: rows.map((r) => ({ ...r, conversionRate: rate(r.submissions, r.views) })) };
  }

  async errors(range: ReportRange): Promise<ErrorsReport> {
    const rows = await this.#db
      .selectFrom('error_daily')
      .select([
        'fingerprint',
        sql<string>`min(name)`.as('name'),
        sql<string>`min(message)`.as('message'),
        sql<string | null>`min(source)`.as('source'),
        total('count').as('count'),
        sql<string>`max(day)::text`.as('lastDay'),
      ])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('fingerprint')
      .orderBy('count', 'desc')
      .orderBy('fingerprint')
      .limit(range.limit)
      .execute();
    return { from: range.from, to: range.to, errors: rows };
  }

  async vitals(range: ReportRange): Promise<VitalsReport> {
    const rows = await this.#db
      .selectFrom('vitals_daily')
      .select(['metric', 'device', 'bucket', total('count').as('count')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['metric', 'device', 'bucket'])
      .execute();
    const metrics: VitalsReport['metrics'] = [];
    for (const metric of WEB_VITAL_METRICS) {
      for (const device of ['all', 'desktop', 'phone', 'tablet'] as const) {
        const histogram = rows.filter((r) => r.metric === metric && (device === 'all' || r.device === device));
        const samples = histogram.reduce((n, r) => n + r.count, 0);
        if (device !== 'all' && samples === 0) continue;
        const value = p75(metric, histogram);
        metrics.push({ metric, device, p75: value, samples, rating: value === null ? null : vitalRating(metric, value) });
      }
    }
    return { from: range.from, to: range.to, metrics };
  }

  async events(range: ReportRange): Promise<EventsReport> {
    const events = await this.#db
      .selectFrom('event_daily')
      .select(['name', total('count').as('count')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('name')
      .orderBy('count', 'desc')
      .orderBy('name')
      .limit(range.limit)
      .execute();
    const interactions = await this.#db
      .selectFrom('interaction_daily')
      .select(['kind', 'target', total('count').as('count')])
      .where('website_id', '=', range.websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['kind', 'target'])
      .orderBy('count', 'desc')
      .orderBy('kind')
      .orderBy('target')
      .limit(range.limit)
      .execute();
    return { from: range.from, to: range.to, events, interactions: interactions as EventsReport['interactions'] };
  }
}
