// Carts and their entries. A visitor's cart is found by the cart cookie, a signed-in site user's
// by their id; adding, changing and removing entries, coupons and shipping each run in one
// transaction with the event that announces them (outbox). Adds lock the cart row, so two adds
// to one cart never lose each other's lines, and check stock against what the cart already holds.
// The add, the storefront's hottest write, is one round trip (cart.add_entry, migration 0009);
// cart views price their lines from the store cache (catalog/store-cache.ts), checkout from the
// database.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CartEntryAdded,
  CommerceMessages,
  isCurrencyCode,
  MAX_QUANTITY,
  type AddEntryBody,
  type CommerceCartEntry,
  type CommerceShoppingCart,
  type CurrencyCode,
  type ShippingLocation,
  type StockResult,
  type SubscriptionCartBody as SubscriptionCartSchema,
} from '@sc/contracts';
import { enqueueEvent, traceHeaders, type ServiceContext } from '@sc/platform';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  addEntryAtomically,
  addToEntry,
  cartEntries,
  deleteEntry,
  findEntry,
  findOpenCartByToken,
  findOpenCartOfUser,
  insertCart,
  lockOpenCart,
  pricedEntries,
  setEntryFields,
  setEntryQuantity,
  updateCart,
  type AddEntryCall,
  type CartLookupKey,
  type CartRow,
  type LineRow,
  type PricedEntryRow,
} from './cart.repository.js';
import type { CartDB, StoredVariant } from '../tables.js';
import { findProduct, stockOfProduct, stockOfVariant, type ProductRow } from '../catalog/products.repository.js';
import type { StoreCache } from '../catalog/store-cache.js';
import { checkProduct, checkQuantity, refusalOf, stockVerdict, tracksStock, unitPriceOf, withLine, type AddRefusal, type SaleableProduct } from '../domain/add-to-cart.js';
import { toShoppingCart } from '../domain/shopping-cart.js';
import { computeTotals, type Totals } from '../domain/totals.js';
import { cartFailure } from './errors.js';
import { batchedPoke } from './outbox-poke.js';
import { couponsByCodes, rulesOf, type WebsiteRules } from '../store/rules.repository.js';
import type { CouponDefinition } from '../domain/totals.js';

/** A refused add as the cart's failure (status and SPEC message from domain/add-to-cart.ts). */
const refused = (refusal: AddRefusal) => cartFailure(refusal.status, refusal.message);

/** Ids and tokens come from here so tests can see their shape; tokens are unguessable (192 bits). */
export const newCartId = (): string => randomBytes(12).toString('hex');
export const newCartToken = (): string => randomBytes(24).toString('base64url');
// Entry ids are made on every add: randomUUID draws from a cached pool of entropy, where
// randomBytes asks for fresh bytes on each call (it showed in bench/cart's profile). 24 hex
// digits of a v4 UUID, like the other ids here; they name a line, they guard nothing.
export const newEntryId = (): string => randomUUID().replaceAll('-', '').slice(0, 24);

export interface CartLookup {
  cart: CartRow;
  created: boolean;
}

/** Who is asking: the website, the cart cookie and, when signed in, the site user. */
export interface Shopper {
  websiteId: string;
  token: string | undefined;
  siteUserId: string | undefined;
  /** Called before a cart is made for this shopper (throws 429 past the address's limit of new carts). */
  admitNewCart?: () => void;
}

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

