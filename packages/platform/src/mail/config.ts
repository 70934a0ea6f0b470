// The mailer's configuration, read once at boot: SMTP_URL selects SMTP (nodemailer); without it
// mail is delivered to the local mailbox table. The batch size and the pause between batches let
// a site stay under its SMTP provider's sending rate.
import { z } from 'zod';
import { loadConfig, optional } from '../config.js';

const smtpUrl = z.string().refine((v) => /^smtps?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL');

export const MailEnv = z.object({
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: z.string().min(3).max(256).default('Website <no-reply@localhost>'),
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /** Pause between two batches (0: none). */
  MAIL_SEND_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Without SMTP_URL, also log (as a warning: it was not sent) each mail's recipient, subject and
   * links (on by default): the owner
   * of a local install follows the sign-up or password-reset link from the terminal. A deployment
   * with SMTP never logs mail; one without it may set 0 to keep links out of its logs.
   */
  MAIL_LOG_LOCAL: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});
export type MailEnv = z.infer<typeof MailEnv>;

/** Reads the mailer's variables from the environment (a bad value stops the process). */
export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailEnv {
  return loadConfig(MailEnv, env);
}
