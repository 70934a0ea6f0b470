// Refunds, subscription renewals and owner-issued gift cards.
// - orders.refunded_cents: what refunds have taken or are taking from the order (a refund reserves
//   its amount here under the order's row lock, so concurrent refunds never pass the total).
// - refunds: one row per refund (pending while the provider is asked; succeeded or failed after).
// - subscription_renewals: one row per subscription and billing cycle. The unique key is how
//   replicas agree on who bills a cycle: only one INSERT of it can succeed.
// - subscriptions.payment_method: the provider's reusable token for renewals (never card data).
// - gift_cards.recipient_email and note: for gift cards the owner issues.
// - seq on gift cards and subscriptions: a stable newest-first order for the owner's lists.
// - idempotency_keys by age: expired keys are purged.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0004RefundsRenewals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
      .addColumn('card_cents', 'integer', (c) => c.notNull())
      .addColumn('gift_card_cents', 'integer', (c) => c.notNull())
      .addColumn('restocked', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('reason', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_reference', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id', 'created_at']).execute();

    await db.schema
      .alterTable('subscriptions')
      .addColumn('payment_method', 'text')
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriptions_website').on('subscriptions').columns(['website_id', 'seq']).execute();
    await db.schema.createIndex('subscriptions_order').on('subscriptions').column('order_id').execute();
    await db.schema
      .createIndex('subscriptions_due')
      .on('subscriptions')
      .column('next_billing_at')
      .where(sql<boolean>`status = 'active'`)
      .execute();
    await db.schema
      .createTable('subscription_renewals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id'))
      .addColumn('cycle', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('subscription_renewals_cycle', ['subscription_id', 'cycle'])
      .execute();
    await db.schema.createIndex('subscription_renewals_order').on('subscription_renewals').column('order_id').execute();
    await db.schema
      .createIndex('subscription_renewals_charging')
      .on('subscription_renewals')
      .column('claimed_at')
      .where(sql<boolean>`status = 'charging'`)
      .execute();

    await db.schema
      .alterTable('gift_cards')
      .addColumn('recipient_email', 'text')
      .addColumn('note', 'text')
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gift_cards_website').on('gift_cards').columns(['website_id', 'seq']).execute();
    await db.schema.createIndex('gift_cards_order').on('gift_cards').column('order_id').execute();

    await db.schema.createIndex('idempotency_keys_age').on('idempotency_keys').column('created_at').execute();
    await db.schema.createIndex('orders_website_number').on('orders').columns(['website_id', 'order_number']).execute();
  },
};
