// The outbox-driven mailer shared by services that send mail (forms, restock, identity): mail is
// enqueued in the transaction of the change that causes it and delivered by a relay, over SMTP
// when SMTP_URL is set and to a local mailbox table otherwise.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { loadMailConfig, type MailEnv } from './config.js';
import type { MailTables } from './mail.table.js';
import { MailRelay } from './relay.js';
import { smtpSender, type SmtpSender } from './smtp.js';

export { MailEnv, loadMailConfig } from './config.js';
export { enqueueMail, type OutgoingMail } from './enqueue.js';
export { mailMigration } from './mail.migration.js';
export type { MailStatus, MailTables } from './mail.table.js';
export { listMailbox, mailStats, type MailboxEntry, type MailStats } from './mailbox.js';
export { MailRelay, type MailRelayOptions } from './relay.js';
export { smtpSender, type SmtpMessage, type SmtpSender } from './smtp.js';
export { escapeHtml, renderMail, type MailBlock, type MailBrand, type MailContent, type RenderedMail } from './template.js';
export { failedMail, resendMail, type FailedMail } from './failed.js';

export interface MailerOptions {
  /** Defaults to the environment (SMTP_URL, MAIL_FROM, MAIL_BATCH_SIZE, MAIL_SEND_INTERVAL_MS). */
  config?: Omit<MailEnv, 'MAIL_LOG_LOCAL'> & { MAIL_LOG_LOCAL?: boolean };
  /** An SMTP sender to use instead of one made from SMTP_URL (tests, other providers). */
  smtp?: SmtpSender;
  /** Keep the relay stopped (tests deliver by hand with deliverBatch). */
  autoStart?: boolean;
  pollMs?: number;
}

/**
 * Makes the mail relay of a service and ties it to the app's life: it starts when the app is
 * ready and stops (finishing its batch) when the app closes.
 */
export function installMailer(app: FastifyInstance, db: Kysely<MailTables>, logger: Logger, options: MailerOptions = {}): MailRelay {
  const config = options.config ?? loadMailConfig();
  const smtp = options.smtp ?? (config.SMTP_URL ? smtpSender(config.SMTP_URL) : undefined);
  const relay = new MailRelay({
    db,
    logger,
    from: config.MAIL_FROM,
    batchSize: config.MAIL_BATCH_SIZE,
    intervalMs: config.MAIL_SEND_INTERVAL_MS,
    logLocal: config.MAIL_LOG_LOCAL ?? false,
    ...(smtp ? { smtp } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  app.addHook('onReady', async () => {
    if (options.autoStart !== false) relay.start();
  });
  app.addHook('onClose', async () => {
    await relay.stop();
  });
  return relay;
}
