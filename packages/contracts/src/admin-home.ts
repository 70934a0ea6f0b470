// The admin Home's figures: one summary per service, each one request (the Home makes at most one
// request to each service). Each needs the permission of the area it summarises.
import { z } from 'zod';

/** Where "today" starts for the owner (their browser's midnight), as an ISO time within two days of now. */
export const StoreSummaryQuery = z.object({ todayStart: z.iso.datetime({ offset: true }) }).strict();
export type StoreSummaryQuery = z.infer<typeof StoreSummaryQuery>;

/** Paid orders of a window: per currency (money in minor units). */
export const SalesWindow = z.object({
  orders: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), orders: z.number().int(), totalCents: z.number().int() })),
});
export type SalesWindow = z.infer<typeof SalesWindow>;

const Windows = z.object({ today: SalesWindow, last7Days: SalesWindow, previous7Days: SalesWindow });

/** GET /api/commerce/store/summary (store:read). */
export const StoreSummary = z.object({
  /** Live orders (test mode left out): placed and not failed, cancelled or pending. */
  sales: Windows,
  /** Test-mode orders, shown apart. */
  testSales: Windows,
  /** Paid orders (test mode included, counted apart) waiting to be shipped. */
  toFulfil: z.number().int(),
  testToFulfil: z.number().int(),
  /** Tracked variants with 1 to LOW_STOCK_AT left, and with none left. */
  lowStock: z.number().int(),
  soldOut: z.number().int(),
  lowStockAt: z.number().int(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

/** A variant counts as low on stock at this many or fewer. */
export const LOW_STOCK_AT = 3;

/** GET /api/site-users/account/notifications/restock/summary (restock:read). */
export const RestockSummary = z.object({ waiting: z.number().int(), products: z.number().int() });
export type RestockSummary = z.infer<typeof RestockSummary>;

/** GET /api/rest/forms/summary (form-submissions:read): submissions of the last 24 hours and 7 days. */
export const FormsSummary = z.object({ last24Hours: z.number().int(), last7Days: z.number().int() });
export type FormsSummary = z.infer<typeof FormsSummary>;

/** GET /api/content-service/1.0/websites/{websiteId}/comments-summary (comments:moderate). */
export const CommentsSummary = z.object({ toApprove: z.number().int() });
export type CommentsSummary = z.infer<typeof CommentsSummary>;
