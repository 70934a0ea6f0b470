// Sign-up without account probing (issue 40): a sign-up no longer creates the account. It mails a
// link; the account exists once the link is used. Until then the sign-up waits in account_tokens
// (purpose 'sign-up') with what the account will be made of: the address, the name and the
// password's hash (the password chosen in that very sign-up, so that a second sign-up of the same
// address by someone else cannot change the password of the first one's link). subject_id is the
// id the account will get. Using the link deletes the row (and the address's other sign-ups).
import type { Kysely, Migration } from 'kysely';

export const m0040SignUpTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('account_tokens')
      .addColumn('email', 'text')
      .addColumn('name', 'text')
      .addColumn('password_hash', 'text')
      .execute();
    // Sign-up links mailed to an address in the last hour (the mail flood limit).
    await db.schema.createIndex('account_tokens_email').on('account_tokens').columns(['purpose', 'kind', 'email', 'created_at']).execute();
    // "Someone tried to sign up with your address" mails to an address in the last hour (the same limit).
    await db.schema.createIndex('mail_outbox_to_kind').on('mail_outbox').columns(['to_address', 'kind', 'created_at']).execute();
  },
};
