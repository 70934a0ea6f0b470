// Member areas, the collections each gates, and the site users given access to paid ones.
import type { Insertable, Selectable } from 'kysely';
import type { MemberAreasTable, MemberGrantsTable, MemberSubscriptionsTable } from '../tables.js';
import { json, type Db } from '../shared/db.js';

export type MemberAreaRow = Selectable<MemberAreasTable>;
export type MemberGrantRow = Selectable<MemberGrantsTable>;
export type MemberSubscriptionRow = Selectable<MemberSubscriptionsTable>;

export async function insertMemberArea(db: Db, row: Insertable<MemberAreasTable>): Promise<MemberAreaRow> {
  return db.insertInto('member_areas').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateMemberArea(
  db: Db,
  websiteId: string,
  id: string,
  row: Pick<MemberAreaRow, 'title' | 'description' | 'access' | 'denied_message'> & { plan_product_ids: string[] },
): Promise<MemberAreaRow | undefined> {
  return db
    .updateTable('member_areas')
    .set({ ...row, plan_product_ids: json(row.plan_product_ids), updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMemberArea(db: Db, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('member_areas').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

export async function findMemberArea(db: Db, websiteId: string, id: string): Promise<MemberAreaRow | undefined> {
  return db.selectFrom('member_areas').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

export async function memberAreasOf(db: Db, websiteId: string): Promise<MemberAreaRow[]> {
  return db.selectFrom('member_areas').selectAll().where('website_id', '=', websiteId).orderBy('created_at').orderBy('id').execute();
}

/** The collections an area gates, in the owner's order. */
export async function areaCollectionIds(db: Db, websiteId: string, areaId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_area_collections')
    .select('collection_id')
    .where('website_id', '=', websiteId)
    .where('member_area_id', '=', areaId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.collection_id);
}

/** Replaces the collections an area gates (a collection already in another area is a unique violation). */
export async function setAreaCollections(db: Db, websiteId: string, areaId: string, collectionIds: readonly string[]): Promise<void> {
  await db.deleteFrom('member_area_collections').where('website_id', '=', websiteId).where('member_area_id', '=', areaId).execute();
  const unique = [...new Set(collectionIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('member_area_collections')
    .values(
      unique.map((collectionId, position) => ({ website_id: websiteId, collection_id: collectionId, member_area_id: areaId, position })),
    )
    .execute();
}

/** The member area gating a collection, if any. */
export async function areaOfCollection(db: Db, websiteId: string, collectionId: string): Promise<MemberAreaRow | undefined> {
  return db
    .selectFrom('member_area_collections')
    .innerJoin('member_areas', 'member_areas.id', 'member_area_collections.member_area_id')
    .selectAll('member_areas')
    .where('member_area_collections.website_id', '=', websiteId)
    .where('member_area_collections.collection_id', '=', collectionId)
    .executeTakeFirst();
}

/** Every gated collection of a website with its area's access kind. */
export async function gatedCollections(
  db: Db,
  websiteId: string,
): Promise<Array<{ collection_id: string; member_area_id: string; access: MemberAreaRow['access'] }>> {
  return db
    .selectFrom('member_area_collections')
    .innerJoin('member_areas', 'member_areas.id', 'member_area_collections.member_area_id')
    .select(['member_area_collections.collection_id', 'member_area_collections.member_area_id', 'member_areas.access'])
    .where('member_area_collections.website_id', '=', websiteId)
    .execute();
}

export async function hasGrant(db: Db, websiteId: string, areaId: string, siteUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_grants')
    .select('site_user_id')
    .where('website_id', '=', websiteId)
    .where('member_area_id', '=', areaId)
    .where('site_user_id', '=', siteUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The areas a site user holds a grant of. */
export async function grantedAreaIds(db: Db, websiteId: string, siteUserId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('member_grants')
    .select('member_area_id')
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .execute();
  return new Set(rows.map((r) => r.member_area_id));
}

/** Adds a grant; true when it is new. */
export async function insertGrant(db: Db, row: Insertable<MemberGrantsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('member_grants')
    .values(row)
    .onConflict((oc) => oc.columns(['member_area_id', 'site_user_id']).doNothing())
    .returning('site_user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteGrant(db: Db, websiteId: string, areaId: string, siteUserId: string): Promise<MemberGrantRow | undefined> {
  return db
    .deleteFrom('member_grants')
    .where('website_id', '=', websiteId)
    .where('member_area_id', '=', areaId)
    .where('site_user_id', '=', siteUserId)
    .returningAll()
    .executeTakeFirst();
}

export async function grantsOf(db: Db, websiteId: string, areaId: string): Promise<MemberGrantRow[]> {
  return db
    .selectFrom('member_grants')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('member_area_id', '=', areaId)
    .orderBy('granted_at')
    .orderBy('site_user_id')
    .execute();
}

export async function grantCounts(db: Db, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('member_grants')
    .select(['member_area_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('website_id', '=', websiteId)
    .groupBy('member_area_id')
    .execute();
  return new Map(rows.map((r) => [r.member_area_id, Number(r.count)]));
}

/** The paid areas whose plans include one of these products. */
export async function areasWithPlans(db: Db, websiteId: string, productIds: readonly string[]): Promise<MemberAreaRow[]> {
  if (productIds.length === 0) return [];
  const areas = await memberAreasOf(db, websiteId);
  const wanted = new Set(productIds);
  return areas.filter((area) => area.access === 'paid' && area.plan_product_ids.some((id) => wanted.has(id)));
}

/**
 * Records the state of a subscription as of an event's time, unless a later event already set it:
 * answers the row when this event is the latest word on the subscription, undefined when it is
 * stale (an event that arrived after a later one). An end wins a tie with a payment.
 */
export async function recordSubscription(
  db: Db,
  row: Insertable<MemberSubscriptionsTable>,
  winsTies: boolean,
): Promise<MemberSubscriptionRow | undefined> {
  return db
    .insertInto('member_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'subscription_id'])
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          changed_at: eb.ref('excluded.changed_at'),
          site_user_id: eb.ref('excluded.site_user_id'),
          item_id: eb.ref('excluded.item_id'),
        }))
        .where('member_subscriptions.changed_at', winsTies ? '<=' : '<', (eb) => eb.ref('excluded.changed_at')),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A site user's subscriptions that are paid up. */
export async function activeSubscriptionsOf(db: Db, websiteId: string, siteUserId: string): Promise<MemberSubscriptionRow[]> {
  return db
    .selectFrom('member_subscriptions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('status', '=', 'active')
    .orderBy('changed_at')
    .execute();
}

/** The grants a subscription gave. */
export async function grantsOfSubscription(db: Db, websiteId: string, subscriptionId: string): Promise<MemberGrantRow[]> {
  return db
    .selectFrom('member_grants')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

/** Hands a grant over to another subscription of the same site user (the one it came from ended). */
export async function moveGrant(db: Db, websiteId: string, areaId: string, siteUserId: string, subscriptionId: string): Promise<void> {
  await db
    .updateTable('member_grants')
    .set({ subscription_id: subscriptionId })
    .where('website_id', '=', websiteId)
    .where('member_area_id', '=', areaId)
    .where('site_user_id', '=', siteUserId)
    .execute();
}
