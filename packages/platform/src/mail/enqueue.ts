// Enqueuing a mail in the caller's transaction: the mail exists exactly when the change that
// causes it commits (a signup marked notified, a subscriber created). The idempotency key makes
// a second enqueue of the same mail a no-op, whoever tries and however often.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { MailTables } from './mail.table.js';
import { withTables } from '../database/tables.js';

export interface OutgoingMail {
  /** Unique per mail that must be sent at most once, e.g. `restock:<signupId>`. */
  idempotencyKey: string;
  websiteId: string;
  /** What the mail is (restock.notification, newsletter.confirm...), for the mailbox and logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Writes `mail` to the mail outbox; returns false when a mail with its key was enqueued before. */
export async function enqueueMail<DB extends MailTables>(trx: Kysely<DB> | Transaction<DB>, mail: OutgoingMail): Promise<boolean> {
  // Kysely's table types are invariant; the service's schema has these tables (mailMigration).
  const own = withTables<MailTables>(trx);
  const inserted = await own
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      idempotency_key: mail.idempotencyKey,
      website_id: mail.websiteId,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: 'pending',
      last_error: null,
      claimed_until: null,
      sent_at: null,
      message_id: null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
