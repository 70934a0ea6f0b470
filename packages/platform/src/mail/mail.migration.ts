// The mailer's tables; a service that sends mail lists this migration among its own.
import { sql, type Kysely, type Migration } from 'kysely';

export const mailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('sent_at', 'timestamptz')
      .addColumn('message_id', 'text')
      .execute();
    await db.schema
      .createIndex('mail_outbox_pending')
      .on('mail_outbox')
      .columns(['created_at', 'id'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createTable('mailbox')
      .addColumn('mail_id', 'uuid', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      // Millisecond precision: the mailbox is paged by millisecond cursor keys.
      .addColumn('delivered_at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('mailbox_website').on('mailbox').columns(['website_id', 'delivered_at', 'mail_id']).execute();
  },
};
