// Comments on items: visitors post (captcha, rate limits, held for moderation), owners with the
// comments:write permission post as the site (published at once), moderators approve, hide and
// delete. A comment may answer another (one level: a reply is never replied to); a visitor replies
// only to a public comment, and a reply is public only while its parent is, so moderating a comment
// moderates its replies with it (deleting it deletes them). publicCommentCount is recounted from the approved comments in the transaction of every
// change to what is public, with the item row locked, so concurrent approvals never miscount; each
// such change is announced (content.comments.changed) and the item's pages are rendered again.
import { randomUUID } from 'node:crypto';
import {
  COMMENT_LIMITS,
  CommentMessages,
  type ModerateCommentBody,
  type OwnerComment,
  type OwnerCommentBody,
  type PostCommentBody,
  type PostCommentResponse,
  type PublicComment,
} from '@sc/contracts';
import { AppError, decodeCursor, toPage, type Captcha, type Page, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB, ItemRow } from '../tables.js';
import { acceptsComments, commentsOn, type Viewer } from '../domain/community.js';
import { invalid, itemNotFound } from '../shared/errors.js';
import { itemUrls } from '../domain/events.js';
import { itemUrl, ms, settingsOf } from '../domain/mappers.js';
import {
  deleteComment,
  insertComment,
  lockComment,
  ownerComments,
  publicComments,
  recountPublicComments,
  setCommentStatus,
  type CommentRow,
  type CommentWithItem,
} from './comments.repository.js';
import { findCollection } from '../collections/collection-rows.service.js';
import type { Db } from '../shared/db.js';
import { findPublicItem, lockItem } from '../items/item-rows.service.js';
import { requireWebsite } from '../websites/websites.service.js';
import type { MemberAccess } from './member-access.service.js';

/** Who posts a comment, as the route knows them. */
export interface Commenter {
  websiteId: string;
  ip: string;
  viewer: Viewer;
}

const commentNotFound = (): AppError => new AppError('NOT_FOUND', CommentMessages.commentNotFound);

export function toPublicComment(row: CommentRow): PublicComment {
  return {
    id: row.id,
    itemId: row.item_id,
    authorName: row.author_name,
    body: row.body,
    fromSite: row.owner_id !== null,
    createdOn: ms(row.created_at),
    parentId: row.parent_id,
  };
}

/**
 * The comment a reply answers, under its row lock (so it cannot be deleted before the reply is in):
 * a comment of the same item that is itself no reply; for a visitor, one that is public.
 */
async function replyParent(trx: Db, websiteId: string, itemId: string, parentId: string, visitor: boolean): Promise<CommentRow> {
  const parent = await lockComment(trx, websiteId, parentId);
  if (!parent || parent.item_id !== itemId || (visitor && parent.status !== 'approved'))
    throw invalid(CommentMessages.replyParentMissing, 'parentId');
  if (parent.parent_id !== null) throw invalid(CommentMessages.replyToReply, 'parentId');
  return parent;
}

function toOwnerComment(row: CommentWithItem): OwnerComment {
  return {
    ...toPublicComment(row),
    status: row.status,
    authorEmail: row.author_email,
    siteUserId: row.site_user_id,
    itemTitle: row.item_title,
    itemUrl: itemUrl(row.collection_url_id, row.item_url_id),
    updatedOn: ms(row.updated_at),
  };
}

const itemData = (row: ItemRow) => row.data as { commentState?: number; publicCommentCount?: number };

