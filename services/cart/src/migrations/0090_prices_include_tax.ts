// Issue 36: a store's prices may include tax (VAT-style). The store keeps the setting; an order
// keeps whether its tax was part of the prices, so its receipt says "incl. $X tax" and its grand
// total was not raised by it, whatever the setting says later.
import type { Kysely, Migration } from 'kysely';

export const m0090PricesIncludeTax: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('store_rules')
      .addColumn('prices_include_tax', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('tax_included', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
