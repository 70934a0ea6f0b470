// Kysely queries on API keys. Keys never reach this layer: only their SHA-256.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ApiKeysTable, IdentityDB } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Stores a new key (its hash and prefix only). */
export async function insertApiKey(
  db: Db,
  key: { id: string; websiteId: string; ownerId: string; name: string; prefix: string; keyHash: string; scopes: readonly string[] },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      id: key.id,
      website_id: key.websiteId,
      owner_id: key.ownerId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      scopes: JSON.stringify(key.scopes),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The website's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Db, websiteId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('website_id', '=', websiteId).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** The unrevoked key of this website with this hash. */
export async function findActiveApiKey(db: Db, websiteId: string, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('website_id', '=', websiteId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes the key (once); undefined when the website has no such key. */
export async function revokeApiKey(db: Db, websiteId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Records use, at most once a minute per key, so a busy key does not write on every request. */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}
