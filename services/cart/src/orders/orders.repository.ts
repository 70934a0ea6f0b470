// Orders, stock reservations, gift cards and subscriptions: the statements that must hold under
// any concurrency are single conditional UPDATEs (stock) or run under a row lock (gift cards).
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { OrderSort } from '@sc/contracts';
import { afterPosition } from '@sc/platform';
import type { CartDB, GiftCardsTable, OrdersTable, SubscriptionsTable } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type OrderRow = Selectable<OrdersTable>;
export type GiftCardRow = Selectable<GiftCardsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

/**
 * Takes `quantity` from a variant's stock when that much is there: one statement, so under Read
 * Committed a concurrent taker waits on the row and re-checks `qty >= n` against the new value.
 * Answers the stock left, 'unlimited', or undefined when there is not enough.
 */
export async function takeStock(
  trx: Transaction<CartDB>,
  websiteId: string,
  productId: string,
  variantId: string,
  quantity: number,
): Promise<{ before: number; after: number } | 'unlimited' | undefined> {
  const taken = await trx
    .updateTable('stock')
    .set({ qty: sql<number>`qty - ${quantity}` })
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('unlimited', '=', false)
    .where('qty', '>=', quantity)
    .returning('qty')
    .executeTakeFirst();
  if (taken) return { before: taken.qty + quantity, after: taken.qty };
  const row = await trx
    .selectFrom('stock')
    .select('unlimited')
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row?.unlimited ? 'unlimited' : undefined;
}

/** Gives stock back (a payment that failed after the reservation). */
export async function returnStock(
  trx: Transaction<CartDB>,
  websiteId: string,
  productId: string,
  variantId: string,
  quantity: number,
): Promise<{ before: number; after: number; sku: string; unlimited: boolean } | undefined> {
  const row = await trx
    .updateTable('stock')
    .set({ qty: sql<number>`qty + ${quantity}` })
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('unlimited', '=', false)
    .returning(['qty', 'sku', 'unlimited'])
    .executeTakeFirst();
  return row ? { before: row.qty - quantity, after: row.qty, sku: row.sku, unlimited: row.unlimited } : undefined;
}

/** An order of the cart that is being paid or was paid (one per cart: a unique index). */
export async function liveOrderOfCart(db: Db, cartId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('cart_id', '=', cartId).where('status', '<>', 'payment-failed').executeTakeFirst();
}

export async function insertOrder(db: Db, order: Insertable<OrdersTable>): Promise<OrderRow> {
  return db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export async function setOrderStatus(db: Db, orderId: string, status: string, paymentReference?: string | null): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status, ...(paymentReference !== undefined ? { payment_reference: paymentReference } : {}) })
    .where('id', '=', orderId)
    .execute();
}

/** Keeps the carrier and tracking number of a fulfilled order (the buyer's account shows them). */
export async function setOrderTracking(db: Db, orderId: string, carrier: string | null, trackingNumber: string | null): Promise<void> {
  if (!carrier && !trackingNumber) return;
  await db
    .updateTable('orders')
    .set({ tracking: JSON.stringify({ carrier, number: trackingNumber }) })
    .where('id', '=', orderId)
    .execute();
}

/**
 * A signed-in site user's orders on one website, newest first: those checked out from a cart of
 * theirs (pending ones are not orders yet). Renewals, which have no cart, are not listed.
 */
