// Comment replies and the end of paid member access (issue 11). A reply names the comment it
// answers (deleted with it); publicCommentCount then counts the approved comments whose parent, if
// any, is approved too. A grant from a subscription's order remembers the subscription, and the
// subscriptions content has heard of are kept with their latest state, so that the cart's
// commerce.subscription.ended takes back exactly what that subscription gave, whatever order the
// events arrive in.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0005RepliesSubscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('comments')
      .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('comments_replies')
      .on('comments')
      .columns(['parent_id'])
      .where(sql<boolean>`parent_id is not null`)
      .execute();

    await db.schema.alterTable('member_grants').addColumn('subscription_id', 'text').execute();
    await db.schema.createIndex('member_grants_subscription').on('member_grants').columns(['website_id', 'subscription_id']).execute();

    await db.schema
      .createTable('member_subscriptions')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_subscriptions_pk', ['website_id', 'subscription_id'])
      .execute();
    await db.schema
      .createIndex('member_subscriptions_user')
      .on('member_subscriptions')
      .columns(['website_id', 'site_user_id', 'status'])
      .execute();
  },
};
