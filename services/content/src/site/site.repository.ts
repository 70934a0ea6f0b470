// The per-website documents: header and footer, multilingual, commerce preferences.
import type { SiteDocumentsTable } from '../tables.js';
import { json, type Db } from '../shared/db.js';

export async function findDocument(
  db: Db,
  websiteId: string,
  kind: SiteDocumentsTable['kind'],
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('site_documents')
    .select('document')
    .where('website_id', '=', websiteId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.document;
}

export async function saveDocument(db: Db, websiteId: string, kind: SiteDocumentsTable['kind'], document: unknown): Promise<void> {
  await db
    .insertInto('site_documents')
    .values({ website_id: websiteId, kind, document: json(document) })
    .onConflict((oc) => oc.columns(['website_id', 'kind']).doUpdateSet({ document: json(document), updated_at: new Date() }))
    .execute();
}

export async function findPreferences(db: Db, websiteId: string, namespace: string): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('commerce_preferences')
    .select('preferences')
    .where('website_id', '=', websiteId)
    .where('namespace', '=', namespace)
    .executeTakeFirst();
  return row?.preferences;
}

export async function savePreferences(db: Db, websiteId: string, namespace: string, preferences: unknown): Promise<void> {
  await db
    .insertInto('commerce_preferences')
    .values({ website_id: websiteId, namespace, preferences: json(preferences) })
    .onConflict((oc) => oc.columns(['website_id', 'namespace']).doUpdateSet({ preferences: json(preferences), updated_at: new Date() }))
    .execute();
}
