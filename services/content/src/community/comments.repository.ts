// Comments of items and their replies (one level). A comment is public when it is approved and,
// for a reply, its parent is approved too: hiding or deleting a comment takes its replies with it.
// publicCommentCount (in the item's data) is recounted from this table in the transaction that
// changes a comment's standing, after locking the item row: two moderators approving comments of
// one item at once then count one after the other, never over each other.
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import { afterPosition, type CursorPosition } from '@sc/platform';
import type { CommentsTable, ContentDB } from '../tables.js';
import type { Db } from '../shared/db.js';

export type CommentRow = Selectable<CommentsTable>;
export type CommentWithItem = CommentRow & { item_title: string; item_url_id: string; collection_url_id: string };

export async function insertComment(db: Db, row: Insertable<CommentsTable>): Promise<CommentRow> {
  return db.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findComment(db: Db, websiteId: string, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** Locks the comment's row for the rest of the transaction. */
export async function lockComment(db: Db, websiteId: string, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('website_id', '=', websiteId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setCommentStatus(db: Db, id: string, status: CommentRow['status']): Promise<void> {
  await db.updateTable('comments').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/**
 * The public comments of an item: approved, and a reply only under an approved parent. A builder
 * subquery, not raw text: the service's schema is added to its table name.
 */
function isPublicComment(eb: ExpressionBuilder<ContentDB, 'comments'>, websiteId: string, itemId: string) {
  const approvedParents = eb
    .selectFrom('comments as parent')
    .select('parent.id')
    .where('parent.website_id', '=', websiteId)
    .where('parent.item_id', '=', itemId)
    .where('parent.status', '=', 'approved');
  return eb.and([
    eb('comments.website_id', '=', websiteId),
    eb('comments.item_id', '=', itemId),
    eb('comments.status', '=', 'approved'),
    eb.or([eb('comments.parent_id', 'is', null), eb('comments.parent_id', 'in', approvedParents)]),
  ]);
}

/** The public comments of an item and their replies, oldest first (limit + 1 rows). */
export async function publicComments(
  db: Db,
  websiteId: string,
  itemId: string,
  limit: number,
  after?: CursorPosition,
): Promise<CommentRow[]> {
  let query = db
    .selectFrom('comments')
    .selectAll()
    .where((eb) => isPublicComment(eb, websiteId, itemId));
  if (after) query = query.where(afterPosition('created_at', 'id', after, 'asc'));
  return query
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
}

/** The moderation queue: a website's comments, newest first, optionally of one status or item (limit + 1 rows). */
export async function ownerComments(
  db: Db,
  websiteId: string,
  filter: { status?: CommentRow['status'] | undefined; itemId?: string | undefined },
  limit: number,
  after?: CursorPosition,
): Promise<CommentWithItem[]> {
  let query = db
    .selectFrom('comments')
    .innerJoin('items', 'items.id', 'comments.item_id')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .selectAll('comments')
    .select(['items.title as item_title', 'items.url_id as item_url_id', 'collections.url_id as collection_url_id'])
    .where('comments.website_id', '=', websiteId);
  if (filter.status) query = query.where('comments.status', '=', filter.status);
  if (filter.itemId) query = query.where('comments.item_id', '=', filter.itemId);
  if (after) query = query.where(afterPosition('comments.created_at', 'comments.id', after, 'desc'));
  return query
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/**
 * Sets the item's publicCommentCount to the number of its public comments (replies included) and returns it. Call
 * with the item row locked (lockItem) so the count is taken after every earlier change committed.
 */
export async function recountPublicComments(db: Db, websiteId: string, itemId: string): Promise<number> {
  const row = await db
    .updateTable('items')
    .set((eb) => {
      // A builder subquery, not raw text: the service's schema is added to its table name.
      const approved = eb
        .selectFrom('comments')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where((c) => isPublicComment(c, websiteId, itemId));
      return { data: sql<string>`jsonb_set(data, '{publicCommentCount}', to_jsonb((${approved})::int))` };
    })
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .returning(sql<number>`(data->>'publicCommentCount')::int`.as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
