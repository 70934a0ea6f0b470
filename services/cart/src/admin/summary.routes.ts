// GET /api/commerce/store/summary: the store's figures on the admin Home in one request: sales
// today, over the last 7 days and the 7 days before (live and test mode apart), orders waiting to
// be shipped, and tracked variants low on stock or sold out. Two grouped queries over indexed
// columns; nothing per order or per product.
import { AppError, ownerRoute, websiteIdOf, type ServiceContext, type ZodApp } from '@sc/platform';
import { LOW_STOCK_AT, Permission, StoreSummary, StoreSummaryQuery, type SalesWindow } from '@sc/contracts';
import { sql } from 'kysely';
import type { CartDB } from '../tables.js';

const DAY_MS = 86_400_000;
/** Orders that were paid for: what the owner sold. */
export const SOLD_STATUSES = ['paid', 'fulfilled', 'partially-refunded'] as const;
/** Orders paid and not yet shipped (nor wholly refunded or cancelled). */
export const TO_FULFIL_STATUSES = ['paid', 'partially-refunded'] as const;

const count = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`count(*) filter (where ${condition})::int8`;
const sum = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`coalesce(sum(grand_total_cents) filter (where ${condition}), 0)::int8`;

export function summaryRoutes(app: ZodApp, ctx: ServiceContext<CartDB>): void {
  app.get('/api/commerce/store/summary', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's figures for the admin Home in one request", querystring: StoreSummaryQuery, response: { 200: StoreSummary } } }), async (request) => {
    const websiteId = websiteIdOf(request);
    const todayStart = Date.parse(request.query.todayStart);
    if (Math.abs(todayStart - Date.now()) > 2 * DAY_MS) throw new AppError('BAD_REQUEST', 'todayStart must be within two days of now.', { fields: { todayStart: 'Not within two days of now.' } });
    const today = new Date(todayStart);
    const weekStart = new Date(todayStart - 6 * DAY_MS);
    const previousStart = new Date(todayStart - 13 * DAY_MS);
    const inToday = sql<boolean>`created_at >= ${today}`;
    const inWeek = sql<boolean>`created_at >= ${weekStart}`;
    const inPrevious = sql<boolean>`created_at < ${weekStart}`;
    const [sales, fulfil, stock] = await Promise.all([
      ctx.db
        .selectFrom('orders')
        .select(['test_mode', 'currency', count(inToday).as('todayOrders'), sum(inToday).as('todayCents'), count(inWeek).as('weekOrders'), sum(inWeek).as('weekCents'), count(inPrevious).as('previousOrders'), sum(inPrevious).as('previousCents')])
        .where('website_id', '=', websiteId)
        .where('created_at', '>=', previousStart)
        .where('status', 'in', [...SOLD_STATUSES])
        .groupBy(['test_mode', 'currency'])
        .orderBy('currency')
        .execute(),
      ctx.db
        .selectFrom('orders')
        .select(['test_mode', sql<number>`count(*)::int8`.as('n')])
        .where('website_id', '=', websiteId)
        .where('kind', '=', 'order')
        .where('status', 'in', [...TO_FULFIL_STATUSES])
        .groupBy('test_mode')
        .execute(),
      ctx.db
        .selectFrom('stock as s')
        .innerJoin('products as p', (j) => j.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
        .select([count(sql<boolean>`s.qty <= 0`).as('soldOut'), count(sql<boolean>`s.qty > 0 and s.qty <= ${LOW_STOCK_AT}`).as('lowStock')])
        .where('s.website_id', '=', websiteId)
        .where('s.unlimited', '=', false)
        .where('p.deleted', '=', false)
        .executeTakeFirst(),
    ]);
    const windows = (testMode: boolean) => {
      const rows = sales.filter((r) => r.test_mode === testMode);
      const window = (orders: 'todayOrders' | 'weekOrders' | 'previousOrders', cents: 'todayCents' | 'weekCents' | 'previousCents'): SalesWindow => {
        const totals = rows.filter((r) => Number(r[orders]) > 0).map((r) => ({ currency: r.currency, orders: Number(r[orders]), totalCents: Number(r[cents]) }));
        return { orders: totals.reduce((n, t) => n + t.orders, 0), totals };
      };
      return { today: window('todayOrders', 'todayCents'), last7Days: window('weekOrders', 'weekCents'), previous7Days: window('previousOrders', 'previousCents') };
    };
    const fulfilOf = (testMode: boolean) => Number(fulfil.find((r) => r.test_mode === testMode)?.n ?? 0);
    return {
      sales: windows(false),
      testSales: windows(true),
      toFulfil: fulfilOf(false) + fulfilOf(true),
      testToFulfil: fulfilOf(true),
      lowStock: Number(stock?.lowStock ?? 0),
      soldOut: Number(stock?.soldOut ?? 0),
      lowStockAt: LOW_STOCK_AT,
    };
  });
}
