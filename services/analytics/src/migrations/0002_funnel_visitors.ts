// The product funnel over one population: a row per (day, product, daily visitor hash) that the
// visitor's tracked calls mark viewed, added and purchased. Page views and AddToCart events pass
// the same tracking rules (automated clients, owners and opted-out sites leave no row), and an
// add only marks a visitor who viewed, a purchase only one who added: each step is a subset of
// the one before, so no rate can exceed 100 %. funnel_carts links a cart to the visitors who
// added to it (the AddToCart event carries the cart id), which is how a placed order finds them.
import type { Kysely, Migration } from 'kysely';

export const m0002FunnelVisitors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('funnel_visitors')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .addColumn('added', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('purchased', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('funnel_visitors_pk', ['website_id', 'day', 'product_id', 'visitor_hash'])
      .execute();
    await db.schema.createIndex('funnel_visitors_visitor').on('funnel_visitors').columns(['website_id', 'visitor_hash']).execute();
    await db.schema
      .createTable('funnel_carts')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('cart_id', 'text', (c) => c.notNull())
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addPrimaryKeyConstraint('funnel_carts_pk', ['website_id', 'cart_id', 'visitor_hash'])
      .execute();
  },
};
