// An owner's admin preferences: read one, write one (insert or replace), always by owner, website
// and key together, so one owner's or website's rows never answer for another's.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDB } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;

export interface PreferenceRow {
  value: unknown;
  updated_at: Date;
}

export interface PreferenceScope {
  ownerId: string;
  websiteId: string;
  key: string;
}

export async function findPreference(db: Db, scope: PreferenceScope): Promise<PreferenceRow | undefined> {
  return db
    .selectFrom('owner_preferences')
    .select(['value', 'updated_at'])
    .where('owner_id', '=', scope.ownerId)
    .where('website_id', '=', scope.websiteId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

export async function savePreference(db: Db, scope: PreferenceScope, value: unknown): Promise<PreferenceRow> {
  const json = JSON.stringify(value);
  return db
    .insertInto('owner_preferences')
    .values({ owner_id: scope.ownerId, website_id: scope.websiteId, key: scope.key, value: json })
    .onConflict((oc) => oc.columns(['owner_id', 'website_id', 'key']).doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
    .returning(['value', 'updated_at'])
    .executeTakeFirstOrThrow();
}
