// Issue 36: an order keeps the shipping option the buyer chose (its name, and whether it is a
// local pickup), so the confirmation page, the receipt and the admin say "Shipping (Standard)" or
// "Local pickup" rather than a bare amount. Null on orders made before, and on orders that ship nothing.
// And the carrier and tracking number the owner gave when marking it fulfilled, which the buyer's
// account lists with the order.
import type { Kysely, Migration } from 'kysely';

export const m0080OrderShippingMethod: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('shipping_method', 'jsonb').execute();
    await db.schema.alterTable('orders').addColumn('tracking', 'jsonb').execute();
  },
};
