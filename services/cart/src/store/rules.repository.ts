// The store's rules (currency, minimum order subtotal, tax rules, shipping options, minimum
// donation) and its coupons. A website without a row has the defaults.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DEFAULT_CURRENCY, isCurrencyCode, type Coupon, type CurrencyCode, type ShippingOption, type StoreRules, type TaxRule } from '@sc/contracts';
import type { CartDB, StoreRulesTable } from '../tables.js';
import type { CouponDefinition } from '../domain/totals.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

export interface WebsiteRules extends StoreRules {
  currency: CurrencyCode;
}

export const DEFAULT_MINIMUM_DONATION_CENTS = 100;

/** The rules of a website (defaults when the owner set none). */
export async function rulesOf(db: Db, websiteId: string): Promise<WebsiteRules> {
  return rulesFromRow(await db.selectFrom('store_rules').selectAll().where('website_id', '=', websiteId).executeTakeFirst());
}

/** The rules under the row's lock, for a read-modify-write of one list (the row is made first when missing). */
export async function lockRules(trx: Transaction<CartDB>, websiteId: string): Promise<WebsiteRules> {
  await trx.insertInto('store_rules').values({ website_id: websiteId, currency: null }).onConflict((oc) => oc.column('website_id').doNothing()).execute();
  return rulesFromRow(await trx.selectFrom('store_rules').selectAll().where('website_id', '=', websiteId).forUpdate().executeTakeFirst());
}

function rulesFromRow(row: Selectable<StoreRulesTable> | undefined): WebsiteRules {
  return {
    currency: row?.currency && isCurrencyCode(row.currency) ? row.currency : DEFAULT_CURRENCY,
    minimumOrderSubtotalCents: row?.minimum_order_subtotal_cents ?? 0,
    minimumDonationCents: row?.minimum_donation_cents ?? DEFAULT_MINIMUM_DONATION_CENTS,
    taxRules: (row?.tax_rules ?? []) as TaxRule[],
    shippingOptions: (row?.shipping_options ?? []) as ShippingOption[],
    pricesIncludeTax: row?.prices_include_tax ?? false,
  };
}

/** Writes the given fields of a website's rules (creating the row with defaults for the rest). */
export async function saveRules(
  db: Db,
  websiteId: string,
  patch: Partial<Omit<WebsiteRules, 'currency'>> & { currency?: string },
): Promise<void> {
  const values = {
    ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
    ...(patch.minimumOrderSubtotalCents !== undefined ? { minimum_order_subtotal_cents: patch.minimumOrderSubtotalCents } : {}),
    ...(patch.minimumDonationCents !== undefined ? { minimum_donation_cents: patch.minimumDonationCents } : {}),
    ...(patch.taxRules !== undefined ? { tax_rules: JSON.stringify(patch.taxRules) } : {}),
    ...(patch.shippingOptions !== undefined ? { shipping_options: JSON.stringify(patch.shippingOptions) } : {}),
    ...(patch.pricesIncludeTax !== undefined ? { prices_include_tax: patch.pricesIncludeTax } : {}),
  };
  await db
    .insertInto('store_rules')
    .values({ website_id: websiteId, currency: null, ...values })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** The store's coupons among these codes (case-insensitive). */
export async function couponsByCodes(db: Db, websiteId: string, codes: string[]): Promise<CouponDefinition[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('coupons')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where((eb) => eb(eb.fn('upper', ['code']), 'in', codes.map((c) => c.toUpperCase())))
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
