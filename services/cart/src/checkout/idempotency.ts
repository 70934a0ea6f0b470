// Idempotency keys as Stripe has them: the first response to a key is stored and replayed for
// every retry; a retry while the first is still running gets 409; the same key with a different
// request gets 422. The key row is claimed by one INSERT ... ON CONFLICT DO NOTHING, which only
// one of any number of concurrent requests can win (on Postgres and on PGlite alike). Failures
// the caller could not have avoided by retrying (4xx) are stored like successes; a 5xx releases
// the key so that the retry runs again.
import { createHash } from 'node:crypto';
import { CommerceMessages } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { CartDB } from '../cart.table.js';
import { cartFailure } from '../errors.js';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** SHA-256 of a request's identifying parts; card numbers are hashed, never stored. */
export const requestHash = (parts: unknown): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** Runs `work` once per (website, key); every other call with the key gets the stored answer. */
export async function once(
  db: Kysely<CartDB>,
  websiteId: string,
  key: string,
  hash: string,
  work: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ website_id: websiteId, key, request_hash: hash, status_code: null, response: null })
    .onConflict((oc) => oc.columns(['website_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const row = await db.selectFrom('idempotency_keys').selectAll().where('website_id', '=', websiteId).where('key', '=', key).executeTakeFirst();
    if (!row) throw cartFailure(409, CommerceMessages.idempotencyInProgress);
    if (row.request_hash !== hash) throw cartFailure(422, CommerceMessages.idempotencyMismatch);
    if (row.status_code === null) throw cartFailure(409, CommerceMessages.idempotencyInProgress);
    return { status: row.status_code, body: row.response, replayed: true };
  }
  let result: StoredResponse;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await store(db, websiteId, key, { status: error.status, body: error.toJSON() });
    } else {
      await db.deleteFrom('idempotency_keys').where('website_id', '=', websiteId).where('key', '=', key).execute();
    }
    throw error;
  }
  await store(db, websiteId, key, result);
  return { ...result, replayed: false };
}

async function store(db: Kysely<CartDB>, websiteId: string, key: string, response: StoredResponse): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: response.status, response: JSON.stringify(response.body) })
    .where('website_id', '=', websiteId)
    .where('key', '=', key)
    .execute();
}
