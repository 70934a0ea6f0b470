// The local mailbox: the restock mail sent and its delivery figures, as the platform's mailer
// recorded them.
import { listMailbox, mailStats, type MailTables } from '@sc/platform';
import type { Kysely } from 'kysely';

export class MailboxService {
  readonly #db: Kysely<MailTables>;

  constructor(db: Kysely<MailTables>) {
    this.#db = db;
  }

  list(websiteId: string, query: Parameters<typeof listMailbox>[2]) {
    return listMailbox(this.#db, websiteId, query);
  }

  stats(websiteId: string) {
    return mailStats(this.#db, websiteId, 'restock.notification');
  }
}
