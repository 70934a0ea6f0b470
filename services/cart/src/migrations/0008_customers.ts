// The customers read model (the admin's Customers screen), fed by events: commerce.order.placed and
// commerce.order.refunded (cart's own), identity.site-user.created, forms.subscriber.confirmed and
// .unsubscribed, commerce.subscription.ended. customer_orders keeps what each order counts for (refunds name only the order);
// customers is one row per website and email. The erasure log says who erased a customer, when and
// on which website (never the email). Orders paid before this migration are filled in from the
// orders table once, here.
import { sql, type Kysely } from 'kysely';

export const m0008Customers = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('customer_orders')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
      // A subscription order (its first or a renewal): the subscription and whether it still runs.
      .addColumn('subscription_id', 'text')
      .addColumn('subscription_status', 'text')
      .addPrimaryKeyConstraint('customer_orders_pk', ['website_id', 'order_id'])
      .execute();
    await db.schema.createIndex('customer_orders_email').on('customer_orders').columns(['website_id', 'email']).execute();
    await db.schema
      .createTable('customers')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('site_user_id', 'text')
      .addColumn('newsletter', 'text')
      .addColumn('subscription', 'text')
      .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('totals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('first_order_at', 'timestamptz')
      .addColumn('last_order_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('customers_pk', ['website_id', 'email'])
      .execute();
    await db.schema
      .createTable('erasures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // sha256 of "<website>:<email>": lets a replay of older events skip the erased customer
      // without keeping their address (customers/erase.ts).
      .addColumn('email_sha256', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('erasures_email').on('erasures').columns(['website_id', 'email_sha256']).execute();
    await db.schema.createIndex('erasures_website').on('erasures').columns(['website_id', 'requested_at']).execute();
    // Raw statements name the schema (migrations run on the schema-bound Kysely, raw SQL is not).
    await sql`
      insert into cart.customer_orders (website_id, order_id, email, currency, total_cents, refunded_cents, placed_at)
      select website_id, id, lower(email), currency, grand_total_cents, refunded_cents, created_at
        from cart.orders where status in ('paid', 'fulfilled', 'partially-refunded', 'refunded')`.execute(db);
    await sql`
      insert into cart.customers (website_id, email, name, orders, totals, first_order_at, last_order_at)
      select o.website_id, o.email,
             (select (array_agg(x.shipping_address->>'name' order by x.created_at desc) filter (where x.shipping_address is not null))[1]
                from cart.orders x where x.website_id = o.website_id and lower(x.email) = o.email),
             count(*),
             (select coalesce(jsonb_agg(jsonb_build_object('currency', t.currency, 'spentCents', t.spent) order by t.currency), '[]'::jsonb)
                from (select currency, sum(total_cents - refunded_cents) as spent from cart.customer_orders y
                       where y.website_id = o.website_id and y.email = o.email group by currency) t),
             min(o.placed_at), max(o.placed_at)
        from cart.customer_orders o group by o.website_id, o.email`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('erasures').execute();
    await db.schema.dropTable('customers').execute();
    await db.schema.dropTable('customer_orders').execute();
  },
};
