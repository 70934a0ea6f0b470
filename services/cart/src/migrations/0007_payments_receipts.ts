// Real payments and the shop's mail.
// - orders.receipt_token (added nullable by 0006, which the checkout fills with 128 random bits):
//   orders made before 0006 get one here too (244 random bits from gen_random_uuid(), a CSPRNG in
//   Postgres and PGlite), so every order has a receipt link and the column is NOT NULL from now on.
// - payment_events: the processor's webhook events handled, by event id; the insert and the state
//   change commit together, so a replayed or duplicated event changes nothing.
// - orders by payment reference (the webhook finds its order) and pending orders by age (holds on
//   stock expire).
// - websites: a read model of the site's title and domain (content's website events), for the
//   name on the shop's mail and the links in it.
// The mail outbox and mailbox tables come from the platform's mail migration (0006).
import { sql, type Kysely, type Migration } from 'kysely';

const randomToken = sql<string>`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export const m0007PaymentsReceipts: Migration = {
  async up(db: Kysely<unknown>) {
    // The query builder, not raw SQL: the migrator puts the service's schema on built queries only.
    const orders = db as Kysely<{ orders: { receipt_token: string | null } }>;
    await orders.updateTable('orders').set({ receipt_token: randomToken }).where('receipt_token', 'is', null).execute();
    await db.schema
      .alterTable('orders')
      .alterColumn('receipt_token', (c) => c.setDefault(randomToken))
      .execute();
    await db.schema
      .alterTable('orders')
      .alterColumn('receipt_token', (c) => c.setNotNull())
      .execute();
    await db.schema
      .createTable('payment_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('websites')
      .addColumn('website_id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('domain', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('orders_payment_reference').on('orders').column('payment_reference').execute();
    await db.schema
      .createIndex('orders_pending_age')
      .on('orders')
      .column('created_at')
      .where(sql<boolean>`status = 'pending'`)
      .execute();
  },
};
