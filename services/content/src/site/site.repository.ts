// The per-website documents: navigations, header and footer, multilingual, commerce preferences.
import type { Selectable } from 'kysely';
import type { NavigationsTable, SiteDocumentsTable } from '../tables.js';
import { json, type Db } from '../shared/db.js';

export type NavigationRow = Selectable<NavigationsTable>;

export async function navigationsOf(db: Db, websiteId: string): Promise<NavigationRow[]> {
  return db.selectFrom('navigations').selectAll().where('website_id', '=', websiteId).orderBy('field_name').execute();
}

export async function findNavigation(db: Db, websiteId: string, fieldName: string): Promise<NavigationRow | undefined> {
  return db.selectFrom('navigations').selectAll().where('website_id', '=', websiteId).where('field_name', '=', fieldName).executeTakeFirst();
}

export async function saveNavigation(db: Db, websiteId: string, fieldName: string, templateId: string, items: unknown[]): Promise<void> {
  await db
    .insertInto('navigations')
    .values({ website_id: websiteId, field_name: fieldName, template_id: templateId, items: json(items) })
    .onConflict((oc) => oc.columns(['website_id', 'field_name']).doUpdateSet({ template_id: templateId, items: json(items), updated_at: new Date() }))
    .execute();
}

export async function findDocument(db: Db, websiteId: string, kind: SiteDocumentsTable['kind']): Promise<Record<string, unknown> | undefined> {
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
