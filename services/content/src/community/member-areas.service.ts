// Member areas (block type 67): the owner makes an area, says which pages and collections it
// gates and how it is joined (free: any site account; paid: buying one of its plan products).
// Paid access is granted when the cart announces a paid order of a plan bought by a signed-in
// site user (commerce.order.placed), or by the owner by hand; access a subscription gave ends when
// the cart announces that the subscription ended (commerce.subscription.ended: cancelled or past
// due). Every change is announced, so the gated pages are rendered again.
import { randomUUID } from 'node:crypto';
import {
  formatMessage,
  MemberAreaMessages,
  RecordType,
  type MemberArea,
  type MemberAreaSummary,
  type MemberGrant,
  type OrderPlaced,
  type ParsedMemberAreaBody,
  type SubscriptionEnded,
} from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import type { Viewer } from '../domain/community.js';
import { invalid, isUniqueViolation } from '../shared/errors.js';
import { collectionUrl, ms } from '../domain/mappers.js';
import { collectionsByIds } from '../collections/collection-rows.service.js';
import type { Db } from '../shared/db.js';
import { json } from '../shared/db.js';
import {
  activeSubscriptionsOf,
  areaCollectionIds,
  areasWithPlans,
  deleteGrant,
  deleteMemberArea,
  findMemberArea,
  grantCounts,
  grantsOf,
  grantsOfSubscription,
  insertGrant,
  insertMemberArea,
  memberAreasOf,
  moveGrant,
  recordSubscription,
  setAreaCollections,
  updateMemberArea,
  type MemberAreaRow,
  type MemberGrantRow,
} from './member-areas.repository.js';
import { requireWebsite } from '../websites/websites.service.js';
import type { MemberAccess } from './member-access.service.js';

const areaNotFound = (): AppError => new AppError('NOT_FOUND', MemberAreaMessages.memberAreaNotFound);

function toGrant(row: MemberGrantRow): MemberGrant {
  return {
    memberAreaId: row.member_area_id,
    siteUserId: row.site_user_id,
    source: row.source,
    orderId: row.order_id,
    subscriptionId: row.subscription_id,
    grantedOn: ms(row.granted_at),
  };
}

