// A cart with its current prices and totals, as the cart's answers and checkout read it: its
// lines priced from the products (the store cache for storefront calls, the database for
// checkout and code checks), the store's rules and the cart's coupons, totalled by domain/totals.
import type { CommerceCartEntry, CommerceShoppingCart, CurrencyCode, ShippingLocation } from '@sc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { StoreCache } from '../catalog/index.js';
import { unitPriceOf } from '../domain/add-to-cart.js';
import { toShoppingCart } from '../domain/shopping-cart.js';
import { computeTotals, type CouponDefinition, type Totals } from '../domain/totals.js';
import { couponsByCodes } from '../rules/coupons.repository.js';
import { rulesOf, type WebsiteRules } from '../rules/rules.repository.js';
import type { CartDB, StoredVariant } from '../tables.js';
import { cartEntries, pricedEntries, type CartRow, type LineRow, type PricedEntryRow } from './cart.repository.js';

/** A loaded cart: the SPEC shape plus what checkout needs. */
export interface LoadedCart {
  cart: CartRow;
  view: CommerceShoppingCart;
  totals: Totals;
  lines: PricedLine[];
  currency: CurrencyCode;
  minimumOrderSubtotalCents: number;
}

export interface PricedLine {
  entry: LineRow;
  variant: StoredVariant;
  title: string;
  productType: number;
  unitPriceCents: number;
  /** The form whose answers this line's additionalFields hold (the product's, now). */
  additionalFieldsFormId: string | null;
}

export const jsonArray = (value: unknown): string[] =>
  Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? (JSON.parse(value) as string[]) : [];
const jsonValue = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/** How a view is read: from the store cache (storefront calls) or from the database (checkout, coupon checks). */
export interface LoadOptions {
  db?: Kysely<CartDB> | Transaction<CartDB>;
  fresh?: boolean;
}

export class CartViews {
  readonly #db: Kysely<CartDB>;
  readonly #cache: StoreCache;

  constructor(db: Kysely<CartDB>, cache: StoreCache) {
    this.#db = db;
    this.#cache = cache;
  }

  /** Reads a cart with its current prices and totals (`fresh`: products and rules from the database). */
  async load(cart: CartRow, options: LoadOptions = {}): Promise<LoadedCart> {
    const db = options.db ?? this.#db;
    if (options.fresh) {
      const couponCodes = jsonArray(cart.coupon_codes);
      const [rows, rules, coupons] = await Promise.all([
        pricedEntries(db, cart.website_id, cart.id),
        rulesOf(db, cart.website_id),
        couponsByCodes(db, cart.website_id, couponCodes),
      ]);
      return assemble(cart, rows, rules, coupons);
    }
    return this.loadLines(cart, await cartEntries(db, cart.id), options);
  }

  /** A view of these lines, their products, rules and coupons from the store cache. */
  async loadLines(cart: CartRow, lines: LineRow[], options: LoadOptions): Promise<LoadedCart> {
    const db = options.db ?? this.#db;
    const couponCodes = jsonArray(cart.coupon_codes);
    const [products, rules, coupons] = await Promise.all([
      this.#cache.products(
        db,
        cart.website_id,
        lines.map((l) => l.product_id),
      ),
      this.#cache.rules(db, cart.website_id),
      couponCodes.length === 0 ? [] : this.#cache.coupons(db, cart.website_id, couponCodes),
    ]);
    const rows = lines.map((line) => {
      const product = products.get(line.product_id);
      const live = product && !product.deleted ? product : undefined;
      return {
        ...line,
        title: live?.title ?? null,
        product_type: live?.product_type ?? null,
        variants: live?.variants ?? null,
        additional_fields_form_id: live?.additional_fields_form_id ?? null,
      };
    });
    return assemble(cart, rows, rules, coupons);
  }
}

function assemble(
  cart: CartRow,
  rows: Array<LineRow & Pick<PricedEntryRow, 'title' | 'product_type' | 'variants' | 'additional_fields_form_id'>>,
  rules: WebsiteRules,
  coupons: CouponDefinition[],
): LoadedCart {
  const couponCodes = jsonArray(cart.coupon_codes);
  const lines: PricedLine[] = [];
  for (const row of rows) {
    const variant = row.variants?.find((v) => v.id === row.variant_id);
    if (!variant || row.product_type === null) continue;
    lines.push({
      entry: row,
      variant,
      title: row.title ?? '',
      productType: row.product_type,
      unitPriceCents: unitPriceOf(variant),
      additionalFieldsFormId: row.additional_fields_form_id,
    });
  }
  const location = jsonValue<ShippingLocation>(cart.shipping_location);
  const totals = computeTotals({
    lines: lines.map((l) => ({
      unitPriceCents: l.unitPriceCents,
      quantity: l.entry.quantity,
      productType: l.productType,
      ...(l.variant.weightGrams !== undefined ? { weightGrams: l.variant.weightGrams } : {}),
    })),
    couponCodes,
    coupons,
    taxRules: rules.taxRules,
    shippingOptions: rules.shippingOptions,
    selectedShippingOptionId: cart.shipping_option_id,
    location,
    now: new Date(),
    pricesIncludeTax: rules.pricesIncludeTax,
  });
  const entries: CommerceCartEntry[] = lines.map((l) => ({
    id: l.entry.id,
    itemId: l.entry.product_id,
    variantId: l.variant.id,
    quantity: l.entry.quantity,
    chosenVariant: { sku: l.variant.sku, attributes: l.variant.attributes },
    title: l.title,
    productType: l.productType as CommerceCartEntry['productType'],
    subTotal: l.unitPriceCents * l.entry.quantity,
    purchasePriceCents: l.unitPriceCents,
    additionalFields: l.entry.additional_fields === '' ? null : l.entry.additional_fields,
    additionalFieldsFormId: l.additionalFieldsFormId,
  }));
  const view = toShoppingCart(
    {
      id: cart.id,
      websiteId: cart.website_id,
      orderId: cart.order_id,
      isPurchased: cart.is_purchased,
      createdAt: new Date(cart.created_at),
      couponCodes,
      shippingLocation: location,
    },
    entries,
    totals,
    rules.currency,
    rules.minimumOrderSubtotalCents,
  );
  return { cart, view, totals, lines, currency: rules.currency, minimumOrderSubtotalCents: rules.minimumOrderSubtotalCents };
}
