// Websites made by owners (issue 34): the starting design a website was made from (or switched
// to), the owner who made it (the per-owner limit counts these), and when it was deleted (hidden
// at once, purged 30 days later, restorable before). A domain is served only once verified: the
// `<slug>.<BASE_DOMAIN>` address and the seed's domains are verified when written, a custom
// domain when its token is found (DNS TXT or HTTP).
import { sql, type Kysely, type Migration } from 'kysely';

export const m0020WebsiteDesigns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('websites')
      .addColumn('design', 'text')
      .addColumn('created_by', 'text')
      .addColumn('deleted_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('websites_created_by').on('websites').columns(['created_by', 'created_at']).execute();
    await db.schema
      .alterTable('website_domains')
      .addColumn('verified_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
      .addColumn('verification_token', 'text')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('custom'))
      .execute();
  },
};
