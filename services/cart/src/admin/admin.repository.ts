// The admin's figures and files over cart's tables: the Home's grouped sums, and the export pages
// (keyset pagination on an indexed key, `limit` rows a query).
import { LOW_STOCK_AT } from '@sc/contracts';
import { sql, type Kysely } from 'kysely';
import type { CartDB } from '../tables.js';

/** Orders that were paid for: what the owner sold. */
export const SOLD_STATUSES = ['paid', 'fulfilled', 'partially-refunded'] as const;
/** Orders paid and not yet shipped (nor wholly refunded or cancelled). */
export const TO_FULFIL_STATUSES = ['paid', 'partially-refunded'] as const;

const count = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`count(*) filter (where ${condition})::int8`;
const sum = (condition: ReturnType<typeof sql<boolean>>) =>
  sql<number>`coalesce(sum(grand_total_cents) filter (where ${condition}), 0)::int8`;

/** Sales per test mode and currency today, over the week from `weekStart`, and the week before it. */
export async function salesWindows(db: Kysely<CartDB>, websiteId: string, at: { today: Date; weekStart: Date; previousStart: Date }) {
  const inToday = sql<boolean>`created_at >= ${at.today}`;
  const inWeek = sql<boolean>`created_at >= ${at.weekStart}`;
  const inPrevious = sql<boolean>`created_at < ${at.weekStart}`;
  return db
    .selectFrom('orders')
    .select([
      'test_mode',
      'currency',
      count(inToday).as('todayOrders'),
      sum(inToday).as('todayCents'),
      count(inWeek).as('weekOrders'),
      sum(inWeek).as('weekCents'),
      count(inPrevious).as('previousOrders'),
      sum(inPrevious).as('previousCents'),
    ])
    .where('website_id', '=', websiteId)
    .where('created_at', '>=', at.previousStart)
    .where('status', 'in', [...SOLD_STATUSES])
    .groupBy(['test_mode', 'currency'])
    .orderBy('currency')
    .execute();
}

/** Orders waiting to be shipped, per test mode. */
export async function ordersToFulfil(db: Kysely<CartDB>, websiteId: string) {
  return db
    .selectFrom('orders')
    .select(['test_mode', sql<number>`count(*)::int8`.as('n')])
    .where('website_id', '=', websiteId)
    .where('kind', '=', 'order')
    .where('status', 'in', [...TO_FULFIL_STATUSES])
    .groupBy('test_mode')
    .execute();
}

/** Tracked variants of live products sold out, and low on stock. */
export async function stockAlerts(db: Kysely<CartDB>, websiteId: string) {
  return db
    .selectFrom('stock as s')
    .innerJoin('products as p', (j) => j.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
    .select([count(sql<boolean>`s.qty <= 0`).as('soldOut'), count(sql<boolean>`s.qty > 0 and s.qty <= ${LOW_STOCK_AT}`).as('lowStock')])
    .where('s.website_id', '=', websiteId)
    .where('s.unlimited', '=', false)
    .where('p.deleted', '=', false)
    .executeTakeFirst();
}

export interface OrdersExportFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
}

/** One page of orders to export, by order number after `after`. */
export async function orderExportPage(
  db: Kysely<CartDB>,
  websiteId: string,
  filter: OrdersExportFilter,
  after: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('orders')
    .select([
      'order_number',
      'id',
      'created_at',
      'kind',
      'status',
      'test_mode',
      'email',
      'shipping_address',
      'items',
      'currency',
      'subtotal_cents',
      'discount_cents',
      'shipping_cents',
      'tax_cents',
      'gift_card_cents',
      'grand_total_cents',
      'refunded_cents',
    ])
    .where('website_id', '=', websiteId);
  if (filter.from) query = query.where('created_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('created_at', '<', new Date(filter.to));
  if (filter.status) query = query.where('status', '=', filter.status);
  if (after !== undefined) query = query.where('order_number', '>', after);
  return query.orderBy('order_number').limit(limit).execute();
}

export interface InventoryExportKey {
  title: string;
  sku: string;
  variant: string;
}

/** One page of stock to export, by (title, SKU, variant) after `after`. */
export async function inventoryExportPage(db: Kysely<CartDB>, websiteId: string, after: InventoryExportKey | undefined, limit: number) {
  let query = db
    .selectFrom('stock as s')
    .innerJoin('products as p', (j) => j.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
    .select(['s.product_id', 's.variant_id', 's.sku', 's.qty', 's.unlimited', 'p.title'])
    .where('s.website_id', '=', websiteId)
    .where('p.deleted', '=', false);
  if (after)
    query = query.where((eb) => eb(eb.refTuple('p.title', 's.sku', 's.variant_id'), '>', eb.tuple(after.title, after.sku, after.variant)));
  return query.orderBy('p.title').orderBy('s.sku').orderBy('s.variant_id').limit(limit).execute();
}
