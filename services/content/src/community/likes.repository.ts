// Likes: one row per liker and item (the primary key makes a second like a no-op), and the item's
// likeCount moved by the same transaction with an in-place increment, which holds the row lock:
// concurrent likes of one item each add their one, none is lost.
import { sql } from 'kysely';
import type { Db } from '../shared/db.js';

const setCount = (delta: number) =>
  sql<string>`jsonb_set(data, '{likeCount}', to_jsonb(greatest(coalesce((data->>'likeCount')::int, 0) + ${delta}, 0)))`;

/** Adds the like; true when it was new. */
export async function addLike(db: Db, websiteId: string, itemId: string, liker: string): Promise<boolean> {
  const inserted = await db
    .insertInto('item_likes')
    .values({ website_id: websiteId, item_id: itemId, liker })
    .onConflict((oc) => oc.columns(['item_id', 'liker']).doNothing())
    .returning('liker')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the like; true when there was one. */
export async function removeLike(db: Db, websiteId: string, itemId: string, liker: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('item_likes')
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .where('liker', '=', liker)
    .returning('liker')
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function hasLike(db: Db, websiteId: string, itemId: string, liker: string): Promise<boolean> {
  const row = await db
    .selectFrom('item_likes')
    .select('liker')
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .where('liker', '=', liker)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the item's likeCount by `delta` (never below 0) and returns it. */
export async function moveLikeCount(db: Db, websiteId: string, itemId: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('items')
    .set({ data: setCount(delta) })
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .returning(sql<number>`(data->>'likeCount')::int`.as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function likeCountOf(db: Db, websiteId: string, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select(sql<number | null>`(data->>'likeCount')::int`.as('count'))
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
