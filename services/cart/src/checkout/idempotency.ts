// Idempotency keys as Stripe has them: the first response to a key is stored and replayed for
// every retry; a retry while the first is still running gets 409; the same key with a different
// request gets 422. The key row is claimed by one INSERT ... ON CONFLICT DO NOTHING, which only
// one of any number of concurrent requests can win (on Postgres and on PGlite alike). Failures
// the caller could not have avoided by retrying (4xx) are stored like successes; a 5xx releases
// the key so that the retry runs again. Keys expire after a day, as Stripe's do: a key used again
// after that is a new request (the claim takes the expired row over in the same statement), and
// expired rows are purged.
import { createHash } from 'node:crypto';
import { CommerceMessages } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';
import { cartFailure } from '../cart/errors.js';

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

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
  options: { ttlMs?: number; now?: Date } = {},
): Promise<StoredResponse & { replayed: boolean }> {
  const now = options.now ?? new Date();
  const expiredBefore = new Date(now.getTime() - (options.ttlMs ?? IDEMPOTENCY_TTL_MS));
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ website_id: websiteId, key, request_hash: hash, status_code: null, response: null, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'key'])
        .doUpdateSet({ request_hash: hash, status_code: null, response: null, created_at: now })
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
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

/** Deletes the keys older than the TTL; answers how many. */
export async function purgeExpiredKeys(db: Kysely<CartDB>, options: { ttlMs?: number; now?: Date } = {}): Promise<number> {
  const expiredBefore = new Date((options.now ?? new Date()).getTime() - (options.ttlMs ?? IDEMPOTENCY_TTL_MS));
  // RETURNING, not the driver's row count: the embedded driver does not report one for DELETE.
  const deleted = await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).returning('key').execute();
  return deleted.length;
}

/** `once` over the service's database with its key TTL: what the routes call. */
export class Idempotency {
  readonly #db: Kysely<CartDB>;
  readonly #ttlMs: number;

  constructor(db: Kysely<CartDB>, options: { ttlMs?: number } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  }

  once(websiteId: string, key: string, hash: string, work: () => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
    return once(this.#db, websiteId, key, hash, work, { ttlMs: this.#ttlMs });
  }
}
