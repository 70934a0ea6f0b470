// The customers read model's queries (tables of migration 0008). Written only by the customers
// consumer (events) and by erasure; read by the admin's customers routes.
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterPosition } from '@sc/platform';
import type { CartDB } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

export interface CustomerRow {
  email: string;
  name: string | null;
  siteUserId: string | null;
  newsletter: string | null;
  subscription: string | null;
  orders: number;
  totals: Array<{ currency: string; spentCents: number }>;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Makes sure the customer has a row (an account or a consent may come before any order). */
async function ensure(trx: Db, websiteId: string, email: string): Promise<void> {
  await trx
    .insertInto('customers')
    .values({ website_id: websiteId, email, name: null, site_user_id: null, newsletter: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Counts the customer's orders, spend per currency (less refunds), first and last order again. */
async function refresh(trx: Db, websiteId: string, email: string): Promise<void> {
  const rows = await trx
    .selectFrom('customer_orders')
    .select((eb) => [
      'currency',
      eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(total_cents - refunded_cents)`.as('spent'),
      eb.fn.min('placed_at').as('first'),
      eb.fn.max('placed_at').as('last'),
    ])
    .where('website_id', '=', websiteId)
    .where('email', '=', email)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const times = rows.flatMap((r) => [new Date(r.first).getTime(), new Date(r.last).getTime()]);
  const states = (
    await trx
      .selectFrom('customer_orders')
      .select('subscription_status')
      .distinct()
      .where('website_id', '=', websiteId)
      .where('email', '=', email)
      .where('subscription_status', 'is not', null)
      .execute()
  ).map((r) => r.subscription_status);
  const subscription = states.includes('active') ? 'active' : states.includes('ended') ? 'ended' : null;
  await trx
    .updateTable('customers')
    .set({
      orders: rows.reduce((n, r) => n + Number(r.orders), 0),
      totals: JSON.stringify(rows.map((r) => ({ currency: r.currency, spentCents: Number(r.spent) }))),
      first_order_at: times.length > 0 ? new Date(Math.min(...times)) : null,
      last_order_at: times.length > 0 ? new Date(Math.max(...times)) : null,
      subscription,
      updated_at: new Date(),
    })
    .where('website_id', '=', websiteId)
    .where('email', '=', email)
    .execute();
}

/** A paid order (commerce.order.placed); a repeat of the same order changes nothing. */
export async function recordOrder(
  trx: Db,
  websiteId: string,
  order: {
    orderId: string;
    email: string;
    name: string | null;
    currency: string;
    totalCents: number;
    placedAt: string;
    subscriptionId: string | null;
  },
): Promise<void> {
  const email = order.email.toLowerCase();
  // A renewal of a subscription that has ended since is not active again (the end came later).
  const ended = order.subscriptionId
    ? await trx
        .selectFrom('customer_orders')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', order.subscriptionId)
        .where('subscription_status', '=', 'ended')
        .executeTakeFirst()
    : undefined;
  await trx
    .insertInto('customer_orders')
    .values({
      website_id: websiteId,
      order_id: order.orderId,
      email,
      currency: order.currency,
      total_cents: order.totalCents,
      placed_at: order.placedAt,
      subscription_id: order.subscriptionId,
      subscription_status: order.subscriptionId ? (ended ? 'ended' : 'active') : null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await ensure(trx, websiteId, email);
  // The name of the latest order wins (an account's name only fills a gap).
  if (order.name) {
    await trx
      .updateTable('customers')
      .set({ name: order.name })
      .where('website_id', '=', websiteId)
      .where('email', '=', email)
      .where((eb) => eb.or([eb('last_order_at', 'is', null), eb('last_order_at', '<=', new Date(order.placedAt))]))
      .execute();
  }
  await refresh(trx, websiteId, email);
}

/** A refund (commerce.order.refunded): the order's refunded total so far. Unknown orders are skipped. */
export async function recordRefund(trx: Db, websiteId: string, orderId: string, refundedTotalCents: number): Promise<void> {
  const row = await trx
    .updateTable('customer_orders')
    .set({ refunded_cents: sql<number>`greatest(refunded_cents, ${refundedTotalCents})` })
    .where('website_id', '=', websiteId)
    .where('order_id', '=', orderId)
    .returning('email')
    .executeTakeFirst();
  if (row) await refresh(trx, websiteId, row.email);
}

/** A subscription ended (commerce.subscription.ended): every order of it says so. */
export async function recordSubscriptionEnded(trx: Db, websiteId: string, subscriptionId: string, orderId: string): Promise<void> {
  const rows = await trx
    .updateTable('customer_orders')
    .set({ subscription_status: 'ended' })
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([eb('subscription_id', '=', subscriptionId), eb('order_id', '=', orderId)]))
    .returning('email')
    .execute();
  for (const email of new Set(rows.map((r) => r.email))) await refresh(trx, websiteId, email);
}

/** A site-user account (identity.site-user.created). */
export async function recordAccount(trx: Db, websiteId: string, email: string, siteUserId: string, name: string | null): Promise<void> {
  const normalized = email.toLowerCase();
  await ensure(trx, websiteId, normalized);
  await trx
    .updateTable('customers')
    .set((eb) => ({ site_user_id: siteUserId, name: eb.fn.coalesce('name', sql<string | null>`${name}`), updated_at: new Date() }))
    .where('website_id', '=', websiteId)
    .where('email', '=', normalized)
    .execute();
}

/** Newsletter consent (forms.subscriber.confirmed / .unsubscribed). */
export async function recordNewsletter(trx: Db, websiteId: string, email: string, status: 'confirmed' | 'unsubscribed'): Promise<void> {
  const normalized = email.toLowerCase();
  await ensure(trx, websiteId, normalized);
  await trx
    .updateTable('customers')
    .set({ newsletter: status, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('email', '=', normalized)
    .execute();
}

/** Customers by email; `q` searches email and name; `after` pages by email. */
/** A sort of the customer list other than email A to Z, and where the page starts (keyset on column and email). */
export interface CustomerSortSpec {
  by: 'email' | 'orders';
  dir: 'asc' | 'desc';
  after?: { key: string | number; id: string } | undefined;
}

export async function listCustomers(
  db: Db,
  websiteId: string,
  filter: { q?: string | undefined; email?: string; after?: string; sort?: CustomerSortSpec | undefined },
  limit: number,
): Promise<CustomerRow[]> {
  let query = db.selectFrom('customers').selectAll().where('website_id', '=', websiteId);
  if (filter.email !== undefined) query = query.where('email', '=', filter.email.toLowerCase());
  if (filter.after !== undefined) query = query.where('email', '>', filter.after);
  const sort = filter.sort;
  if (sort?.after)
    query = query.where(
      sort.by === 'email' ? afterPosition('email', 'email', sort.after, sort.dir) : afterPosition('orders', 'email', sort.after, sort.dir),
    );
  if (filter.q) {
    const literal = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('email', 'like', literal), eb(sql<string>`lower(coalesce(name, ''))`, 'like', literal)]));
  }
  const ordered = sort
    ? sort.by === 'orders'
      ? query.orderBy('orders', sort.dir).orderBy('email', sort.dir)
      : query.orderBy('email', sort.dir)
    : query.orderBy('email');
  const rows = await ordered.limit(limit).execute();
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    siteUserId: r.site_user_id,
    newsletter: r.newsletter,
    subscription: r.subscription,
    orders: Number(r.orders),
    totals: r.totals.map((t) => ({ currency: t.currency, spentCents: Number(t.spentCents) })),
    firstOrderAt: iso(r.first_order_at),
    lastOrderAt: iso(r.last_order_at),
  }));
}

/** Forgets the customer (erasure). */
export async function deleteCustomer(trx: Db, websiteId: string, email: string): Promise<void> {
  const normalized = email.toLowerCase();
  await trx.deleteFrom('customer_orders').where('website_id', '=', websiteId).where('email', '=', normalized).execute();
  await trx.deleteFrom('customers').where('website_id', '=', websiteId).where('email', '=', normalized).execute();
}

/** A customer's orders (by email, any case), newest first. */
export async function ordersByEmail(db: Db, websiteId: string, email: string, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where(sql<string>`lower(email)`, '=', email)
    .orderBy('order_number', 'desc')
    .limit(limit)
    .execute();
}

export async function insertErasure(
  trx: Db,
  erasure: { id: string; websiteId: string; requestedBy: string; requestedAt: string; emailSha256: string },
): Promise<void> {
  await trx
    .insertInto('erasures')
    .values({
      id: erasure.id,
      website_id: erasure.websiteId,
      requested_by: erasure.requestedBy,
      requested_at: erasure.requestedAt,
      email_sha256: erasure.emailSha256,
    })
    .execute();
}

export async function listErasures(db: Db, websiteId: string, limit: number) {
  return db.selectFrom('erasures').selectAll().where('website_id', '=', websiteId).orderBy('requested_at', 'desc').limit(limit).execute();
}
