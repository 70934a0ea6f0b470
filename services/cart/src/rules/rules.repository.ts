// The store's rules (currency, minimum order subtotal, tax rules, shipping options, minimum
// donation), which the cart, checkout, donations, gift cards and renewals read and the owner's
// store screens edit. A website without a row has the defaults. Coupons: coupons.repository.ts.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode, type ShippingOption, type StoreRules, type TaxRule } from '@sc/contracts';
import type { CartDB, StoreRulesTable } from '../tables.js';

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
  await trx
    .insertInto('store_rules')
    .values({ website_id: websiteId, currency: null })
    .onConflict((oc) => oc.column('website_id').doNothing())
    .execute();
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
