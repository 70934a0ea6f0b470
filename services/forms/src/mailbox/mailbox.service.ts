// The local mailbox: the mail the forms sent (notifications, confirmations), as the platform's
// mailer recorded it.
import { listMailbox, type MailTables } from '@sc/platform';
import type { Kysely } from 'kysely';

export class MailboxService {
  readonly #db: Kysely<MailTables>;

  constructor(db: Kysely<MailTables>) {
    this.#db = db;
  }

  list(websiteId: string, query: Parameters<typeof listMailbox>[2]) {
    return listMailbox(this.#db, websiteId, query);
  }
}
