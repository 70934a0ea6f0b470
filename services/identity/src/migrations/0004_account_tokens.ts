// Password resets and email verification.
// - account_tokens: single-use tokens mailed to an account's address, stored as their SHA-256 only
//   (a database leak yields no usable link); `purpose` is password-reset or verify-email, `kind`
//   whose account (site-user or owner). used_at makes a token single-use: it is set by one
//   conditional UPDATE, so two uses at once cannot both succeed.
// - site_users.email_verified_at: when the address was proven (null: not yet).
// The mail outbox and mailbox tables come from the platform's mail migration (0003).
import { sql, type Kysely, type Migration } from 'kysely';

export const m0004AccountTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('website_id', 'text')
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('account_tokens_subject')
      .on('account_tokens')
      .columns(['kind', 'subject_id', 'purpose', 'created_at'])
      .execute();
    await db.schema.alterTable('site_users').addColumn('email_verified_at', 'timestamptz').execute();
  },
};
