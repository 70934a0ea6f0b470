// Kysely queries on site users. Functions take the database or the caller's transaction.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { IdentityDB, SiteUsersTable } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;
export type SiteUserRow = Selectable<SiteUsersTable>;

/** The website's site user with this (normalised) email. */
export async function findSiteUserByEmail(db: Db, websiteId: string, email: string): Promise<SiteUserRow | undefined> {
  return db.selectFrom('site_users').selectAll().where('website_id', '=', websiteId).where('email', '=', email).executeTakeFirst();
}

/** The website's site user with this id. */
export async function findSiteUserById(db: Db, websiteId: string, id: string): Promise<SiteUserRow | undefined> {
  return db.selectFrom('site_users').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** Inserts the user; undefined when the email is taken on this website. */
export async function insertSiteUser(
  db: Db,
  user: { id: string; websiteId: string; email: string; name: string | null; passwordHash: string; verified?: boolean },
): Promise<SiteUserRow | undefined> {
  return db
    .insertInto('site_users')
    .values({
      id: user.id,
      website_id: user.websiteId,
      email: user.email,
      name: user.name,
      language: null,
      password_hash: user.passwordHash,
      // Made by a mailed sign-up link: the address is proven.
      ...(user.verified ? { email_verified_at: sql<Date>`now()` } : {}),
    })
    .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Stores the user's language; false when the website has no such user. */
export async function setSiteUserLanguage(db: Db, websiteId: string, id: string, language: string): Promise<boolean> {
  const row = await db
    .updateTable('site_users')
    .set({ language, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
