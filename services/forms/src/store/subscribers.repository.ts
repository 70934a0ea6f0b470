// Newsletter subscribers of a newsletter form, with hashed confirm and unsubscribe tokens.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterPosition, decodeCursor, toPage, type Page } from '@sc/platform';
import type { Db } from './db.js';
import { iso, isoOrNull } from './db.js';

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

export async function findSubscriber(db: Db, websiteId: string, formId: string, emailNormalized: string) {
  return db
    .selectFrom('subscribers')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('form_id', '=', formId)
    .where('email_normalized', '=', emailNormalized)
    .forUpdate()
    .executeTakeFirst();
}

export async function findByConfirmToken(db: Db, token: string) {
  return db.selectFrom('subscribers').selectAll().where('confirm_token_hash', '=', hashToken(token)).executeTakeFirst();
}

export async function findByUnsubscribeToken(db: Db, token: string) {
  return db.selectFrom('subscribers').selectAll().where('unsubscribe_token_hash', '=', hashToken(token)).executeTakeFirst();
}

export async function setStatus(db: Db, id: string, status: 'confirmed' | 'unsubscribed'): Promise<void> {
  await db
    .updateTable('subscribers')
    .set(
      status === 'confirmed'
        ? { status, confirmed_at: sql<Date>`now()`, confirm_token_hash: null }
        : { status, unsubscribed_at: sql<Date>`now()`, confirm_token_hash: null },
    )
    .where('id', '=', id)
    .execute();
}

const SCOPE = 'subscribers';

export async function listSubscribers(db: Db, websiteId: string, formId: string, options: { cursor?: string; limit: number }): Promise<Page<SubscriberView>> {
  let query = db.selectFrom('subscribers').selectAll().where('website_id', '=', websiteId).where('form_id', '=', formId);
  if (options.cursor) query = query.where(afterPosition('created_at', 'id', decodeCursor(options.cursor, SCOPE, 'timestamp'), 'desc'));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
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
