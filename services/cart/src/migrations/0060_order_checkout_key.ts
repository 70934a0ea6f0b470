// orders.checkout_key: the Idempotency-Key of the checkout that made the order. A checkout whose
// answer was lost after its order was paid (the connection went while the answer was written or
// the order read back) gives its key back with a 503; the buyer's retry with the key then finds
// the paid order by it and answers it, instead of checking out a cart that is already bought.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0060OrderCheckoutKey: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('checkout_key', 'text').execute();
    await db.schema
      .createIndex('orders_checkout_key')
      .on('orders')
      .columns(['website_id', 'checkout_key'])
      .where(sql.ref('checkout_key'), 'is not', null)
      .execute();
  },
};
