// The store's coupons: the codes a cart applies and checkout redeems (one use per order, under
// the coupon's row), and the owner's list of them (orders/coupons.service.ts edits them).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Coupon } from '@sc/contracts';
import type { CartDB } from '../tables.js';
import type { CouponDefinition } from '../domain/totals.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

/** The store's coupons among these codes (case-insensitive). */
export async function couponsByCodes(db: Db, websiteId: string, codes: string[]): Promise<CouponDefinition[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('coupons')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where((eb) =>
      eb(
        eb.fn('upper', ['code']),
        'in',
        codes.map((c) => c.toUpperCase()),
      ),
    )
    .execute();
  return rows.map(couponOf);
}

export function couponOf(row: {
  code: string;
  kind: string;
  value: number;
  minimum_subtotal_cents: number;
  expires_at: Date | string | null;
  combinable: boolean;
  usage_limit: number | null;
  times_used: number;
}): CouponDefinition {
  return {
    code: row.code,
    kind: row.kind as CouponDefinition['kind'],
    value: row.value,
    minimumSubtotalCents: row.minimum_subtotal_cents,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    combinable: row.combinable,
    usageLimit: row.usage_limit,
    timesUsed: Number(row.times_used),
  };
}

/** A coupon as the owner's screens read it. */
export const couponView = (c: CouponDefinition): Coupon => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  minimumSubtotalCents: c.minimumSubtotalCents,
  expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
  combinable: c.combinable,
  usageLimit: c.usageLimit,
  timesUsed: c.timesUsed,
});

export async function listCoupons(db: Db, websiteId: string): Promise<CouponDefinition[]> {
  const rows = await db.selectFrom('coupons').selectAll().where('website_id', '=', websiteId).orderBy('code').execute();
  return rows.map(couponOf);
}

export async function upsertCoupon(db: Db, websiteId: string, coupon: CouponDefinition): Promise<void> {
  const values = {
    kind: coupon.kind,
    value: coupon.value,
    minimum_subtotal_cents: coupon.minimumSubtotalCents,
    expires_at: coupon.expiresAt,
    combinable: coupon.combinable,
    usage_limit: coupon.usageLimit,
  };
  await db
    .insertInto('coupons')
    .values({ website_id: websiteId, code: coupon.code, ...values })
    .onConflict((oc) => oc.columns(['website_id', 'code']).doUpdateSet(values))
    .execute();
}

export async function deleteCoupon(db: Db, websiteId: string, code: string): Promise<boolean> {
  // RETURNING, not the driver's row count: the embedded driver does not report one for DELETE.
  const deleted = await db.deleteFrom('coupons').where('website_id', '=', websiteId).where('code', '=', code).returning('code').execute();
  return deleted.length > 0;
}

/** One coupon of the store (exact code). */
export async function findCoupon(db: Db, websiteId: string, code: string): Promise<CouponDefinition | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('website_id', '=', websiteId).where('code', '=', code).executeTakeFirst();
  return row ? couponOf(row) : undefined;
}

/**
 * Takes one use of a code for an order: one conditional statement, so concurrent checkouts (which
 * wait on the row and re-check) never take more uses than the limit. False when none is left.
 */
export async function redeemCoupon(trx: Transaction<CartDB>, websiteId: string, code: string): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set({ times_used: sql<number>`times_used + 1` })
    .where('website_id', '=', websiteId)
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a use back (the order's payment failed); never below zero. */
export async function releaseCoupon(trx: Transaction<CartDB>, websiteId: string, code: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ times_used: sql<number>`times_used - 1` })
    .where('website_id', '=', websiteId)
    .where('code', '=', code)
    .where('times_used', '>', 0)
    .execute();
}

/** One coupon under its row lock (exact code), for a read-modify-write. */
export async function lockCoupon(trx: Transaction<CartDB>, websiteId: string, code: string): Promise<CouponDefinition | undefined> {
  const row = await trx
    .selectFrom('coupons')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row ? couponOf(row) : undefined;
}
