// Kysely queries on the cart schema. Functions take the database or the caller's transaction.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartDB, CartEntriesTable, CartsTable, StoredVariant } from './cart.table.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type CartRow = Selectable<CartsTable>;
export type EntryRow = Selectable<CartEntriesTable>;

/** An entry with what the read model knows of its product now (price, title, type). */
export interface PricedEntryRow extends EntryRow {
  title: string | null;
  product_type: number | null;
  variants: StoredVariant[] | null;
}

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

/** The open cart a signed-in site user has on a website. */
export async function findOpenCartOfUser(db: Db, websiteId: string, siteUserId: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('is_purchased', '=', false)
    .where('kind', '=', 'cart')
    .executeTakeFirst();
}

export async function insertCart(
  db: Db,
  cart: { id: string; websiteId: string; token: string; siteUserId?: string | null; kind?: 'cart' | 'subscription' },
): Promise<CartRow> {
  return db
    .insertInto('carts')
    .values({
      id: cart.id,
      website_id: cart.websiteId,
      token: cart.token,
      site_user_id: cart.siteUserId ?? null,
      order_id: null,
      kind: cart.kind ?? 'cart',
      shipping_location: null,
      shipping_option_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Locks an open cart for the rest of the transaction (adds to one cart never lose each other's lines). */
export async function lockOpenCart(trx: Transaction<CartDB>, cartId: string): Promise<CartRow | undefined> {
  return trx.selectFrom('carts').selectAll().where('id', '=', cartId).where('is_purchased', '=', false).forUpdate().executeTakeFirst();
}

/**
 * Locks the cart and reads, in the same round trip, how many of this item and variant the cart
 * holds already and the variant's stock.
 */
export async function lockCartForAdd(
  trx: Transaction<CartDB>,
  cartId: string,
  websiteId: string,
  productId: string,
  variantId: string,
): Promise<{ in_cart: number; qty: number | null; unlimited: boolean | null } | undefined> {
  return trx
    .selectFrom('carts as c')
    .leftJoin('stock as s', (join) => join.on('s.website_id', '=', websiteId).on('s.product_id', '=', productId).on('s.variant_id', '=', variantId))
    .select((eb) => [
      eb
        .cast<number>(
          eb.fn.coalesce(
            eb
              .selectFrom('cart_entries as e')
              .select((inner) => inner.fn.sum<number>('e.quantity').as('q'))
              .whereRef('e.cart_id', '=', 'c.id')
              .where('e.product_id', '=', productId)
              .where('e.variant_id', '=', variantId),
            eb.lit(0),
          ),
          'integer',
        )
        .as('in_cart'),
      's.qty',
      's.unlimited',
    ])
    .where('c.id', '=', cartId)
    .where('c.is_purchased', '=', false)
    .forUpdate('c')
    .executeTakeFirst();
}

/** Adds to the line of this item and variant (or makes one); lines with form answers stay apart. */
export async function addToEntry(
  trx: Db,
  entry: { id: string; cartId: string; productId: string; variantId: string; quantity: number; additionalFields: string },
): Promise<EntryRow> {
  const values = {
    id: entry.id,
    cart_id: entry.cartId,
    product_id: entry.productId,
    variant_id: entry.variantId,
    quantity: entry.quantity,
    additional_fields: entry.additionalFields,
  };
  if (entry.additionalFields !== '') return trx.insertInto('cart_entries').values(values).returningAll().executeTakeFirstOrThrow();
  return trx
    .insertInto('cart_entries')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'product_id', 'variant_id'])
        .where('additional_fields', '=', '')
        .doUpdateSet({ quantity: sql<number>`least(cart_entries.quantity + excluded.quantity, 9999)` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The entries of a cart, oldest first, with their product as the read model has it now. */
export async function pricedEntries(db: Db, websiteId: string, cartId: string): Promise<PricedEntryRow[]> {
  return db
    .selectFrom('cart_entries as e')
    .leftJoin('products as p', (join) => join.on('p.website_id', '=', websiteId).onRef('p.product_id', '=', 'e.product_id').on('p.deleted', '=', false))
    .selectAll('e')
    .select(['p.title', 'p.product_type', 'p.variants'])
    .where('e.cart_id', '=', cartId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

export async function findEntry(db: Db, cartId: string, entryId: string): Promise<EntryRow | undefined> {
  return db.selectFrom('cart_entries').selectAll().where('cart_id', '=', cartId).where('id', '=', entryId).executeTakeFirst();
}

export async function setEntryQuantity(db: Db, entryId: string, quantity: number): Promise<void> {
  await db.updateTable('cart_entries').set({ quantity }).where('id', '=', entryId).execute();
}

export async function setEntryFields(db: Db, entryId: string, additionalFields: string): Promise<void> {
  await db.updateTable('cart_entries').set({ additional_fields: additionalFields }).where('id', '=', entryId).execute();
}

export async function deleteEntry(db: Db, entryId: string): Promise<void> {
  await db.deleteFrom('cart_entries').where('id', '=', entryId).execute();
}

export async function updateCart(
  db: Db,
  cartId: string,
  patch: { coupon_codes?: string; shipping_location?: string | null; shipping_option_id?: string | null; site_user_id?: string | null },
): Promise<void> {
  await db
    .updateTable('carts')
    .set({ ...patch, updated_at: new Date() } as never)
    .where('id', '=', cartId)
    .execute();
}

export async function markPurchased(db: Db, cartId: string, orderId: string): Promise<void> {
  await db.updateTable('carts').set({ is_purchased: true, order_id: orderId, updated_at: new Date() }).where('id', '=', cartId).execute();
}

export async function findCartById(db: Db, cartId: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst();
}
