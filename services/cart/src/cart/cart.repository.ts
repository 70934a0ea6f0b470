// Kysely queries on the cart schema. Functions take the database or the caller's transaction.
import { MAX_QUANTITY } from '@sc/contracts';
import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartDB, CartEntriesTable, CartsTable, StoredVariant } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type CartRow = Selectable<CartsTable>;
export type EntryRow = Selectable<CartEntriesTable>;

/** What a cart view needs of a line. */
export type LineRow = Pick<EntryRow, 'id' | 'product_id' | 'variant_id' | 'quantity' | 'additional_fields'>;

/** An entry with what the read model knows of its product now (price, title, type). */
export interface PricedEntryRow extends EntryRow {
  title: string | null;
  product_type: number | null;
  variants: StoredVariant[] | null;
  additional_fields_form_id: string | null;
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

const MERGE_ENTRY_SQL = 'select entry_id, entry_quantity from cart.merge_entry($1, $2, $3, $4, $5, $6, $7)';

/**
 * Merges a line into a cart (cart.merge_entry, migration 0009: the one place a line is merged):
 * adds to the line of this item and variant, or makes one; lines with form answers stay apart; a
 * merged line is capped at `maxLine`.
 */
export async function addToEntry(
  trx: Db,
  entry: { id: string; cartId: string; productId: string; variantId: string; quantity: number; additionalFields: string },
  maxLine = MAX_QUANTITY,
): Promise<{ id: string; quantity: number }> {
  const { rows } = await trx.executeQuery<{ entry_id: string; entry_quantity: number }>(
    CompiledQuery.raw(MERGE_ENTRY_SQL, [
      entry.cartId,
      entry.id,
      entry.productId,
      entry.variantId,
      entry.quantity,
      entry.additionalFields,
      maxLine,
    ]),
  );
  const row = rows[0]!;
  return { id: row.entry_id, quantity: row.entry_quantity };
}

/** The entries of a cart, oldest first, with their product as the read model has it now. */
export async function pricedEntries(db: Db, websiteId: string, cartId: string): Promise<PricedEntryRow[]> {
  return db
    .selectFrom('cart_entries as e')
    .leftJoin('products as p', (join) =>
      join.on('p.website_id', '=', websiteId).onRef('p.product_id', '=', 'e.product_id').on('p.deleted', '=', false),
    )
    .selectAll('e')
    .select(['p.title', 'p.product_type', 'p.variants', 'p.additional_fields_form_id'])
    .where('e.cart_id', '=', cartId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

/** The lines of a cart, oldest first (their products come from the store cache). */
export async function cartEntries(db: Db, cartId: string): Promise<LineRow[]> {
  return db
    .selectFrom('cart_entries')
    .select(['id', 'product_id', 'variant_id', 'quantity', 'additional_fields'])
    .where('cart_id', '=', cartId)
    .orderBy('created_at')
    .orderBy('id')
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

/** How cart.add_entry() finds the cart: by id, by the cart cookie, or as a signed-in user's open cart. */
export type CartLookupKey = { by: 'id'; id: string } | { by: 'token'; token: string } | { by: 'user'; siteUserId: string };

export interface AddEntryCall {
  websiteId: string;
  cart: CartLookupKey;
  productId: string;
  variantId: string;
  /** The id the line gets when it is new. */
  entryId: string;
  quantity: number;
  additionalFields: string;
  tracksStock: boolean;
  /** The largest quantity a merged line may reach (MAX_QUANTITY). */
  maxLine: number;
  event: { id: string; occurredAt: string; data: Record<string, unknown>; headers: Record<string, string> };
}

/** A line as cart.add_entry() reads it. */
export interface AddedEntryLine {
  id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: string;
}

export interface AddEntryOutcome {
  /** Whether the line and its event were written (the facts allowed it). */
  added: boolean;
  /** What the add was decided on, read under the cart's lock (domain/add-to-cart.ts StockFacts). */
  held: number;
  mergeable: number;
  stock: { qty: number; unlimited: boolean } | undefined;
  /** The line added to (new or merged) and its quantity now; null unless added. */
  entry_id: string | null;
  entry_quantity: number | null;
  cart: CartRow;
  /** The cart's lines before this add, oldest first. */
  entriesBefore: AddedEntryLine[];
}

interface AddEntryRow {
  added: boolean;
  held: number;
  mergeable: number;
  stock_found: boolean;
  stock_qty: number | null;
  stock_unlimited: boolean | null;
  entry_id: string | null;
  entry_quantity: number | null;
  cart_id: string;
  token: string;
  site_user_id: string | null;
  order_id: string | null;
  is_purchased: boolean;
  kind: string;
  coupon_codes: string[];
  shipping_location: CartRow['shipping_location'];
  shipping_option_id: string | null;
  created_at: Date;
  entries: AddedEntryLine[] | null;
}

const ADD_ENTRY_SQL = `select added, held, mergeable, stock_found, stock_qty, stock_unlimited, entry_id, entry_quantity, cart_id, token,
  site_user_id, order_id, is_purchased, kind, coupon_codes, shipping_location, shipping_option_id, created_at, entries
  from cart.add_entry($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;

const lookupKeyOf = (key: CartLookupKey): string => (key.by === 'id' ? key.id : key.by === 'token' ? key.token : key.siteUserId);

/**
 * One round trip (migration 0009): lock the cart, read what it holds of the variant and the
 * variant's stock, and (when they allow it) merge the line and write the entry-added event.
 * Answers the facts; undefined when there is no such open cart.
 */
export async function addEntryAtomically(db: Db, call: AddEntryCall): Promise<AddEntryOutcome | undefined> {
  // Sent as it stands: the statement never changes, so there is nothing for Kysely to build.
  const { rows } = await db.executeQuery<AddEntryRow>(
    CompiledQuery.raw(ADD_ENTRY_SQL, [
      call.websiteId,
      call.cart.by,
      lookupKeyOf(call.cart),
      call.productId,
      call.variantId,
      call.entryId,
      call.quantity,
      call.additionalFields,
      call.tracksStock,
      call.maxLine,
      call.event.id,
      call.event.occurredAt,
      JSON.stringify(call.event.data),
      JSON.stringify(call.event.headers),
    ]),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    added: row.added,
    held: Number(row.held),
    mergeable: Number(row.mergeable),
    stock: row.stock_found ? { qty: Number(row.stock_qty), unlimited: row.stock_unlimited === true } : undefined,
    entry_id: row.entry_id,
    entry_quantity: row.entry_quantity,
    cart: {
      id: row.cart_id,
      website_id: call.websiteId,
      token: row.token,
      site_user_id: row.site_user_id,
      order_id: row.order_id,
      is_purchased: row.is_purchased,
      kind: row.kind,
      coupon_codes: row.coupon_codes,
      shipping_location: row.shipping_location,
      shipping_option_id: row.shipping_option_id,
      created_at: row.created_at,
      // Not read by the cart view; the add does not change it.
      updated_at: row.created_at,
    },
    entriesBefore: row.entries ?? [],
  };
}