export class CommentService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly captcha: Captcha,
    private readonly access: MemberAccess,
    private readonly events: ContentEvents = directEvents,
  ) {}

  /** An item the storefront shows, in an enabled collection, that the viewer may see. */
  async #visibleItem(websiteId: string, itemId: string, viewer: Viewer): Promise<ItemRow> {
    const item = await findPublicItem(this.ctx.db, websiteId, itemId);
    const collection = item ? await findCollection(this.ctx.db, websiteId, item.collection_id) : undefined;
    if (!item || !collection?.enabled) throw itemNotFound();
    await this.access.check(websiteId, item.collection_id, viewer);
    return item;
  }

  /** The approved comments of an item, oldest first. */
  async listPublic(websiteId: string, itemId: string, viewer: Viewer, limit: number, cursor?: string): Promise<Page<PublicComment>> {
    const item = await this.#visibleItem(websiteId, itemId, viewer);
    const website = await requireWebsite(this.ctx.db, websiteId);
    // Comments switched off site-wide are not shown either (SPEC 4).
    if (!commentsOn(itemData(item), settingsOf(website).commentsEnabled)) return { items: [], hasNextPage: false, nextPageCursor: null };
    const scope = `comments:${itemId}`;
    const after = cursor ? decodeCursor(cursor, scope, 'timestamp') : undefined;
    const rows = await publicComments(this.ctx.db, websiteId, itemId, limit, after);
    return toPage(rows, limit, (row) => ({ key: new Date(ms(row.created_at)).toISOString(), id: row.id }), { scope, map: toPublicComment });
  }

  /**
   * A visitor's comment: the item must take comments (SPEC 4), the client must be under the rate
   * limit (per address, and per site user when signed in) and solve the captcha. It waits for a
   * moderator; nothing public changes yet.
   */
  async post(by: Commenter, itemId: string, body: PostCommentBody): Promise<PostCommentResponse> {
    const { websiteId } = by;
    const item = await this.#visibleItem(websiteId, itemId, by.viewer);
    const website = await requireWebsite(this.ctx.db, websiteId);
    if (!acceptsComments(itemData(item), settingsOf(website).commentsEnabled)) throw new AppError('FORBIDDEN', CommentMessages.commentsOff);
    const authorName = body.authorName?.trim() ?? '';
    if (authorName === '') throw invalid(CommentMessages.nameRequired, 'authorName');
    await this.#countAttempt(`ip:${by.ip}`, websiteId);
    if (by.viewer.siteUserId) await this.#countAttempt(`user:${by.viewer.siteUserId}`, websiteId);
    const parentId = body.parentId;
    // A reply to a comment that is not there is refused before the captcha is spent.
    if (parentId) await replyParent(this.ctx.db, websiteId, item.id, parentId, true);
    await this.captcha.require(body.captchaKey, { websiteId, remoteIp: by.ip });
    const row = await this.ctx.transaction(async (trx) => {
      if (parentId) await replyParent(trx, websiteId, item.id, parentId, true);
      return insertComment(trx, {
        id: randomUUID(),
        website_id: websiteId,
        item_id: item.id,
        status: 'pending',
        author_name: authorName,
        author_email: body.authorEmail ?? null,
        site_user_id: by.viewer.siteUserId ?? null,
        owner_id: null,
        body: body.body.trim(),
        parent_id: parentId ?? null,
      });
    });
    return { comment: { ...toPublicComment(row), status: row.status }, message: CommentMessages.awaitingApproval };
  }

  async #countAttempt(who: string, websiteId: string): Promise<void> {
    const count = await this.ctx.cache.increment(`content:comment-rate:${websiteId}:${who}`, COMMENT_LIMITS.windowMs);
    if (count > COMMENT_LIMITS.perWindow) throw new AppError('RATE_LIMITED', CommentMessages.rateLimited);
  }

  /** An owner's comment, shown as the site's and published at once (where the item takes comments). */
  async postAsSite(websiteId: string, ownerId: string, itemId: string, body: OwnerCommentBody): Promise<PostCommentResponse> {
    const website = await requireWebsite(this.ctx.db, websiteId);
    return this.ctx.transaction(async (trx) => {
      const item = await lockItem(trx, websiteId, itemId);
      if (!item) throw itemNotFound();
      if (!acceptsComments(itemData(item), settingsOf(website).commentsEnabled))
        throw new AppError('FORBIDDEN', CommentMessages.commentsOff);
      // The site may answer any comment of the item, one still waiting for approval too.
      if (body.parentId) await replyParent(trx, websiteId, item.id, body.parentId, false);
      const row = await insertComment(trx, {
        id: randomUUID(),
        website_id: websiteId,
        item_id: item.id,
        status: 'approved',
        author_name: body.authorName ?? (website.title || 'Site'),
        author_email: null,
        site_user_id: null,
        owner_id: ownerId,
        body: body.body.trim(),
        parent_id: body.parentId ?? null,
      });
      await this.#publicChanged(trx, item);
      return { comment: { ...toPublicComment(row), status: row.status }, message: CommentMessages.published };
    });
  }

  /** Approves or hides a comment (a comment's replies are public only while it is). */
  async moderate(websiteId: string, commentId: string, body: ModerateCommentBody): Promise<OwnerComment> {
    await this.ctx.transaction(async (trx) => {
      const comment = await lockComment(trx, websiteId, commentId);
      if (!comment) throw commentNotFound();
      const item = await lockItem(trx, websiteId, comment.item_id);
      if (!item) throw commentNotFound();
      if (comment.status === body.status) return;
      await setCommentStatus(trx, comment.id, body.status);
      if (comment.status === 'approved' || body.status === 'approved') await this.#publicChanged(trx, item);
    });
    const [row] = await this.#ownerRow(websiteId, commentId);
    if (!row) throw commentNotFound();
    return toOwnerComment(row);
  }

  async delete(websiteId: string, commentId: string): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const comment = await lockComment(trx, websiteId, commentId);
      if (!comment) throw commentNotFound();
      const item = await lockItem(trx, websiteId, comment.item_id);
      // Its replies go with it (the foreign key cascades); they were public only if it was.
      await deleteComment(trx, comment.id);
      if (item && comment.status === 'approved') await this.#publicChanged(trx, item);
    });
  }

  /** How many comments wait for approval (the admin Home's figure). */
  async toApprove(websiteId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('website_id', '=', websiteId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The moderation queue, newest first. */
  async listOwner(
    websiteId: string,
    filter: { status?: CommentRow['status'] | undefined; itemId?: string | undefined },
    limit: number,
    cursor?: string,
  ): Promise<Page<OwnerComment>> {
    const scope = `owner-comments:${filter.status ?? ''}:${filter.itemId ?? ''}`;
    const after = cursor ? decodeCursor(cursor, scope, 'timestamp') : undefined;
    const rows = await ownerComments(this.ctx.db, websiteId, filter, limit, after);
    return toPage(rows, limit, (row) => ({ key: new Date(ms(row.created_at)).toISOString(), id: row.id }), { scope, map: toOwnerComment });
  }

  async #ownerRow(websiteId: string, commentId: string): Promise<CommentWithItem[]> {
    return this.ctx.db
      .selectFrom('comments')
      .innerJoin('items', 'items.id', 'comments.item_id')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .selectAll('comments')
      .select(['items.title as item_title', 'items.url_id as item_url_id', 'collections.url_id as collection_url_id'])
      .where('comments.website_id', '=', websiteId)
      .where('comments.id', '=', commentId)
      .execute();
  }

  /** Recounts the item's public comments (its row is locked) and announces the change. */
  async #publicChanged(trx: Db, item: ItemRow): Promise<void> {
    const count = await recountPublicComments(trx, item.website_id, item.id);
    const collection = await findCollection(trx, item.website_id, item.collection_id);
    await this.events.enqueue(trx, 'content.comments.changed', item.website_id, {
      itemId: item.id,
      collectionId: item.collection_id,
      publicCommentCount: count,
      urls: collection ? itemUrls(item, collection) : [],
    });
  }
}