const jsonArray = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? (JSON.parse(value) as string[]) : []);
const jsonValue = <T>(value: unknown): T | null => (value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** How a view is read: from the store cache (storefront calls) or from the database (checkout, coupon checks). */
export interface LoadOptions {
  db?: Kysely<CartDB> | Transaction<CartDB>;
  fresh?: boolean;
}

export class CartService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #cache: StoreCache;
  readonly #pokeRelay: () => void;

  constructor(ctx: ServiceContext<CartDB>, cache: StoreCache) {
    this.#ctx = ctx;
    this.#cache = cache;
    this.#pokeRelay = batchedPoke(ctx.relay);
  }

  /** The open cart of this cookie token, or a new one when the token is missing or unknown. */
  async getOrCreateGuestCart(websiteId: string, token: string | undefined, admitNewCart?: () => void): Promise<CartLookup> {
    if (token) {
      const existing = await findOpenCartByToken(this.#ctx.db, websiteId, token);
      if (existing) return { cart: existing, created: false };
    }
    admitNewCart?.();
    const cart = await this.#ctx.transaction(async (trx) => this.#create(trx, websiteId, null));
    return { cart, created: true };
  }

  /** The shopper's cart: a signed-in user's own, else the cookie's; made when there is none. */
  async cartOf(shopper: Shopper): Promise<CartLookup> {
    if (!shopper.siteUserId) return this.getOrCreateGuestCart(shopper.websiteId, shopper.token, shopper.admitNewCart);
    const own = await findOpenCartOfUser(this.#ctx.db, shopper.websiteId, shopper.siteUserId);
    if (own) return { cart: own, created: false };
    // Signed in but the sign-in event has not been handled yet (or there was no guest cart): the
    // cookie's guest cart becomes theirs, else a new one. The unique index keeps it to one cart.
    try {
      return await this.#ctx.transaction(async (trx) => {
        const guest = shopper.token ? await findOpenCartByToken(trx, shopper.websiteId, shopper.token) : undefined;
        if (guest && guest.site_user_id === null && guest.kind === 'cart') {
          await updateCart(trx, guest.id, { site_user_id: shopper.siteUserId });
          return { cart: { ...guest, site_user_id: shopper.siteUserId ?? null }, created: false };
        }
        return { cart: await this.#create(trx, shopper.websiteId, shopper.siteUserId ?? null), created: true };
      });
    } catch (error) {
      const again = await findOpenCartOfUser(this.#ctx.db, shopper.websiteId, shopper.siteUserId);
      if (again) return { cart: again, created: false };
      throw error;
    }
  }

  async #create(trx: Transaction<CartDB>, websiteId: string, siteUserId: string | null, kind: 'cart' | 'subscription' = 'cart'): Promise<CartRow> {
    const row = await insertCart(trx, { id: newCartId(), websiteId, token: newCartToken(), siteUserId, kind });
    await enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: row.id, websiteId });
    return row;
  }

  /** A product of the website as the add-to-cart rules see it (from the store cache). */
  async #saleable(websiteId: string, itemId: string): Promise<{ row: ProductRow; rules: SaleableProduct } | undefined> {
    const row = await this.#cache.product(this.#ctx.db, websiteId, itemId);
    if (!row) return undefined;
    return {
      row,
      rules: {
        productType: row.product_type,
        variantOptionOrdering: row.variant_option_ordering,
        variants: row.variants,
        deleted: row.deleted,
        visible: row.visible,
        isSubscribable: row.is_subscribable,
      },
    };
  }

  /**
   * SPEC 7 /api/3/commerce/cart/subscription: a new cart holding one subscription product, checked
   * by the same add-to-cart rules as a cart's add (for a subscription: a plan, in stock).
   */
  async addSubscription(shopper: Shopper, body: z.infer<typeof SubscriptionCartSchema>): Promise<CartRow> {
    const quantity = checkQuantity(body.qty);
    if (!quantity.ok) throw refused(quantity.refusal);
    const product = await this.#saleable(shopper.websiteId, body.itemId);
    const checked = checkProduct(product?.rules, 'subscription', { sku: body.sku });
    if (!checked.ok) throw refused(checked.refusal);
    const productId = product!.row.product_id;
    const { variant, tracksStock: tracked } = checked.value;
    // A new cart holds nothing yet: stock must cover the quantity alone.
    const stock = tracked ? await stockOfVariant(this.#ctx.db, shopper.websiteId, productId, variant.id) : undefined;
    const verdict = stockVerdict({ tracksStock: tracked, stock, held: 0, mergeable: 0, requested: quantity.value, merges: false });
    if (verdict !== 'added') throw refused(refusalOf(verdict, 'subscription'));
    return this.#ctx.transaction(async (trx) => {
      const cart = await this.#create(trx, shopper.websiteId, shopper.siteUserId ?? null, 'subscription');
      await addToEntry(trx, { id: newEntryId(), cartId: cart.id, productId, variantId: variant.id, quantity: quantity.value, additionalFields: body.additionalFields ?? '' });
      return cart;
    });
  }

  /**
   * SPEC 7 POST .../entries: every SPEC 5 rule (domain/add-to-cart.ts), then the entry and its
   * event in one round trip. `onCart` hears which cart it was as soon as that is known (the route
   * sets the cookie), also when the add is then refused.
   */
  async addEntry(
    shopper: Shopper,
    body: AddEntryBody,
    onCart: (lookup: CartLookup) => void = () => undefined,
  ): Promise<{ view: CommerceShoppingCart; entry: CommerceCartEntry; cart: CartRow }> {
    const quantity = checkQuantity(body.quantity);
    if (!quantity.ok) throw refused(quantity.refusal);
    const { websiteId } = shopper;
    const product = await this.#saleable(websiteId, body.itemId);
    const checked = checkProduct(product?.rules, 'cart', { sku: body.sku, variantId: body.variantId, attributes: body.attributes });
    if (!checked.ok) throw refused(checked.refusal);
    const row = product!.row;
    const { variant, tracksStock: tracked } = checked.value;
    // The event is checked against its contract here; the function fills in cartId and entryId.
    const { cartId: _cartId, entryId: _entryId, ...data } = CartEntryAdded.parse({
      cartId: '',
      entryId: '',
      itemId: row.product_id,
      variantId: variant.id,
      sku: variant.sku,
      quantity: quantity.value,
      unitPrice: { value: String(unitPriceOf(variant)), currency: isCurrencyCode(row.currency) ? row.currency : 'USD' },
    });
    const call: Omit<AddEntryCall, 'cart'> = {
      websiteId,
      productId: row.product_id,
      variantId: variant.id,
      entryId: newEntryId(),
      quantity: quantity.value,
      additionalFields: body.additionalFields ?? '',
      tracksStock: tracked,
      maxLine: MAX_QUANTITY,
      event: { id: randomUUID(), occurredAt: new Date().toISOString(), data, headers: traceHeaders() },
    };
    const known: CartLookupKey | undefined = shopper.siteUserId
      ? { by: 'user', siteUserId: shopper.siteUserId }
      : shopper.token
        ? { by: 'token', token: shopper.token }
        : undefined;
    let result = known ? await addEntryAtomically(this.#ctx.db, { ...call, cart: known }) : undefined;
    if (result) {
      onCart({ cart: result.cart, created: false });
    } else {
      // No open cart yet for this shopper (or the cookie's cart was checked out): make or adopt one.
      const lookup = await this.cartOf(shopper);
      onCart(lookup);
      result = await addEntryAtomically(this.#ctx.db, { ...call, cart: { by: 'id', id: lookup.cart.id } });
      if (!result) throw cartFailure(409, CommerceMessages.cartPurchased);
    }
    // The function wrote the line only if the facts it read allowed it; the same rule names the outcome.
    const verdict = stockVerdict({ tracksStock: tracked, stock: result.stock, held: result.held, mergeable: result.mergeable, requested: quantity.value, merges: call.additionalFields === '' });
    if ((verdict === 'added') !== result.added) throw new Error(`cart.add_entry and the add-to-cart rules disagree (${verdict}, added: ${result.added})`);
    if (verdict !== 'added') throw refused(refusalOf(verdict, 'cart'));
    this.#pokeRelay();
    const entryId = result.entry_id!;
    const added = { id: entryId, product_id: call.productId, variant_id: call.variantId, quantity: result.entry_quantity!, additional_fields: call.additionalFields };
    const loaded = await this.#loadLines(result.cart, withLine(result.entriesBefore, added), {});
    const entry = loaded.view.entries.find((e) => e.id === entryId);
    if (!entry) throw cartFailure(404, CommerceMessages.productUnavailable);
    return { view: loaded.view, entry, cart: result.cart };
  }

  /** The cart page changes a line's quantity (checked against stock like an add). */
  async updateQuantity(cart: CartRow, entryId: string, raw: number | string): Promise<CommerceShoppingCart> {
    const quantity = checkQuantity(raw);
    if (!quantity.ok) throw refused(quantity.refusal);
    await this.#ctx.transaction(async (trx) => {
      if (!(await lockOpenCart(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const entry = await findEntry(trx, cart.id, entryId);
      if (!entry) throw cartFailure(404, CommerceMessages.entryNotFound);
      const product = await findProduct(trx, cart.website_id, entry.product_id);
      if (product && tracksStock(product.product_type)) {
        const others = (await pricedEntries(trx, cart.website_id, cart.id))
          .filter((e) => e.id !== entry.id && e.product_id === entry.product_id && e.variant_id === entry.variant_id)
          .reduce((sum, e) => sum + e.quantity, 0);
        const stock = await stockOfVariant(trx, cart.website_id, entry.product_id, entry.variant_id);
        // The line's new quantity is checked as an add of it to the cart's other lines of the variant.
        const verdict = stockVerdict({ tracksStock: true, stock, held: others, mergeable: 0, requested: quantity.value, merges: false });
        if (verdict !== 'added') throw refused(refusalOf(verdict, 'cart'));
      }
      await setEntryQuantity(trx, entry.id, quantity.value);
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'quantity', entryId: entry.id });
    });
    return (await this.load(cart)).view;
  }

  /** The cart page removes a line. */
  async removeEntry(cart: CartRow, entryId: string): Promise<CommerceShoppingCart> {
    await this.#ctx.transaction(async (trx) => {
      if (!(await lockOpenCart(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const entry = await findEntry(trx, cart.id, entryId);
      if (!entry) throw cartFailure(404, CommerceMessages.entryNotFound);
      const stock = await stockOfVariant(trx, cart.website_id, entry.product_id, entry.variant_id);
      await deleteEntry(trx, entry.id);
      await enqueueEvent(trx, 'commerce.cart.entry-removed', cart.website_id, {
        cartId: cart.id,
        entryId: entry.id,
        itemId: entry.product_id,
        variantId: entry.variant_id,
        sku: stock?.sku ?? '',
        quantity: entry.quantity,
      });
    });
    return (await this.load(cart)).view;
  }

  /** SPEC 7 PUT .../entries/{entryId}/additionalFields. */
  async updateFields(cart: CartRow, entryId: string, itemId: string, additionalFields: string): Promise<{ view: CommerceShoppingCart; entry: CommerceCartEntry }> {
    await this.#ctx.transaction(async (trx) => {
      if (!(await lockOpenCart(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const entry = await findEntry(trx, cart.id, entryId);
      if (!entry || entry.product_id !== itemId) throw cartFailure(404, CommerceMessages.entryNotFound);
      await setEntryFields(trx, entry.id, additionalFields);
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'additional-fields', entryId: entry.id });
    });
    const loaded = await this.load(cart);
    const entry = loaded.view.entries.find((e) => e.id === entryId);
    if (!entry) throw cartFailure(404, CommerceMessages.entryNotFound);
    return { view: loaded.view, entry };
  }

  /** Applies a coupon code; an unknown or unusable code is refused with the reason. */
  async applyCoupon(cart: CartRow, code: string): Promise<CommerceShoppingCart> {
    const current = jsonArray(cart.coupon_codes);
    if (current.some((c) => c.toUpperCase() === code.toUpperCase())) throw cartFailure(409, CommerceMessages.couponAlreadyApplied);
    const [coupon] = await couponsByCodes(this.#ctx.db, cart.website_id, [code]);
    if (!coupon) throw cartFailure(404, CommerceMessages.couponUnknown);
    const trial = await this.load({ ...cart, coupon_codes: [...current, coupon.code] }, { fresh: true });
    const refused = trial.view.invalidCoupons.find((c) => c.code === coupon.code);
    if (refused) throw cartFailure(400, refused.reason);
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { coupon_codes: JSON.stringify([...current, coupon.code]) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'coupon', entryId: null });
    });
    return trial.view;
  }

  async removeCoupon(cart: CartRow, code: string): Promise<CommerceShoppingCart> {
    const next = jsonArray(cart.coupon_codes).filter((c) => c.toUpperCase() !== code.toUpperCase());
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { coupon_codes: JSON.stringify(next) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'coupon', entryId: null });
    });
    return (await this.load({ ...cart, coupon_codes: next })).view;
  }

  /** Where the order ships: decides the shipping options and tax rules. */
  async setLocation(cart: CartRow, location: ShippingLocation): Promise<CommerceShoppingCart> {
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { shipping_location: JSON.stringify(location) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'shipping', entryId: null });
    });
    return (await this.load({ ...cart, shipping_location: location })).view;
  }

  async chooseShipping(cart: CartRow, optionId: string): Promise<CommerceShoppingCart> {
    const trial = await this.load({ ...cart, shipping_option_id: optionId }, { fresh: true });
    if (trial.view.selectedShippingOption?.id !== optionId) {
      const rules = await rulesOf(this.#ctx.db, cart.website_id);
      throw cartFailure(400, rules.shippingOptions.some((o) => o.id === optionId) ? CommerceMessages.shippingOptionNotForLocation : CommerceMessages.shippingOptionUnknown);
    }
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { shipping_option_id: optionId });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'shipping', entryId: null });
    });
    return trial.view;
  }

  /** SPEC 7 GET commerce/inventory/stock/?itemId=: one result per variant. */
  async stockResult(websiteId: string, itemId: string): Promise<StockResult> {
    const product = await this.#cache.product(this.#ctx.db, websiteId, itemId);
    if (!product || product.deleted || !product.visible) throw cartFailure(404, CommerceMessages.productUnavailable);
    const stock = await stockOfProduct(this.#ctx.db, websiteId, itemId);
    const byVariant = new Map(stock.map((s) => [s.variant_id, s]));
    return {
      results: product.variants.map((v) => {
        const s = byVariant.get(v.id);
        // Digital products and gift cards are never sold out (SPEC 4).
        const unlimited = !tracksStock(product.product_type) || (s?.unlimited ?? false);
        return { itemId, variantId: v.id, sku: v.sku, unlimited, qtyInStock: s?.qty ?? 0 };
      }),
    };
  }

  /** Reads a cart with its current prices and totals (`fresh`: products and rules from the database). */
  async load(cart: CartRow, options: LoadOptions = {}): Promise<LoadedCart> {
    const db = options.db ?? this.#ctx.db;
    if (options.fresh) {
      const couponCodes = jsonArray(cart.coupon_codes);
      const [rows, rules, coupons] = await Promise.all([
        pricedEntries(db, cart.website_id, cart.id),
        rulesOf(db, cart.website_id),
        couponsByCodes(db, cart.website_id, couponCodes),
      ]);
      return this.#assemble(cart, rows, rules, coupons);
    }
    return this.#loadLines(cart, await cartEntries(db, cart.id), options);
  }

  /** A view of these lines, their products, rules and coupons from the store cache. */
  async #loadLines(cart: CartRow, lines: LineRow[], options: LoadOptions): Promise<LoadedCart> {
    const db = options.db ?? this.#ctx.db;
    const couponCodes = jsonArray(cart.coupon_codes);
    const [products, rules, coupons] = await Promise.all([
      this.#cache.products(db, cart.website_id, lines.map((l) => l.product_id)),
      this.#cache.rules(db, cart.website_id),
      couponCodes.length === 0 ? [] : this.#cache.coupons(db, cart.website_id, couponCodes),
    ]);
    const rows = lines.map((line) => {
      const product = products.get(line.product_id);
      const live = product && !product.deleted ? product : undefined;
      return { ...line, title: live?.title ?? null, product_type: live?.product_type ?? null, variants: live?.variants ?? null, additional_fields_form_id: live?.additional_fields_form_id ?? null };
    });
    return this.#assemble(cart, rows, rules, coupons);
  }

  #assemble(cart: CartRow, rows: Array<LineRow & Pick<PricedEntryRow, 'title' | 'product_type' | 'variants' | 'additional_fields_form_id'>>, rules: WebsiteRules, coupons: CouponDefinition[]): LoadedCart {
    const couponCodes = jsonArray(cart.coupon_codes);
    const lines: PricedLine[] = [];
    for (const row of rows) {
      const variant = row.variants?.find((v) => v.id === row.variant_id);
      if (!variant || row.product_type === null) continue;
      lines.push({ entry: row, variant, title: row.title ?? '', productType: row.product_type, unitPriceCents: unitPriceOf(variant), additionalFieldsFormId: row.additional_fields_form_id });
    }
    const location = jsonValue<ShippingLocation>(cart.shipping_location);
    const totals = computeTotals({
      lines: lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.entry.quantity, productType: l.productType, ...(l.variant.weightGrams !== undefined ? { weightGrams: l.variant.weightGrams } : {}) })),
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
}
