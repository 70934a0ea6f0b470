// The demo shop's shipping and tax (issue 36): every kind of shipping option the cart supports and
// the tax rules of the demo's home state, so a first checkout shows real amounts. Written only when
// the demo has no store rules yet: an owner's own rules are never overwritten by a restart.
import { DEMO_WEBSITE_ID, type ShippingOption, type TaxRule } from '@sc/contracts';
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';

export const DEMO_SHIPPING_OPTIONS: readonly ShippingOption[] = Object.freeze([
  // Flat rate, free from $75 (after discounts), anywhere in the US.
  { id: 'standard', name: 'Standard', rateCents: 600, freeOverCents: 7500, countries: ['US'] },
  // Weight-based: up to 1 kg $9, up to 3 kg $14, heavier $22, in the US and Canada.
  {
    id: 'parcel-by-weight',
    name: 'Express parcel',
    rateCents: 2200,
    freeOverCents: null,
    countries: ['US', 'CA'],
    weightRates: [
      { upToGrams: 1000, rateCents: 900 },
      { upToGrams: 3000, rateCents: 1400 },
    ],
  },
  // Local pickup at the studio, for buyers in Maine only.
  {
    id: 'pickup',
    name: 'Local pickup (Fore Street, Portland)',
    rateCents: 0,
    freeOverCents: null,
    countries: ['US'],
    regions: ['ME'],
    pickup: true,
  },
  // Everywhere else we ship to.
  {
    id: 'international',
    name: 'International',
    rateCents: 2500,
    freeOverCents: null,
    countries: ['CA', 'GB', 'IE', 'DE', 'FR', 'NL', 'AU', 'NZ', 'JP'],
  },
]);

export const DEMO_TAX_RULES: readonly TaxRule[] = Object.freeze([
  // Maine's 5.5 % sales tax, not on shipping (Maine does not tax separately stated delivery).
  { id: 'us-me', name: 'Maine sales tax', country: 'US', region: 'ME', rateBps: 550, appliesToShipping: false },
  // Canada's 5 % GST, on shipping too.
  { id: 'ca-gst', name: 'GST', country: 'CA', region: null, rateBps: 500, appliesToShipping: true },
]);

/** Writes the demo's shipping options and tax rules unless it has store rules already. */
export async function seedDemoStoreRules(db: Kysely<CartDB>): Promise<void> {
  await db
    .insertInto('store_rules')
    .values({
      website_id: DEMO_WEBSITE_ID,
      currency: null,
      shipping_options: JSON.stringify(DEMO_SHIPPING_OPTIONS),
      tax_rules: JSON.stringify(DEMO_TAX_RULES),
    })
    .onConflict((oc) => oc.column('website_id').doNothing())
    .execute();
}
