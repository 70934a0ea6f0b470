// Mail that could not be delivered (its attempts ran out): listed for the admin, who can send it
// again. A resend puts the same row back as pending with fresh attempts: the relay delivers it
// once more with the same Message-ID.
import type { Kysely } from 'kysely';
import type { MailTables } from './mail.table.js';

export interface FailedMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/** A website's failed mail, newest first (at most `limit`). */
export async function failedMail(db: Kysely<MailTables>, websiteId: string, limit = 100): Promise<FailedMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'attempts', 'last_error', 'created_at'])
    .where('website_id', '=', websiteId)
    .where('status', '=', 'failed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Puts a failed mail of this website back in the queue; false when there is no such failed mail. */
export async function resendMail(db: Kysely<MailTables>, websiteId: string, mailId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(mailId)) return false;
  const row = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, claimed_until: null })
    .where('id', '=', mailId)
    .where('website_id', '=', websiteId)
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
