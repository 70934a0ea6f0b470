// Checkouts that finish or roll back when their process dies (issue 39):
// - idempotency_keys.lease_until / lease_owner: the request working on a key renews a lease of a
//   few seconds; a key whose lease ran out (its request died) is taken over by the buyer's retry
//   instead of answering 409 until the key expires a day later. The owner fences the dead
//   request's late writes out.
// - orders.lease_until: a pending order of a checkout is held only as long as its checkout lives
//   (a Stripe order that opened its intent: as long as the buyer may pay); past it, the sweeper
//   releases its stock, coupon uses and gift-card amount. Found by the partial index.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0050CheckoutLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'timestamptz').execute();
    await db.schema.alterTable('idempotency_keys').addColumn('lease_owner', 'text').execute();
    await db.schema.alterTable('orders').addColumn('lease_until', 'timestamptz').execute();
    await db.schema
      .createIndex('orders_pending_lease')
      .on('orders')
      .column('lease_until')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
};
