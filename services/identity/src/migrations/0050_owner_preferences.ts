// An owner's admin preferences (issue 35): one small JSON value per owner, website and key (which
// columns a table shows, how it sorts). website_id lets the platform purge a deleted website's
// rows; the primary key is the only lookup.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0050OwnerPreferences: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owner_preferences')
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('owner_preferences_pk', ['owner_id', 'website_id', 'key'])
      .execute();
  },
};
