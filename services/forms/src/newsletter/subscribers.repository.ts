// Newsletter subscribers of a newsletter form, with hashed confirm and unsubscribe tokens.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterPosition, decodeCursor, toPage, type Page } from '@sc/platform';
import { iso, isoOrNull } from '../domain/time.js';
import type { Db } from '../tables.js';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface SubscriberView {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  language: string | null;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** A new pending signup: its address, language and the hashes of its two mailed tokens. */
export interface PendingSignup {
  id: string;
  websiteId: string;
  formId: string;
  email: string;
  language: string | null;
  confirmToken: string;
  unsubscribeToken: string;
}

const SCOPE = 'subscribers';

export class SubscribersRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): SubscribersRepository {
    return new SubscribersRepository(trx);
  }

  /** The address's subscription to the form, locked for the caller's transaction. */
  async findForUpdate(websiteId: string, formId: string, emailNormalized: string) {
    return this.db
      .selectFrom('subscribers')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('form_id', '=', formId)
      .where('email_normalized', '=', emailNormalized)
      .forUpdate()
      .executeTakeFirst();
  }

  async findByConfirmToken(token: string) {
    return this.db.selectFrom('subscribers').selectAll().where('confirm_token_hash', '=', hashToken(token)).executeTakeFirst();
  }

  async findByUnsubscribeToken(token: string) {
    return this.db.selectFrom('subscribers').selectAll().where('unsubscribe_token_hash', '=', hashToken(token)).executeTakeFirst();
  }

  /** Makes an existing subscription pending again with new tokens (its language kept when none is given). */
  async renewPending(id: string, confirmToken: string, unsubscribeToken: string, language: string | null): Promise<void> {
    await this.db
      .updateTable('subscribers')
      .set({
        status: 'pending',
        confirm_token_hash: hashToken(confirmToken),
        unsubscribe_token_hash: hashToken(unsubscribeToken),
        confirm_sent_at: sql<Date>`now()`,
        language,
      })
      .where('id', '=', id)
      .execute();
  }

  async insertPending(signup: PendingSignup): Promise<void> {
    await this.db
      .insertInto('subscribers')
      .values({
        id: signup.id,
        website_id: signup.websiteId,
        form_id: signup.formId,
        email: signup.email,
        email_normalized: signup.email.toLowerCase(),
        status: 'pending',
        language: signup.language,
        confirm_token_hash: hashToken(signup.confirmToken),
        unsubscribe_token_hash: hashToken(signup.unsubscribeToken),
        confirm_sent_at: new Date(),
        confirmed_at: null,
        unsubscribed_at: null,
      })
      .execute();
  }

  async setStatus(id: string, status: 'confirmed' | 'unsubscribed'): Promise<void> {
    await this.db
      .updateTable('subscribers')
      .set(
        status === 'confirmed'
          ? { status, confirmed_at: sql<Date>`now()`, confirm_token_hash: null }
          : { status, unsubscribed_at: sql<Date>`now()`, confirm_token_hash: null },
      )
      .where('id', '=', id)
      .execute();
  }

  async list(websiteId: string, formId: string, options: { cursor?: string; limit: number }): Promise<Page<SubscriberView>> {
    let query = this.db.selectFrom('subscribers').selectAll().where('website_id', '=', websiteId).where('form_id', '=', formId);
    if (options.cursor) query = query.where(afterPosition('created_at', 'id', decodeCursor(options.cursor, SCOPE, 'timestamp'), 'desc'));
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit + 1)
      .execute();
    return toPage(rows, options.limit, (row) => ({ key: iso(row.created_at), id: row.id }), {
      scope: SCOPE,
      map: (row) => ({
        id: row.id,
        email: row.email,
        status: row.status,
        language: row.language,
        createdAt: iso(row.created_at),
        confirmedAt: isoOrNull(row.confirmed_at),
        unsubscribedAt: isoOrNull(row.unsubscribed_at),
      }),
    });
  }
}
