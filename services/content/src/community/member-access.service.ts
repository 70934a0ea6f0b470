// The gate of member areas on content's public reads: a collection in a member area (and every
// item of it) is answered only to viewers with access; anyone else gets a 403 whose body carries
// what the access-denied page (page type 106) shows of the area, never the gated content.
import { MemberAreaMessages, RecordType, type MemberAreaSummary } from '@sc/contracts';
import { AppError } from '@sc/platform';
import { hasAccess, type Viewer } from '../domain/community.js';
import { collectionUrl, itemUrl } from '../domain/mappers.js';
import { collectionsByIds } from '../collections/collection-rows.service.js';
import type { Db } from '../shared/db.js';
import {
  areaCollectionIds,
  areaOfCollection,
  gatedCollections,
  grantedAreaIds,
  hasGrant,
  type MemberAreaRow,
} from './member-areas.repository.js';

/** The 403 of gated content, with the area's summary beside the standard error. */
export function accessDenied(summary: MemberAreaSummary): AppError {
  return new AppError('FORBIDDEN', summary.deniedMessage || MemberAreaMessages.accessDenied, { compat: { memberArea: summary } });
}

export class MemberAccess {
  constructor(private readonly db: Db) {}

  /** Whether the viewer may see what the area gates. */
  async allows(area: MemberAreaRow, viewer: Viewer): Promise<boolean> {
    if (viewer.owner) return true;
    const granted =
      area.access === 'paid' && viewer.siteUserId !== undefined
        ? await hasGrant(this.db, area.website_id, area.id, viewer.siteUserId)
        : false;
    return hasAccess(viewer, area.access, granted);
  }

  /** Throws the 403 when the collection is in a member area the viewer has no access to. */
  async check(websiteId: string, collectionId: string, viewer: Viewer): Promise<void> {
    if (viewer.owner) return;
    const area = await areaOfCollection(this.db, websiteId, collectionId);
    if (!area || (await this.allows(area, viewer))) return;
    throw accessDenied(await this.summary(area, viewer, false));
  }

  /** What a visitor may know of an area: its words, its plans and the titles of its pages. */
  async summary(area: MemberAreaRow, viewer: Viewer, access?: boolean): Promise<MemberAreaSummary> {
    const websiteId = area.website_id;
    const collectionIds = await areaCollectionIds(this.db, websiteId, area.id);
    const collections = await collectionsByIds(this.db, websiteId, collectionIds);
    const byId = new Map(collections.map((c) => [c.id, c]));
    const planIds = area.plan_product_ids;
    const plans =
      planIds.length === 0
        ? []
        : await this.db
            .selectFrom('items')
            .innerJoin('collections', 'collections.id', 'items.collection_id')
            .select(['items.id', 'items.title', 'items.url_id', 'collections.url_id as collection_url_id'])
            .where('items.website_id', '=', websiteId)
            .where('items.id', 'in', planIds)
            .where('items.record_type', '=', RecordType.STORE_ITEM)
            .where('items.status', '=', 'published')
            .where('collections.enabled', '=', true)
            .execute();
    const planOrder = new Map(planIds.map((id, index) => [id, index]));
    return {
      id: area.id,
      title: area.title,
      description: area.description,
      access: area.access,
      deniedMessage: area.denied_message || MemberAreaMessages.accessDenied,
      plans: plans
        .sort((a, b) => (planOrder.get(a.id) ?? 0) - (planOrder.get(b.id) ?? 0))
        .map((p) => ({ productId: p.id, title: p.title, fullUrl: itemUrl(p.collection_url_id, p.url_id) })),
      pages: collectionIds.flatMap((id) => {
        const c = byId.get(id);
        return c && c.enabled ? [{ collectionId: c.id, title: c.navigation_title || c.title, fullUrl: collectionUrl(c.url_id) }] : [];
      }),
      hasAccess: access ?? (await this.allows(area, viewer)),
      signedIn: viewer.siteUserId !== undefined,
    };
  }

  /** The collections the viewer may not see (search leaves them out). */
  async hiddenCollectionIds(websiteId: string, viewer: Viewer): Promise<string[]> {
    if (viewer.owner) return [];
    const gated = await gatedCollections(this.db, websiteId);
    if (gated.length === 0) return [];
    if (!viewer.siteUserId) return gated.map((g) => g.collection_id);
    const granted = gated.some((g) => g.access === 'paid')
      ? await grantedAreaIds(this.db, websiteId, viewer.siteUserId)
      : new Set<string>();
    return gated.filter((g) => !hasAccess(viewer, g.access, granted.has(g.member_area_id))).map((g) => g.collection_id);
  }
}
