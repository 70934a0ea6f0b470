// Money rules and order reads (issue 19).
// - coupons.combinable: the owner lets a code join other combinable codes on one order (a cart
//   otherwise holds one code).
// - coupons.usage_limit / times_used: how many orders may use a code and how many did; checkout
//   takes a use with a conditional UPDATE, and the CHECK is the last line should a query forget it.
// - orders.receipt_token: 128 random bits that let whoever holds them read the order (the
//   confirmation page, the receipt email's link). Older orders have none: only their buyer and
//   the site's owner read them.
// - orders.coupon_codes: the codes whose uses an order took, given back if its payment fails.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0006CouponLimitsReceiptTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('coupons')
      .addColumn('combinable', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit IS NULL OR usage_limit >= 1`))
      .addColumn('times_used', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`times_used >= 0`),
      )
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('receipt_token', 'text')
      .addColumn('coupon_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
};
