// Reading the local mailbox (the admin's view of mail delivered without SMTP) and counting mail.
import type { Kysely } from 'kysely';
import { afterPosition, decodeCursor, toPage, type Page } from '../pagination.js';
import type { MailTables } from './mail.table.js';

export interface MailboxEntry {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  deliveredAt: string;
}

const SCOPE = 'mailbox';

/** One page of a website's mailbox, newest first; `kind` narrows it to one kind of mail. */
export async function listMailbox(
  db: Kysely<MailTables>,
  websiteId: string,
  options: { cursor?: string; limit: number; kind?: string; to?: string },
): Promise<Page<MailboxEntry>> {
  let query = db.selectFrom('mailbox').selectAll().where('website_id', '=', websiteId);
  if (options.kind) query = query.where('kind', '=', options.kind);
  if (options.to) query = query.where('to_address', '=', options.to);
  if (options.cursor) {
    const position = decodeCursor(options.cursor, SCOPE, 'timestamp');
    query = query.where(afterPosition('delivered_at', 'mail_id', position, 'desc'));
  }
  const rows = await query
    .orderBy('delivered_at', 'desc')
    .orderBy('mail_id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return toPage(rows, options.limit, (row) => ({ key: new Date(row.delivered_at).toISOString(), id: row.mail_id }), {
    scope: SCOPE,
    map: (row) => ({
      id: row.mail_id,
      kind: row.kind,
      from: row.from_address,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      deliveredAt: new Date(row.delivered_at).toISOString(),
    }),
  });
}

export interface MailStats {
  pending: number;
  sent: number;
  failed: number;
  /** Mails in the local mailbox. */
  delivered: number;
}

/** How a website's mail stands: in the outbox by status, and delivered to the local mailbox. */
export async function mailStats(db: Kysely<MailTables>, websiteId: string, kind?: string): Promise<MailStats> {
  let outbox = db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('status');
  if (kind) outbox = outbox.where('kind', '=', kind);
  let mailbox = db
    .selectFrom('mailbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('website_id', '=', websiteId);
  if (kind) mailbox = mailbox.where('kind', '=', kind);
  const [rows, delivered] = await Promise.all([outbox.execute(), mailbox.executeTakeFirstOrThrow()]);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: count('pending'), sent: count('sent'), failed: count('failed'), delivered: Number(delivered.n) };
}