export async function ordersOfSiteUser(db: Db, websiteId: string, siteUserId: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('carts as c', 'c.id', 'o.cart_id')
    .selectAll('o')
    .where('o.website_id', '=', websiteId)
    .where('c.website_id', '=', websiteId)
    .where('c.site_user_id', '=', siteUserId)
    .where('o.status', '<>', 'pending')
    .orderBy('o.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Renews the lease of a pending order (its checkout is alive); a released or paid order keeps none. */
export async function renewOrderLease(db: Db, orderId: string, until: Date): Promise<void> {
  await db.updateTable('orders').set({ lease_until: until }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/** Pending orders whose lease ran out: their checkout died (the sweeper releases them). */
export async function abandonedOrders(db: Db, scope: { websiteId?: string }, limit = 100): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('lease_until', '<', sql<Date>`now()`);
  if (scope.websiteId) query = query.where('website_id', '=', scope.websiteId);
  return query.orderBy('lease_until').limit(limit).execute();
}

/**
 * What should stay near zero (service_stuck_rows): pending orders past their lease by more than
 * `graceMs` (the sweeper runs every few seconds) and idempotency keys with no answer past theirs.
 */
export async function stuckCheckouts(db: Db, graceMs: number): Promise<{ orders_past_lease: number; idempotency_keys_past_lease: number }> {
  const before = sql<Date>`now() - ${`${graceMs} milliseconds`}::interval`;
  const [orders, keys] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('lease_until', '<', before)
      .executeTakeFirst(),
    db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status_code', 'is', null)
      .where('lease_until', '<', before)
      .executeTakeFirst(),
  ]);
  return { orders_past_lease: Number(orders?.n ?? 0), idempotency_keys_past_lease: Number(keys?.n ?? 0) };
}

export async function findOrder(db: Db, websiteId: string, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('website_id', '=', websiteId).where('id', '=', orderId).executeTakeFirst();
}

/** Locks a gift card by code for the rest of the transaction. */
export async function lockGiftCard(trx: Transaction<CartDB>, websiteId: string, code: string): Promise<GiftCardRow | undefined> {
  return trx
    .selectFrom('gift_cards')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** Takes `amount` from a locked card; the condition keeps the balance at zero or above. */
export async function debitGiftCard(trx: Transaction<CartDB>, giftCardId: string, amount: number): Promise<boolean> {
  const row = await trx
    .updateTable('gift_cards')
    .set({ balance_cents: sql<number>`balance_cents - ${amount}` })
    .where('id', '=', giftCardId)
    .where('balance_cents', '>=', amount)
    .returning('balance_cents')
    .executeTakeFirst();
  return row !== undefined;
}

export async function creditGiftCard(trx: Transaction<CartDB>, giftCardId: string, amount: number): Promise<void> {
  await trx
    .updateTable('gift_cards')
    .set({ balance_cents: sql<number>`balance_cents + ${amount}` })
    .where('id', '=', giftCardId)
    .execute();
}

export async function insertGiftCard(db: Db, card: Insertable<GiftCardsTable>): Promise<GiftCardRow> {
  return db.insertInto('gift_cards').values(card).returningAll().executeTakeFirstOrThrow();
}

export async function findGiftCard(db: Db, websiteId: string, code: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('website_id', '=', websiteId).where('code', '=', code).executeTakeFirst();
}

export async function giftCardsOfOrder(db: Db, orderId: string): Promise<GiftCardRow[]> {
  return db.selectFrom('gift_cards').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

export async function insertSubscription(db: Db, row: Insertable<SubscriptionsTable>): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function subscriptionOfOrder(db: Db, orderId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The order under its row lock (refunds read and change its refunded total under it). */
export async function lockOrder(trx: Transaction<CartDB>, websiteId: string, orderId: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('website_id', '=', websiteId).where('id', '=', orderId).forUpdate().executeTakeFirst();
}

export interface OrderFilter {
  status?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Part of the buyer's email or of a line's product name or SKU, or the order's number. */
  email?: string | undefined;
  /** Orders numbered below this one (the list is newest first). */
  beforeNumber?: number | undefined;
  /** A sort other than newest first (issue 35), and the position after which the page starts. */
  sort?: OrderSortSpec | undefined;
}

/** A sorted order list: the column, its direction, and (past the first page) where the last page ended. */
export interface OrderSortSpec {
  by: OrderSort;
  dir: 'asc' | 'desc';
  after?: { key: string | number; id: string } | undefined;
}

/** The column each sort reads; `date` is the number's order (orders are numbered as they are made). */
export const ORDER_SORT_COLUMNS = {
  number: 'order_number',
  date: 'order_number',
  total: 'grand_total_cents',
  email: 'email',
  status: 'status',
} as const satisfies Record<OrderSort, keyof CartDB['orders']>;

/** A website's orders, newest first, `limit` of them after the filter. */
export async function findOrders(db: Db, websiteId: string, filter: OrderFilter, limit: number): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('website_id', '=', websiteId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.from) query = query.where('created_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('created_at', '<', new Date(filter.to));
  if (filter.email) {
    // The text is matched literally: LIKE's wildcards in it are escaped.
    const literal = filter.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const number = /^#?(\d{1,9})$/.exec(filter.email.trim())?.[1];
    // A number ("1042", "#1042") is the order's; other text is part of the email or of a line's
    // product name or SKU (the lines' JSON text holds them as written; its digits would match any number).
    query = number
      ? query.where('order_number', '=', Number(number))
      : query.where((eb) =>
          eb.or([eb(sql<string>`lower(email)`, 'like', `%${literal}%`), eb(sql<string>`lower(items::text)`, 'like', `%${literal}%`)]),
        );
  }
  if (filter.beforeNumber !== undefined) query = query.where('order_number', '<', filter.beforeNumber);
  if (filter.sort) {
    // Keyset paging on (column, id), both in the sort's direction: pages stay whole while orders come in.
    const { by, dir, after } = filter.sort;
    const column = ORDER_SORT_COLUMNS[by];
    if (after) query = query.where(afterPosition(column, 'id', after, dir));
    return query.orderBy(column, dir).orderBy('id', dir).limit(limit).execute();
  }
  return query.orderBy('order_number', 'desc').limit(limit).execute();
}

/** The subscription an order started or renewed. */
export async function subscriptionOfAnyOrder(db: Db, orderId: string): Promise<SubscriptionRow | undefined> {
  const started = await subscriptionOfOrder(db, orderId);
  if (started) return started;
  return db
    .selectFrom('subscription_renewals as r')
    .innerJoin('subscriptions as s', 's.id', 'r.subscription_id')
    .selectAll('s')
    .where('r.order_id', '=', orderId)
    .executeTakeFirst();
}

/** A website's gift cards, newest first; `code` matches part of the code. */
export async function findGiftCards(
  db: Db,
  websiteId: string,
  filter: { code?: string | undefined; beforeSeq?: number | undefined },
  limit: number,
): Promise<GiftCardRow[]> {
  let query = db.selectFrom('gift_cards').selectAll().where('website_id', '=', websiteId);
  if (filter.code) {
    const literal = filter.code.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where('code', 'like', `%${literal}%`);
  }
  if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

/**
 * The signed-in site user who bought an order: the owner of the cart it was checked out from. A
 * renewal has no cart of its own, so it is the buyer of the order that started its subscription.
 */
/** The cart an order was bought from (a renewal's: its subscription's first order's cart). */
export async function buyerCartOfOrder(
  db: Db,
  order: Pick<OrderRow, 'id' | 'cart_id'>,
): Promise<{ token: string; site_user_id: string | null } | undefined> {
  let cartId = order.cart_id;
  if (cartId === null) {
    const first = await db
      .selectFrom('subscription_renewals as r')
      .innerJoin('subscriptions as s', 's.id', 'r.subscription_id')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select('o.cart_id')
      .where('r.order_id', '=', order.id)
      .executeTakeFirst();
    cartId = first?.cart_id ?? null;
  }
  if (cartId === null) return undefined;
  return db.selectFrom('carts').select(['token', 'site_user_id']).where('id', '=', cartId).executeTakeFirst();
}

export async function buyerOfOrder(db: Db, order: Pick<OrderRow, 'id' | 'cart_id'>): Promise<string | null> {
  return (await buyerCartOfOrder(db, order))?.site_user_id ?? null;
}
