// Kysely queries on owner accounts and their roles on websites.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { IdentityDB, OwnersTable } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;
export type OwnerRow = Selectable<OwnersTable>;

/** The owner account with this (normalised) email. */
export async function findOwnerByEmail(db: Db, email: string): Promise<OwnerRow | undefined> {
  return db.selectFrom('owners').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The owner account with this id. */
export async function findOwnerById(db: Db, id: string): Promise<OwnerRow | undefined> {
  return db.selectFrom('owners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the account; undefined when the email is taken. */
export async function insertOwner(
  db: Db,
  owner: { id: string; email: string; name: string | null; passwordHash: string },
): Promise<OwnerRow | undefined> {
  return db
    .insertInto('owners')
    .values({ id: owner.id, email: owner.email, name: owner.name, password_hash: owner.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The owner's roles on a website, ascending; empty when not a member. */
export async function rolesOf(db: Db, websiteId: string, ownerId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('website_roles')
    .select('role')
    .where('website_id', '=', websiteId)
    .where('owner_id', '=', ownerId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

export interface MemberRow {
  owner_id: string;
  email: string;
  name: string | null;
  role: number;
}

/** One row per (member, role) of a website, ordered by email then role. */
export async function memberRows(db: Db, websiteId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('website_roles')
    .innerJoin('owners', 'owners.id', 'website_roles.owner_id')
    .select(['website_roles.owner_id', 'owners.email', 'owners.name', 'website_roles.role'])
    .where('website_roles.website_id', '=', websiteId)
    .orderBy('owners.email')
    .orderBy('website_roles.role')
    .execute();
}

/** Replaces the owner's roles on the website (no roles: no longer a member). */
export async function replaceRoles(
  trx: Transaction<IdentityDB>,
  websiteId: string,
  ownerId: string,
  roles: readonly number[],
): Promise<void> {
  await trx.deleteFrom('website_roles').where('website_id', '=', websiteId).where('owner_id', '=', ownerId).execute();
  if (roles.length === 0) return;
  await trx
    .insertInto('website_roles')
    .values(roles.map((role) => ({ website_id: websiteId, owner_id: ownerId, role })))
    .execute();
}

/** Adds one role, doing nothing when it is held already (seeding). */
export async function grantRole(db: Db, websiteId: string, ownerId: string, role: number): Promise<void> {
  await db
    .insertInto('website_roles')
    .values({ website_id: websiteId, owner_id: ownerId, role })
    .onConflict((oc) => oc.columns(['website_id', 'owner_id', 'role']).doNothing())
    .execute();
}

/**
 * The website's admins, their rows locked until the transaction ends: two admins demoting each
 * other at once are then serialised, and the second sees that it would leave no admin.
 */
export async function lockAdmins(trx: Transaction<IdentityDB>, websiteId: string, adminRole: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('website_roles')
    .select('owner_id')
    .where('website_id', '=', websiteId)
    .where('role', '=', adminRole)
    .forUpdate()
    .execute();
  return rows.map((row) => row.owner_id);
}
