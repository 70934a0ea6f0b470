// The admin's figures and files as use cases: the Home's summary (three grouped queries at once)
// and the export pages.
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';
import {
  inventoryExportPage,
  orderExportPage,
  ordersToFulfil,
  salesWindows,
  stockAlerts,
  type InventoryExportKey,
  type OrdersExportFilter,
} from './admin.repository.js';

export class AdminService {
  readonly #db: Kysely<CartDB>;

  constructor(db: Kysely<CartDB>) {
    this.#db = db;
  }

  async summary(websiteId: string, at: { today: Date; weekStart: Date; previousStart: Date }) {
    const [sales, fulfil, stock] = await Promise.all([
      salesWindows(this.#db, websiteId, at),
      ordersToFulfil(this.#db, websiteId),
      stockAlerts(this.#db, websiteId),
    ]);
    return { sales, fulfil, stock };
  }

  orderExportPage(websiteId: string, filter: OrdersExportFilter, after: number | undefined, limit: number) {
    return orderExportPage(this.#db, websiteId, filter, after, limit);
  }

  inventoryExportPage(websiteId: string, after: InventoryExportKey | undefined, limit: number) {
    return inventoryExportPage(this.#db, websiteId, after, limit);
  }
}
