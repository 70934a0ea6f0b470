// The like button (SPEC 3 Item likeCount): one like per visitor per item, the visitor being the
// signed-in site user or else the like cookie. Liking twice changes nothing; unliking takes the
// like back. The row of likes and the count move in one transaction, the count by an in-place
// increment under the item's row lock, so concurrent likes never lose one. Likes are not
// announced: a page shows the count as rendered and the like island asks for the live state.
import { COMMENT_LIMITS, CommentMessages, type LikeState } from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import type { ContentDB } from '../tables.js';
import type { Viewer } from '../domain/community.js';
import { itemNotFound } from '../shared/errors.js';
import { findCollection } from '../collections/collection-rows.service.js';
import { findPublicItem } from '../items/item-rows.service.js';
import { addLike, hasLike, likeCountOf, moveLikeCount, removeLike } from './likes.repository.js';
import type { MemberAccess } from './member-access.service.js';

export class LikeService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly access: MemberAccess,
  ) {}

  async #check(websiteId: string, itemId: string, viewer: Viewer): Promise<void> {
    const item = await findPublicItem(this.ctx.db, websiteId, itemId);
    const collection = item ? await findCollection(this.ctx.db, websiteId, item.collection_id) : undefined;
    if (!item || !collection?.enabled) throw itemNotFound();
    await this.access.check(websiteId, item.collection_id, viewer);
  }

  /** The count and whether this liker (if known) likes the item. */
  async state(websiteId: string, itemId: string, viewer: Viewer, liker: string | undefined): Promise<LikeState> {
    await this.#check(websiteId, itemId, viewer);
    const [likeCount, liked] = await Promise.all([
      likeCountOf(this.ctx.db, websiteId, itemId),
      liker ? hasLike(this.ctx.db, websiteId, itemId, liker) : false,
    ]);
    return { itemId, likeCount, liked };
  }

  async set(websiteId: string, itemId: string, viewer: Viewer, liker: string, ip: string, liked: boolean): Promise<LikeState> {
    const count = await this.ctx.cache.increment(`content:like-rate:${websiteId}:${ip}`, COMMENT_LIMITS.likeWindowMs);
    if (count > COMMENT_LIMITS.likesPerWindow) throw new AppError('RATE_LIMITED', CommentMessages.likeRateLimited);
    await this.#check(websiteId, itemId, viewer);
    const likeCount = await this.ctx.transaction(async (trx) => {
      const changed = liked ? await addLike(trx, websiteId, itemId, liker) : await removeLike(trx, websiteId, itemId, liker);
      return changed ? moveLikeCount(trx, websiteId, itemId, liked ? 1 : -1) : likeCountOf(trx, websiteId, itemId);
    });
    return { itemId, likeCount, liked };
  }
}
