// Issue 36: test-mode orders are counted apart, so the owner of a shop still in test mode can see
// a test sale in the sales report and the funnel (a switch, on by default while the shop is in test
// mode) while the real figures never include them.
import type { Kysely, Migration } from 'kysely';

export const m0040TestOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sales_daily')
      .addColumn('test_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sales_daily')
      .addColumn('test_revenue', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('product_daily')
      .addColumn('test_purchased_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('funnel_visitors')
      .addColumn('test_purchased', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
