// Comments, likes and member areas (issue 11). Comments and likes go with their item (cascade);
// a collection belongs to one member area at most (the unique index), so "is this page gated"
// is one indexed lookup; grants are unique per area and site user, so a repeated order event or
// owner grant is a no-op.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0003Community: Migration = {
  async up(db: Kysely<unknown>) {
    const now = sql`now()`;
    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_email', 'text')
      .addColumn('site_user_id', 'text')
      .addColumn('owner_id', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    // An item's public thread, oldest first; the moderation queue by status, newest first.
    await db.schema
      .createIndex('comments_thread')
      .on('comments')
      .columns(['website_id', 'item_id', 'status', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('comments_queue').on('comments').columns(['website_id', 'status', 'created_at', 'id']).execute();

    await db.schema
      .createTable('item_likes')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('liker', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('item_likes_pk', ['item_id', 'liker'])
      .execute();

    await db.schema
      .createTable('member_areas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('access', 'text', (c) => c.notNull())
      .addColumn('plan_product_ids', 'jsonb', (c) => c.notNull())
      .addColumn('denied_message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex('member_areas_website').on('member_areas').columns(['website_id', 'created_at', 'id']).execute();
    await db.schema
      .createTable('member_area_collections')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('member_area_id', 'text', (c) => c.notNull().references('member_areas.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_area_collections_pk', ['website_id', 'collection_id'])
      .execute();
    await db.schema
      .createIndex('member_area_collections_area')
      .on('member_area_collections')
      .columns(['member_area_id', 'position'])
      .execute();
    await db.schema
      .createTable('member_grants')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('member_area_id', 'text', (c) => c.notNull().references('member_areas.id').onDelete('cascade'))
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('member_grants_pk', ['member_area_id', 'site_user_id'])
      .execute();
    await db.schema.createIndex('member_grants_user').on('member_grants').columns(['website_id', 'site_user_id']).execute();
  },
};
