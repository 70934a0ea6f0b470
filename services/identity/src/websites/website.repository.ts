// Kysely queries on the websites read model and the owner's memberships on them.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDB } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;

/**
 * Stores what content announced about a website, unless a later change is stored already (events
 * may arrive late or twice): the row keeps the newest announcement.
 */
export async function upsertWebsite(
  db: Db,
  website: { id: string; title: string; domains: readonly string[]; changedAt: Date },
): Promise<void> {
  await db
    .insertInto('websites')
    .values({ id: website.id, title: website.title, domains: JSON.stringify(website.domains), changed_at: website.changedAt })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          title: (eb) => eb.ref('excluded.title'),
          domains: (eb) => eb.ref('excluded.domains'),
          changed_at: (eb) => eb.ref('excluded.changed_at'),
        })
        .where('websites.changed_at', '<=', (eb) => eb.ref('excluded.changed_at')),
    )
    .execute();
}

export interface MembershipRow {
  website_id: string;
  role: number;
  title: string | null;
  domains: string[] | null;
}

/** One row per (website, role) the owner holds, with what is known of the website; by title, then id. */
export async function membershipsOf(db: Db, ownerId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom('website_roles')
    .leftJoin('websites', 'websites.id', 'website_roles.website_id')
    .select(['website_roles.website_id', 'website_roles.role', 'websites.title', 'websites.domains'])
    .where('website_roles.owner_id', '=', ownerId)
    .orderBy(sql`lower(coalesce(websites.title, website_roles.website_id))`)
    .orderBy('website_roles.website_id')
    .orderBy('website_roles.role')
    .execute();
}

/** Stores a hand-off token's hash. */
export async function insertHandoff(
  db: Db,
  handoff: { tokenHash: string; ownerId: string; websiteId: string; remember: boolean; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('owner_handoffs')
    .values({
      token_hash: handoff.tokenHash,
      owner_id: handoff.ownerId,
      website_id: handoff.websiteId,
      remember: handoff.remember,
      expires_at: handoff.expiresAt,
    })
    .execute();
}

/**
 * Takes a live hand-off of this website out of the table (one statement, so two redemptions of
 * the same token cannot both succeed); undefined when there is none.
 */
export async function takeHandoff(
  db: Db,
  tokenHash: string,
  websiteId: string,
): Promise<{ owner_id: string; remember: boolean } | undefined> {
  return db
    .deleteFrom('owner_handoffs')
    .where('token_hash', '=', tokenHash)
    .where('website_id', '=', websiteId)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['owner_id', 'remember'])
    .executeTakeFirst();
}

/** Drops hand-offs past their expiry. */
export async function deleteExpiredHandoffs(db: Db): Promise<void> {
  await db
    .deleteFrom('owner_handoffs')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
