// GET /api/commerce/store/summary: the store's figures on the admin Home in one request: sales
// today, over the last 7 days and the 7 days before (live and test mode apart), orders waiting to
// be shipped, and tracked variants low on stock or sold out. Two grouped queries over indexed
// columns; nothing per order or per product.
import { AppError, ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { LOW_STOCK_AT, Permission, StoreSummary, StoreSummaryQuery, type SalesWindow } from '@sc/contracts';
import type { CartModule } from '../module.js';

const DAY_MS = 86_400_000;

export function summaryRoutes(app: ZodApp, parts: Pick<CartModule, 'admin'>): void {
  app.get(
    '/api/commerce/store/summary',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's figures for the admin Home in one request",
        querystring: StoreSummaryQuery,
        response: { 200: StoreSummary },
      },
    }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const todayStart = Date.parse(request.query.todayStart);
      if (Math.abs(todayStart - Date.now()) > 2 * DAY_MS)
        throw new AppError('BAD_REQUEST', 'todayStart must be within two days of now.', {
          fields: { todayStart: 'Not within two days of now.' },
        });
      const { sales, fulfil, stock } = await parts.admin.summary(websiteId, {
        today: new Date(todayStart),
        weekStart: new Date(todayStart - 6 * DAY_MS),
        previousStart: new Date(todayStart - 13 * DAY_MS),
      });
      const windows = (testMode: boolean) => {
        const rows = sales.filter((r) => r.test_mode === testMode);
        const window = (
          orders: 'todayOrders' | 'weekOrders' | 'previousOrders',
          cents: 'todayCents' | 'weekCents' | 'previousCents',
        ): SalesWindow => {
          const totals = rows
            .filter((r) => Number(r[orders]) > 0)
            .map((r) => ({ currency: r.currency, orders: Number(r[orders]), totalCents: Number(r[cents]) }));
          return { orders: totals.reduce((n, t) => n + t.orders, 0), totals };
        };
        return {
          today: window('todayOrders', 'todayCents'),
          last7Days: window('weekOrders', 'weekCents'),
          previous7Days: window('previousOrders', 'previousCents'),
        };
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
    },
  );
}
