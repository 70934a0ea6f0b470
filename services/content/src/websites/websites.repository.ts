// Websites and their domains.
import type { WebsiteRow } from '../tables.js';
import { sql } from 'kysely';
import { json, type Db } from '../shared/db.js';

export type { WebsiteRow };

/** The website, unless it is deleted (a deleted website is gone for every route but its restoration). */
export async function findWebsite(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The website, deleted or not. */
export async function findWebsiteEvenDeleted(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the website row for the rest of the transaction (settings read-modify-write). */
export async function lockWebsite(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function setDeleted(db: Db, id: string, deletedAt: Date | null): Promise<void> {
  await db.updateTable('websites').set({ deleted_at: deletedAt, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Websites deleted before `before`: their time to be restored is over. */
export async function deletedBefore(db: Db, before: Date): Promise<string[]> {
  const rows = await db.selectFrom('websites').select('id').where('deleted_at', '<', before).execute();
  return rows.map((row) => row.id);
}

/** The websites `ownerId` made that are deleted after `after` (still restorable), newest first, with their address. */
export async function deletedCreatedBy(
  db: Db,
  ownerId: string,
  after: Date,
): Promise<Array<{ id: string; title: string; deleted_at: Date; address: string | null }>> {
  const rows = await db
    .selectFrom('websites')
    .leftJoin('website_domains', (join) =>
      join.onRef('website_domains.website_id', '=', 'websites.id').on('website_domains.kind', '=', 'address'),
    )
    .select(['websites.id', 'websites.title', 'websites.deleted_at', 'website_domains.domain as address'])
    .where('websites.created_by', '=', ownerId)
    .where('websites.deleted_at', '>=', after)
    .orderBy('websites.deleted_at', 'desc')
    .execute();
  return rows.flatMap((row) =>
    row.deleted_at ? [{ id: row.id, title: row.title, deleted_at: row.deleted_at, address: row.address }] : [],
  );
}

/**
 * Every row of the website in this service's schema: each table with a website_id column (but
 * the outbox, whose events are on their way), then the website itself.
 */
export async function purgeWebsite(db: Db, websiteId: string): Promise<void> {
  const tables = await sql<{ table_name: string }>`
    select distinct table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'website_id' and table_name not like 'outbox%' and table_name <> 'websites'`.execute(
    db,
  );
  for (const { table_name } of tables.rows) {
    await sql`delete from ${sql.table(table_name)} where website_id = ${websiteId}`.execute(db);
  }
  await db.deleteFrom('websites').where('id', '=', websiteId).execute();
}

export async function insertWebsite(
  db: Db,
  website: { id: string; title: string; templateId: string; settings: unknown; design?: string | null; createdBy?: string | null },
): Promise<WebsiteRow> {
  return db
    .insertInto('websites')
    .values({
      id: website.id,
      title: website.title,
      template_id: website.templateId,
      settings: json(website.settings),
      design: website.design ?? null,
      created_by: website.createdBy ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWebsite(db: Db, id: string, patch: { title?: string; settings?: unknown }): Promise<WebsiteRow> {
  return db
    .updateTable('websites')
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.settings !== undefined ? { settings: json(patch.settings) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function domainsOf(db: Db, websiteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('website_domains')
    .select('domain')
    .where('website_id', '=', websiteId)
    .orderBy('kind')
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

/** The domains among `domains` that another website already has. */
export async function domainsTakenByOthers(db: Db, websiteId: string, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('website_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('website_id', '<>', websiteId)
    .execute();
  return rows.map((row) => row.domain);
}

/**
 * Replaces the website's own domains (its `<slug>.<BASE_DOMAIN>` address stays). `verify`: the
 * token a new domain must show before it is served; without one (the seed, tests) it is served at once.
 */
export async function replaceDomains(db: Db, websiteId: string, domains: readonly string[], verify?: () => string): Promise<void> {
  const kept = await db
    .selectFrom('website_domains')
    .select(['domain', 'verified_at', 'verification_token', 'kind'])
    .where('website_id', '=', websiteId)
    .execute();
  const wanted = new Set(domains);
  const gone = kept.filter((row) => row.kind !== 'address' && !wanted.has(row.domain)).map((row) => row.domain);
  if (gone.length > 0) await db.deleteFrom('website_domains').where('website_id', '=', websiteId).where('domain', 'in', gone).execute();
  const held = new Set(kept.map((row) => row.domain));
  const added = domains.filter((domain) => !held.has(domain));
  if (added.length > 0) {
    await db
      .insertInto('website_domains')
      .values(
        added.map((domain) => ({ domain, website_id: websiteId, ...(verify ? { verified_at: null, verification_token: verify() } : {}) })),
      )
      .execute();
  }
}

export interface DomainRow {
  domain: string;
  kind: string;
  verified_at: Date | null;
  verification_token: string | null;
}

export async function domainRows(db: Db, websiteId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('website_domains')
    .select(['domain', 'kind', 'verified_at', 'verification_token'])
    .where('website_id', '=', websiteId)
    .orderBy('kind')
    .orderBy('domain')
    .execute();
}

/** The website's domains that are served (verified): what the events announce. */
export async function verifiedDomainsOf(db: Db, websiteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('website_domains')
    .select('domain')
    .where('website_id', '=', websiteId)
    .where('verified_at', 'is not', null)
    .orderBy('kind')
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

export async function insertPendingDomain(db: Db, websiteId: string, domain: string, token: string): Promise<void> {
  await db
    .insertInto('website_domains')
    .values({ domain, website_id: websiteId, kind: 'custom', verified_at: null, verification_token: token })
    .execute();
}

export async function markVerified(db: Db, websiteId: string, domain: string): Promise<void> {
  await db
    .updateTable('website_domains')
    .set({ verified_at: new Date(), verification_token: null })
    .where('website_id', '=', websiteId)
    .where('domain', '=', domain)
    .execute();
}

export async function deleteDomain(db: Db, websiteId: string, domain: string): Promise<void> {
  await db
    .deleteFrom('website_domains')
    .where('website_id', '=', websiteId)
    .where('domain', '=', domain)
    .where('kind', '<>', 'address')
    .execute();
}

/** The website served at a domain: only a verified domain of a website that is not deleted. */
export async function websiteIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('website_domains')
    .innerJoin('websites', 'websites.id', 'website_domains.website_id')
    .select('website_domains.website_id')
    .where('website_domains.domain', '=', domain)
    .where('website_domains.verified_at', 'is not', null)
    .where('websites.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.website_id;
}

/** Whether any website (deleted ones too) has this domain, verified or not. */
export async function domainInUse(db: Db, domain: string): Promise<boolean> {
  return (await db.selectFrom('website_domains').select('domain').where('domain', '=', domain).executeTakeFirst()) !== undefined;
}

/** Adds the website's `<slug>.<BASE_DOMAIN>` address (verified: it is ours). */
export async function insertAddress(db: Db, websiteId: string, domain: string): Promise<void> {
  await db.insertInto('website_domains').values({ domain, website_id: websiteId, kind: 'address' }).execute();
}

/** The websites an owner made through the API (deleted ones too, until they are purged). */
export async function countCreatedBy(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('websites')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_by', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setDesign(db: Db, websiteId: string, design: string): Promise<void> {
  await db.updateTable('websites').set({ design, updated_at: new Date() }).where('id', '=', websiteId).execute();
}
