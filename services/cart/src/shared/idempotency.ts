// Idempotency keys as Stripe has them: the first response to a key is stored and replayed for
// every retry; a retry while the first is still running gets 409; the same key with a different
// request gets 422. The key row is claimed by one INSERT ... ON CONFLICT DO NOTHING, which only
// one of any number of concurrent requests can win (on Postgres and on PGlite alike). Failures
// the caller could not have avoided by retrying (4xx) are stored like successes; a 5xx releases
// the key so that the retry runs again. Keys expire after a day, as Stripe's do: a key used again
// after that is a new request (the claim takes the expired row over in the same statement), and
// expired rows are purged.
//
// A request that dies while it works (its process crashed, its connection went) must not hold its
// key for the day (issue 39): while it works it renews a lease of a few seconds on the row, and a
// retry that finds the lease run out takes the key over and runs the request again (the work is
// written to be run again: checkout releases what a dead run of it held, see
// checkout/checkout.service.ts and payments/payments.service.ts).
// Every later write of a request names the owner it claimed as, so a request that was only slow,
// not dead, cannot overwrite the answer of the one that took over. A 409 that says the request is
// still being worked on is an answer to retry, so it is not stored either.
import { createHash, randomUUID } from 'node:crypto';
import { CommerceMessages } from '@sc/contracts';
import { AppError, isUnavailableError } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';
import { cartFailure } from './errors.js';

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a key's request may go without renewing its lease before a retry takes the key over. */
export const IDEMPOTENCY_LEASE_MS = 10_000;

/** Runs of the statement that writes a key's answer when its connection is lost (about 1.5 s in all). */
const SETTLE_ATTEMPTS = 6;

/** Answers that only say "not now": never stored, the key is given back for the retry. */
const RETRYABLE_MESSAGES = new Set<string>([CommerceMessages.idempotencyInProgress, CommerceMessages.paymentInProgress]);

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
  options: { ttlMs?: number; leaseMs?: number; now?: Date } = {},
): Promise<StoredResponse & { replayed: boolean }> {
  const now = options.now ?? new Date();
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const expiredBefore = new Date(now.getTime() - (options.ttlMs ?? IDEMPOTENCY_TTL_MS));
  const owner = randomUUID();
  const leaseUntil = () => new Date(Date.now() + leaseMs);
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      website_id: websiteId,
      key,
      request_hash: hash,
      status_code: null,
      response: null,
      created_at: now,
      lease_until: leaseUntil(),
      lease_owner: owner,
    })
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'key'])
        .doUpdateSet({
          request_hash: hash,
          status_code: null,
          response: null,
          created_at: now,
          lease_until: leaseUntil(),
          lease_owner: owner,
        })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', expiredBefore),
            // Taken over: its request died with the same request (a different one is a 422 below).
            eb.and([
              eb('idempotency_keys.status_code', 'is', null),
              eb('idempotency_keys.request_hash', '=', hash),
              eb.or([eb('idempotency_keys.lease_until', 'is', null), eb('idempotency_keys.lease_until', '<', now)]),
            ]),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) throw cartFailure(409, CommerceMessages.idempotencyInProgress);
    if (row.request_hash !== hash) throw cartFailure(422, CommerceMessages.idempotencyMismatch);
    if (row.status_code === null) throw cartFailure(409, CommerceMessages.idempotencyInProgress);
    return { status: row.status_code, body: row.response, replayed: true };
  }
  const mine = () =>
    db.updateTable('idempotency_keys').where('website_id', '=', websiteId).where('key', '=', key).where('lease_owner', '=', owner);
  // The lease is renewed at a third of its length, so two renewals may be late before it runs out.
  const heartbeat = setInterval(
    () => {
      mine()
        .set({ lease_until: leaseUntil() })
        .execute()
        .catch(() => undefined);
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  // Writing the answer (or giving the key back) is tried again when its connection was lost: the
  // work is done (an order may be paid), and a lost answer would leave the buyer's retries with 409
  // until the lease ran out and then run the work again on a cart already bought. Both statements
  // are safe to repeat (same values, this owner's row only). The lease is renewed meanwhile.
  const settle = async (statement: () => Promise<unknown>) => {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await statement();
          return;
        } catch (error) {
          if (attempt >= SETTLE_ATTEMPTS || !isUnavailableError(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    } finally {
      clearInterval(heartbeat);
    }
  };
  const store = (response: StoredResponse) =>
    settle(() =>
      mine()
        .set({ status_code: response.status, response: JSON.stringify(response.body), lease_until: null })
        .execute(),
    );
  let result: StoredResponse;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && !RETRYABLE_MESSAGES.has(error.message)) {
      await store({ status: error.status, body: error.toJSON() });
    } else {
      await settle(() =>
        db
          .deleteFrom('idempotency_keys')
          .where('website_id', '=', websiteId)
          .where('key', '=', key)
          .where('lease_owner', '=', owner)
          .execute(),
      );
    }
    throw error;
  }
  await store(result);
  return { ...result, replayed: false };
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

  readonly #leaseMs: number;

  constructor(db: Kysely<CartDB>, options: { ttlMs?: number; leaseMs?: number } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.#leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  }

  once(websiteId: string, key: string, hash: string, work: () => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
    return once(this.#db, websiteId, key, hash, work, { ttlMs: this.#ttlMs, leaseMs: this.#leaseMs });
  }
}
