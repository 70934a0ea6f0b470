// Sign-up links that ask for the password (issue 40b, account pre-hijacking): opening a mailed
// link makes the account only with the password chosen at sign-up. Wrong passwords are counted on
// the waiting sign-up; past the limit its row is deleted (the link is spent).
import { sql, type Kysely, type Migration } from 'kysely';

export const m0045SignUpPasswordTries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('account_tokens')
      .addColumn('failed_tries', 'integer', (col) => col.notNull().defaultTo(sql`0`))
      .execute();
  },
};