export class MemberAreaService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly access: MemberAccess,
    private readonly events: ContentEvents = directEvents,
  ) {}

  async list(websiteId: string): Promise<MemberArea[]> {
    await requireWebsite(this.ctx.db, websiteId);
    const [areas, counts] = await Promise.all([memberAreasOf(this.ctx.db, websiteId), grantCounts(this.ctx.db, websiteId)]);
    return Promise.all(
      areas.map(async (area) =>
        this.#toArea(this.ctx.db, area, await areaCollectionIds(this.ctx.db, websiteId, area.id), counts.get(area.id) ?? 0),
      ),
    );
  }

  async get(websiteId: string, id: string): Promise<MemberArea> {
    const area = await findMemberArea(this.ctx.db, websiteId, id);
    if (!area) throw areaNotFound();
    const counts = await grantCounts(this.ctx.db, websiteId);
    return this.#toArea(this.ctx.db, area, await areaCollectionIds(this.ctx.db, websiteId, id), counts.get(id) ?? 0);
  }

  async create(websiteId: string, body: ParsedMemberAreaBody): Promise<MemberArea> {
    return this.#write(async (trx) => {
      await requireWebsite(trx, websiteId);
      await this.#checkBody(trx, websiteId, body);
      const row = await insertMemberArea(trx, {
        id: randomUUID(),
        website_id: websiteId,
        title: body.title,
        description: body.description,
        access: body.access,
        plan_product_ids: json(body.planProductIds),
        denied_message: body.deniedMessage,
      });
      await setAreaCollections(trx, websiteId, row.id, body.collectionIds);
      await this.#announce(trx, websiteId, row.id, body.collectionIds, 'content.member-area.upserted');
      return this.#toArea(trx, row, body.collectionIds, 0);
    });
  }

  async replace(websiteId: string, id: string, body: ParsedMemberAreaBody): Promise<MemberArea> {
    return this.#write(async (trx) => {
      const before = await findMemberArea(trx, websiteId, id);
      if (!before) throw areaNotFound();
      await this.#checkBody(trx, websiteId, body);
      const previous = await areaCollectionIds(trx, websiteId, id);
      const row = await updateMemberArea(trx, websiteId, id, {
        title: body.title,
        description: body.description,
        access: body.access,
        denied_message: body.deniedMessage,
        plan_product_ids: body.planProductIds,
      });
      if (!row) throw areaNotFound();
      await setAreaCollections(trx, websiteId, id, body.collectionIds);
      await this.#announce(trx, websiteId, id, [...new Set([...previous, ...body.collectionIds])], 'content.member-area.upserted');
      const counts = await grantCounts(trx, websiteId);
      return this.#toArea(trx, row, body.collectionIds, counts.get(id) ?? 0);
    });
  }

  async delete(websiteId: string, id: string): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const area = await findMemberArea(trx, websiteId, id);
      if (!area) throw areaNotFound();
      const previous = await areaCollectionIds(trx, websiteId, id);
      await deleteMemberArea(trx, websiteId, id);
      await this.#announce(trx, websiteId, id, previous, 'content.member-area.deleted');
    });
  }

  /** What the access-denied page and block 67 show of an area, for this viewer. */
  async summary(websiteId: string, id: string, viewer: Viewer): Promise<MemberAreaSummary> {
    const area = await findMemberArea(this.ctx.db, websiteId, id);
    if (!area) throw areaNotFound();
    return this.access.summary(area, viewer);
  }

  async members(websiteId: string, id: string): Promise<MemberGrant[]> {
    const area = await findMemberArea(this.ctx.db, websiteId, id);
    if (!area) throw areaNotFound();
    return (await grantsOf(this.ctx.db, websiteId, id)).map(toGrant);
  }

  /** The owner gives a site user access by hand (idempotent). */
  async grant(websiteId: string, id: string, siteUserId: string): Promise<MemberGrant> {
    return this.ctx.transaction(async (trx) => {
      const area = await findMemberArea(trx, websiteId, id);
      if (!area) throw areaNotFound();
      const added = await insertGrant(trx, {
        website_id: websiteId,
        member_area_id: id,
        site_user_id: siteUserId,
        source: 'owner',
        order_id: null,
        subscription_id: null,
      });
      if (added)
        await this.events.enqueue(trx, 'content.member-access.changed', websiteId, {
          memberAreaId: id,
          siteUserId,
          granted: true,
          source: 'owner',
        });
      const row = (await grantsOf(trx, websiteId, id)).find((g) => g.site_user_id === siteUserId);
      if (!row) throw areaNotFound();
      return toGrant(row);
    });
  }

  async revoke(websiteId: string, id: string, siteUserId: string): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const area = await findMemberArea(trx, websiteId, id);
      if (!area) throw areaNotFound();
      const removed = await deleteGrant(trx, websiteId, id, siteUserId);
      if (removed)
        await this.events.enqueue(trx, 'content.member-access.changed', websiteId, {
          memberAreaId: id,
          siteUserId,
          granted: false,
          source: removed.source,
        });
    });
  }

  /**
   * A paid order (commerce.order.placed) by a signed-in site user that holds a plan product of a
   * paid area gives that user access; run inside the consumer's handled-once transaction. An
   * order of a subscription that has ended since (its end arrived first) gives nothing.
   */
  async grantForOrder(trx: Db, websiteId: string, order: OrderPlaced, occurredAt: Date): Promise<number> {
    const siteUserId = order.siteUserId;
    const productIds = order.items.flatMap((item) => (item.itemId ? [item.itemId] : []));
    if (!siteUserId || productIds.length === 0) return 0;
    const subscriptionId = order.subscriptionId ?? null;
    if (subscriptionId) {
      const latest = await recordSubscription(
        trx,
        {
          website_id: websiteId,
          subscription_id: subscriptionId,
          site_user_id: siteUserId,
          item_id: productIds[0]!,
          status: 'active',
          changed_at: occurredAt,
        },
        false,
      );
      if (!latest) return 0;
    }
    let granted = 0;
    for (const area of await areasWithPlans(trx, websiteId, productIds)) {
      const added = await insertGrant(trx, {
        website_id: websiteId,
        member_area_id: area.id,
        site_user_id: siteUserId,
        source: 'order',
        order_id: order.id,
        subscription_id: subscriptionId,
      });
      if (!added) continue;
      granted++;
      await this.events.enqueue(trx, 'content.member-access.changed', websiteId, {
        memberAreaId: area.id,
        siteUserId,
        granted: true,
        source: 'order',
      });
    }
    return granted;
  }

  /**
   * A subscription ended (commerce.subscription.ended): the access it gave ends, unless another
   * paid-up subscription of the same site user holds a plan of that area (the grant passes to it).
   * Grants by the owner and by one-off orders stay. Run inside the consumer's handled-once
   * transaction; an end older than the latest word on the subscription changes nothing.
   */
  async revokeForSubscription(trx: Db, websiteId: string, ended: SubscriptionEnded, occurredAt: Date): Promise<number> {
    if (!ended.siteUserId) return 0;
    const latest = await recordSubscription(
      trx,
      {
        website_id: websiteId,
        subscription_id: ended.subscriptionId,
        site_user_id: ended.siteUserId,
        item_id: ended.itemId,
        status: 'ended',
        changed_at: occurredAt,
      },
      true,
    );
    if (!latest) return 0;
    let revoked = 0;
    for (const grant of await grantsOfSubscription(trx, websiteId, ended.subscriptionId)) {
      const area = await findMemberArea(trx, websiteId, grant.member_area_id);
      const other = area
        ? (await activeSubscriptionsOf(trx, websiteId, grant.site_user_id)).find(
            (s) => s.subscription_id !== ended.subscriptionId && area.plan_product_ids.includes(s.item_id),
          )
        : undefined;
      if (other) {
        await moveGrant(trx, websiteId, grant.member_area_id, grant.site_user_id, other.subscription_id);
        continue;
      }
      if (!(await deleteGrant(trx, websiteId, grant.member_area_id, grant.site_user_id))) continue;
      revoked++;
      await this.events.enqueue(trx, 'content.member-access.changed', websiteId, {
        memberAreaId: grant.member_area_id,
        siteUserId: grant.site_user_id,
        granted: false,
        source: 'order',
      });
    }
    return revoked;
  }

  async #checkBody(trx: Db, websiteId: string, body: ParsedMemberAreaBody): Promise<void> {
    const collections = await collectionsByIds(trx, websiteId, body.collectionIds);
    const known = new Set(collections.map((c) => c.id));
    const missing = body.collectionIds.find((id) => !known.has(id));
    if (missing) throw invalid(formatMessage(MemberAreaMessages.collectionMissing, { id: missing }), 'collectionIds');
    if (body.access === 'paid') {
      if (body.planProductIds.length === 0) throw invalid(MemberAreaMessages.planMustBeProduct, 'planProductIds');
      const products = await trx
        .selectFrom('items')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('id', 'in', body.planProductIds)
        .where('record_type', '=', RecordType.STORE_ITEM)
        .execute();
      if (products.length !== new Set(body.planProductIds).size) throw invalid(MemberAreaMessages.planMustBeProduct, 'planProductIds');
    }
  }

  async #announce(
    trx: Db,
    websiteId: string,
    id: string,
    collectionIds: string[],
    type: 'content.member-area.upserted' | 'content.member-area.deleted',
  ): Promise<void> {
    const collections = await collectionsByIds(trx, websiteId, collectionIds);
    await this.events.enqueue(trx, type, websiteId, {
      memberAreaId: id,
      collectionIds,
      urls: collections.map((c) => collectionUrl(c.url_id)),
    });
  }

  #toArea(_db: Db, row: MemberAreaRow, collectionIds: string[], memberCount: number): MemberArea {
    return {
      id: row.id,
      websiteId: row.website_id,
      title: row.title,
      description: row.description,
      access: row.access,
      planProductIds: row.plan_product_ids,
      collectionIds,
      deniedMessage: row.denied_message,
      memberCount,
      createdOn: ms(row.created_at),
      updatedOn: ms(row.updated_at),
    };
  }

  async #write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', MemberAreaMessages.collectionInOtherArea, {
          cause: error,
          fields: { collectionIds: MemberAreaMessages.collectionInOtherArea },
        });
      throw error;
    }
  }
}
