// The per-website navigations (main, secondary...), each an ordered tree of links.
import type { NavigationRow } from '../tables.js';
import { json, type Db } from '../shared/db.js';

export type { NavigationRow };

export async function navigationsOf(db: Db, websiteId: string): Promise<NavigationRow[]> {
  return db.selectFrom('navigations').selectAll().where('website_id', '=', websiteId).orderBy('field_name').execute();
}

export async function findNavigation(db: Db, websiteId: string, fieldName: string): Promise<NavigationRow | undefined> {
  return db
    .selectFrom('navigations')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('field_name', '=', fieldName)
    .executeTakeFirst();
}

export async function saveNavigation(db: Db, websiteId: string, fieldName: string, templateId: string, items: unknown[]): Promise<void> {
  await db
    .insertInto('navigations')
    .values({ website_id: websiteId, field_name: fieldName, template_id: templateId, items: json(items) })
    .onConflict((oc) =>
      oc.columns(['website_id', 'field_name']).doUpdateSet({ template_id: templateId, items: json(items), updated_at: new Date() }),
    )
    .execute();
}
