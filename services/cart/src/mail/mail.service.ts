// The shop's mail as use cases: the local mailbox, mail that could not be delivered (and its
// resend, which wakes the relay), and the site a preview is written for.
import { failedMail, listMailbox, resendMail, type MailRelay, type MailTables, withTables } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';
import { siteOfMail } from '../orders/index.js';

export class MailService {
  readonly #db: Kysely<CartDB>;
  readonly #relay: MailRelay;
  /** PUBLIC_URL: the scheme and port of the links in the previews. */
  readonly #publicUrl: string | undefined;

  constructor(db: Kysely<CartDB>, relay: MailRelay, publicUrl?: string) {
    this.#db = db;
    this.#relay = relay;
    this.#publicUrl = publicUrl;
  }

  get #mail(): Kysely<MailTables> {
    return withTables<MailTables>(this.#db);
  }

  mailbox(websiteId: string, query: Parameters<typeof listMailbox>[2]) {
    return listMailbox(this.#mail, websiteId, query);
  }

  failed(websiteId: string) {
    return failedMail(this.#mail, websiteId);
  }

  /** Queues a failed mail again; false when there is no such mail. */
  async resend(websiteId: string, mailId: string): Promise<boolean> {
    if (!(await resendMail(this.#mail, websiteId, mailId))) return false;
    this.#relay.poke();
    return true;
  }

  site(websiteId: string) {
    return siteOfMail(this.#db, websiteId, this.#publicUrl);
  }
}
