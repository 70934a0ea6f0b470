// The mail relay: takes pending rows of the mail outbox and delivers them.
//
// Local mailbox (no SMTP_URL): a batch is claimed, copied into the mailbox and marked sent in ONE
// transaction, so a crash at any point either delivered and marked the batch or did neither: a
// mail is delivered exactly once, whatever kills the process and however often it restarts.
//
// SMTP: no transaction is held across network I/O (it would pin a pool connection, or in embedded
// mode PGlite's only session). A batch is leased (claimed_until), sent, and each mail marked sent
// right after the server accepts it. A crash between acceptance and marking re-sends that one
// mail after the lease expires, with the same Message-ID, so receiving systems can drop it; no
// other mail is ever sent twice, and a mail is never enqueued twice (its idempotency key).
import { sql, type Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import type { MailTables } from './mail.table.js';
import type { SmtpSender } from './smtp.js';

export interface MailRelayOptions {
  db: Kysely<MailTables>;
  logger: Logger;
  from: string;
  /** Without it mail goes to the local mailbox. */
  smtp?: SmtpSender;
  batchSize?: number;
  /** Pause between batches, to stay under a provider's rate. */
  intervalMs?: number;
  pollMs?: number;
  leaseMs?: number;
  /** After this many failed attempts a mail is marked failed and left for the admin. */
  maxAttempts?: number;
  /** Log each locally delivered mail's recipient, subject and links (MAIL_LOG_LOCAL). */
  logLocal?: boolean;
}

/** The links of a mail's text (where a local install's owner clicks: sign-up, reset, confirm). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** The address part of `Name <address>` or of a bare address, for Message-IDs. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).trim() : 'localhost';
}

export class MailRelay {
  readonly #options: Required<Omit<MailRelayOptions, 'smtp'>> & { smtp?: SmtpSender };
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #poked = false;

  constructor(options: MailRelayOptions) {
    this.#options = { batchSize: 50, intervalMs: 0, pollMs: 500, leaseMs: 60_000, maxAttempts: 8, logLocal: false, ...options };
  }

  /** Where mail goes: 'smtp' or 'local' (the mailbox table). */
  get transport(): 'smtp' | 'local' {
    return this.#options.smtp ? 'smtp' : 'local';
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Asks the relay to look now (after a transaction that enqueued mail commits). */
  poke(): void {
    this.#poked = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    this.#options.smtp?.close();
  }

  /** Delivers one batch; returns how many mails were delivered. */
  async deliverBatch(): Promise<number> {
    return this.#options.smtp ? this.#deliverSmtp(this.#options.smtp) : this.#deliverLocal();
  }

  messageIdOf(mailId: string): string {
    return `<${mailId}@${domainOf(this.#options.from)}>`;
  }

  async #deliverLocal(): Promise<number> {
    const { db, batchSize, from, logLocal, logger } = this.#options;
    const delivered: Array<{ to_address: string; subject: string; kind: string; text_body: string }> = [];
    const count = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      await trx
        .insertInto('mailbox')
        .values(
          rows.map((row) => ({
            mail_id: row.id,
            website_id: row.website_id,
            kind: row.kind,
            from_address: from,
            to_address: row.to_address,
            subject: row.subject,
            text_body: row.text_body,
            html_body: row.html_body,
          })),
        )
        .onConflict((oc) => oc.column('mail_id').doNothing())
        .execute();
      for (const row of rows) {
        await trx
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: sql<Date>`now()`, message_id: this.messageIdOf(row.id), attempts: sql<number>`attempts + 1` })
          .where('id', '=', row.id)
          .execute();
      }
      delivered.push(...rows);
      return rows.length;
    });
    if (logLocal) {
      for (const mail of delivered) {
        const links = linksOf(mail.text_body);
        // A warning: the mail did not reach its recipient (a deployment that meant to send sets SMTP_URL).
        logger.warn(
          { to: mail.to_address, kind: mail.kind, links },
          `mail (no SMTP_URL, kept in the local mailbox) to ${mail.to_address}: ${mail.subject}${links.length ? ` ${links.join(' ')}` : ''}`,
        );
      }
    }
    return count;
  }

  async #deliverSmtp(smtp: SmtpSender): Promise<number> {
    const { db, batchSize, leaseMs, from, maxAttempts, logger } = this.#options;
    const rows = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length > 0) {
        await trx
          .updateTable('mail_outbox')
          .set({ claimed_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
          .where(
            'id',
            'in',
            due.map((r) => r.id),
          )
          .execute();
      }
      return due;
    });
    let sent = 0;
    for (const row of rows) {
      const messageId = this.messageIdOf(row.id);
      try {
        await smtp.send({
          from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
          messageId,
        });
        await db
          .updateTable('mail_outbox')
          .set({
            status: 'sent',
            sent_at: sql<Date>`now()`,
            message_id: messageId,
            claimed_until: null,
            attempts: sql<number>`attempts + 1`,
          })
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, mailId: row.id, attempts }, 'mail delivery failed');
        // Back off 2^attempts seconds (capped) before the next try of this mail.
        const backoffMs = Math.min(2 ** attempts * 1000, 600_000);
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: message.slice(0, 1000),
            status: attempts >= maxAttempts ? 'failed' : 'pending',
            claimed_until: sql`now() + ${`${backoffMs} milliseconds`}::interval`,
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }

  async #run(): Promise<void> {
    const { pollMs, batchSize, intervalMs, logger } = this.#options;
    let failures = 0;
    while (this.#running) {
      this.#poked = false;
      let delivered = 0;
      try {
        delivered = await this.deliverBatch();
        failures = 0;
      } catch (error) {
        failures++;
        if (failures === 1 || failures % 20 === 0) logger.warn({ err: error, failures }, 'mail relay cannot deliver; will retry');
      }
      if (delivered === batchSize && failures === 0) {
        if (intervalMs > 0) await this.#sleep(intervalMs, false);
        continue;
      }
      const wait = failures > 0 ? Math.min(pollMs * 2 ** Math.min(failures - 1, 4), 5_000) : pollMs;
      if (!this.#poked || failures > 0) await this.#sleep(wait, true);
      else if (intervalMs > 0) await this.#sleep(intervalMs, false);
    }
  }

  #sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      // A throttle pause is only cut short by stop(), never by a poke.
      this.#wake = wakeable ? done : () => (this.#running ? undefined : done());
    });
  }
}
