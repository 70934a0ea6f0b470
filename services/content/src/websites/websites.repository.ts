// Websites and their domains.
import type { Selectable } from 'kysely';
import type { WebsitesTable } from '../tables.js';
import { json, type Db } from '../shared/db.js';

export type WebsiteRow = Selectable<WebsitesTable>;

export async function findWebsite(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the website row for the rest of the transaction (settings read-modify-write). */
export async function lockWebsite(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertWebsite(db: Db, website: { id: string; title: string; templateId: string; settings: unknown }): Promise<WebsiteRow> {
  return db
    .insertInto('websites')
    .values({ id: website.id, title: website.title, template_id: website.templateId, settings: json(website.settings) })
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
  const rows = await db.selectFrom('website_domains').select('domain').where('website_id', '=', websiteId).orderBy('domain').execute();
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

export async function replaceDomains(db: Db, websiteId: string, domains: readonly string[]): Promise<void> {
  await db.deleteFrom('website_domains').where('website_id', '=', websiteId).execute();
  if (domains.length > 0) {
    await db
      .insertInto('website_domains')
      .values(domains.map((domain) => ({ domain, website_id: websiteId })))
      .execute();
  }
}

export async function websiteIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const row = await db.selectFrom('website_domains').select('website_id').where('domain', '=', domain).executeTakeFirst();
  return row?.website_id;
}
