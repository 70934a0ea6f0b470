import { sql, type Kysely, type Migration } from 'kysely';

/** The websites read model (from content's events) and the one-time hand-off tokens of the website switcher. */
export const m0002Websites: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('websites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      // When content made the change this row shows: an older event arriving late changes nothing.
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('owner_handoffs')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('owner_handoffs_expires').on('owner_handoffs').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('owner_handoffs').execute();
    await db.schema.dropTable('websites').execute();
  },
};
