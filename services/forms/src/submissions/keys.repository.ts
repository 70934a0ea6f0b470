// Submission keys: stored as hashes, valid once and until they expire.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../tables.js';

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

export class KeysRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): KeysRepository {
    return new KeysRepository(trx);
  }

  async insert(websiteId: string, key: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('submission_keys')
      .values({ key_hash: hashKey(key), website_id: websiteId, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Marks the key used if it is this website's, unused and unexpired; false otherwise. Row locks make it once-only under concurrency. */
  async consume(websiteId: string, key: string): Promise<boolean> {
    const row = await this.db
      .updateTable('submission_keys')
      .set({ used_at: sql<Date>`now()` })
      .where('key_hash', '=', hashKey(key))
      .where('website_id', '=', websiteId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('key_hash')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Drops keys that expired a day ago or more (a few at a time, called as keys are issued). */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('submission_keys')
      .where('key_hash', 'in', (eb) =>
        eb
          .selectFrom('submission_keys')
          .select('key_hash')
          .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
          .limit(50),
      )
      .execute();
  }
}
