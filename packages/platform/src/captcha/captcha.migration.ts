// The built-in captcha's table; a service that verifies captchas lists this migration.
import { sql, type Kysely, type Migration } from 'kysely';

export const captchaMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('captcha_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('salt', 'text', (c) => c.notNull())
      .addColumn('difficulty', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('captcha_challenges_expiry').on('captcha_challenges').column('expires_at').execute();
  },
};
