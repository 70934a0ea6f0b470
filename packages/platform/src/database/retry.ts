// A transaction whose connection was lost before it committed changed nothing: Postgres rolled it
// back when the connection went. Running it again on a fresh connection of the pool is safe as
// long as its work does nothing but database statements, which is the rule for every transaction
// here (no provider call is ever made inside one: see checkout.service.ts). A connection lost
// during COMMIT leaves the outcome unknown, so that one is never run again: it fails with 503.
import type { Kysely, Transaction } from 'kysely';
import { isUnavailableError } from '../errors.js';

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** Told each time a lost connection is retried (a metric). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/** Runs `work` in a transaction, again (up to `attempts` runs) when its connection was lost before COMMIT. */
export async function transactionRetryingLostConnection<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx);
        committing = true;
        return result;
      });
    } catch (error) {
      if (committing || attempt >= attempts || !isUnavailableError(error)) throw error;
      options.onRetry?.(error, attempt);
      // A short pause: a pool whose connections all died reconnects meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}
