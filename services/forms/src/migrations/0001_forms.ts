import { sql, type Kysely, type Migration } from 'kysely';

// Cursor keys are millisecond ISO strings: columns paged on keep millisecond precision so a key
// names its row exactly (Postgres would otherwise keep microseconds and pages would repeat rows).
const MS_TIMESTAMP = sql`timestamptz(3)`;

export const m0001Forms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('forms')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('forms_pk', ['website_id', 'id'])
      .execute();

    await db.schema
      .createTable('submission_keys')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('submission_keys_expiry').on('submission_keys').column('expires_at').execute();

    await db.schema
      .createTable('submissions')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('page_title', 'text')
      .addColumn('page_id', 'text')
      .addColumn('content_source', 'text')
      .addColumn('page_path', 'text')
      .addColumn('page_permission_type_value', 'integer')
      .addColumn('created_at', MS_TIMESTAMP, (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('submissions_form').on('submissions').columns(['website_id', 'form_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('subscribers')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('confirm_token_hash', 'text', (c) => c.unique())
      .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('confirm_sent_at', 'timestamptz')
      .addColumn('created_at', MS_TIMESTAMP, (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('confirmed_at', 'timestamptz')
      .addColumn('unsubscribed_at', 'timestamptz')
      .addUniqueConstraint('subscribers_email', ['website_id', 'form_id', 'email_normalized'])
      .execute();
  },
};
