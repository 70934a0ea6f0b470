// The tables of the mailer, in the schema of each service that sends mail: the mail outbox (what
// is to be sent, one row per idempotency key) and the local mailbox (where mail lands when no
// SMTP server is configured, for the admin to read).
import type { Generated } from 'kysely';

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailTables {
  mail_outbox: {
    id: string;
    /** What makes this mail unique, e.g. `restock:<signupId>`: a second enqueue is a no-op. */
    idempotency_key: string;
    website_id: string;
    kind: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: MailStatus;
    attempts: Generated<number>;
    last_error: string | null;
    claimed_until: Date | string | null;
    created_at: Generated<Date>;
    sent_at: Date | string | null;
    message_id: string | null;
  };
  mailbox: {
    mail_id: string;
    website_id: string;
    kind: string;
    from_address: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    delivered_at: Generated<Date>;
  };
}
