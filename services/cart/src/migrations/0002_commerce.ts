// Commerce tables: the product read model (from content events), live stock per variant, cart
// entries, the store's rules, coupons, orders, idempotency keys, gift cards and subscriptions.
// Stock and gift-card balances carry CHECK constraints: the conditional UPDATEs never let them go
// below zero, and the constraint is the last line should a future query forget the condition.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0002Commerce: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('carts')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('cart'))
      .addColumn('coupon_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('shipping_location', 'jsonb')
      .addColumn('shipping_option_id', 'text')
      .execute();
    // Raw statements here would miss the service's schema; the builder's partial indexes do not.
    await db.schema
      .createIndex('carts_open_site_user')
      .on('carts')
      .columns(['website_id', 'site_user_id'])
      .unique()
      .where(sql<boolean>`site_user_id is not null and is_purchased = false and kind = 'cart'`)
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('product_type', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('visible', 'boolean', (c) => c.notNull())
      .addColumn('variant_option_ordering', 'jsonb', (c) => c.notNull())
      .addColumn('is_subscribable', 'boolean', (c) => c.notNull())
      .addColumn('subscription_plan', 'jsonb')
      .addColumn('gift_card_denominations', 'jsonb', (c) => c.notNull())
      .addColumn('additional_fields_form_id', 'text')
      .addColumn('variants', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('products_pk', ['website_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('stock')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty >= 0`))
      .addColumn('unlimited', 'boolean', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_pk', ['website_id', 'product_id', 'variant_id'])
      .execute();

    await db.schema
      .createTable('cart_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9999`))
      // '' when the entry has no additional fields, so that the merge key below is plain equality.
      .addColumn('additional_fields', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // Entries without additional fields merge (one line per item and variant); a line with form
    // answers stays its own line, since two engravings are two different things.
    await db.schema
      .createIndex('cart_entries_merge')
      .on('cart_entries')
      .columns(['cart_id', 'product_id', 'variant_id'])
      .unique()
      .where(sql<boolean>`additional_fields = ''`)
      .execute();
    await db.schema.createIndex('cart_entries_cart').on('cart_entries').columns(['cart_id', 'created_at']).execute();

    await db.schema
      .createTable('store_rules')
      .addColumn('website_id', 'text', (c) => c.primaryKey())
      .addColumn('currency', 'text')
      .addColumn('minimum_order_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('minimum_donation_cents', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('tax_rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('shipping_options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('coupons')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('minimum_subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addPrimaryKeyConstraint('coupons_pk', ['website_id', 'code'])
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'bigserial', (c) => c.notNull())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('cart_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('test_mode', 'boolean', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('shipping_address', 'jsonb')
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('shipping_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('gift_card_cents', 'integer', (c) => c.notNull())
      .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
      .addColumn('gift_card_id', 'text')
      .addColumn('payment_reference', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('orders_website').on('orders').columns(['website_id', 'created_at']).execute();
    // One order per purchased cart, whatever happens to the requests that try to make it.
    await db.schema
      .createIndex('orders_cart')
      .on('orders')
      .column('cart_id')
      .unique()
      .where(sql<boolean>`cart_id is not null and status <> 'payment-failed'`)
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response', 'jsonb')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['website_id', 'key'])
      .execute();

    await db.schema
      .createTable('gift_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('initial_cents', 'integer', (c) => c.notNull())
      .addColumn('balance_cents', 'integer', (c) => c.notNull().check(sql`balance_cents >= 0`))
      .addColumn('order_id', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('gift_cards_code', ['website_id', 'code'])
      .execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('plan', 'jsonb', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('cycles_billed', 'integer', (c) => c.notNull())
      .addColumn('next_billing_at', 'timestamptz')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
