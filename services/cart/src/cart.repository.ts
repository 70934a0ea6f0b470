// Kysely queries on the cart schema. Functions take the database or the caller's transaction.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CartDB, CartsTable } from './cart.table.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type CartRow = Selectable<CartsTable>;

/** The open (not purchased) cart of a website with this cookie token. */
export async function findOpenCartByToken(db: Db, websiteId: string, token: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('token', '=', token)
    .where('website_id', '=', websiteId)
    .where('is_purchased', '=', false)
    .executeTakeFirst();
}

export async function insertCart(db: Db, cart: { id: string; websiteId: string; token: string }): Promise<CartRow> {
  return db
    .insertInto('carts')
    .values({ id: cart.id, website_id: cart.websiteId, token: cart.token, site_user_id: null, order_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
