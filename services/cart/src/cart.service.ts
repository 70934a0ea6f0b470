// Carts and their entries. A visitor's cart is found by the cart cookie, a signed-in site user's
// by their id; adding, changing and removing entries, coupons and shipping each run in one
// transaction with the event that announces them (outbox). Adds lock the cart row, so two adds
// to one cart never lose each other's lines, and check stock against what the cart already holds.
import { randomBytes } from 'node:crypto';
import {
  AddToCartMessages,
  CommerceMessages,
  isCurrencyCode,
  type AddEntryBody,
  type CommerceCartEntry,
  type CommerceShoppingCart,
  type CurrencyCode,
  type ShippingLocation,
  type StockResult,
} from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import {
  addToEntry,
  deleteEntry,
  findEntry,
  findOpenCartByToken,
  findOpenCartOfUser,
  insertCart,
  lockCartForAdd,
  lockOpenCart,
  pricedEntries,
  setEntryFields,
  setEntryQuantity,
  updateCart,
  type CartRow,
  type PricedEntryRow,
} from './cart.repository.js';
import type { CartDB, StoredVariant } from './cart.table.js';
import { findProduct, stockOfProduct, stockOfVariant, type ProductRow } from './catalog/products.repository.js';
import { hasEnoughStock, parseQuantity, resolveVariant, tracksStock, unitPriceOf } from './domain/add-to-cart.js';
import { toShoppingCart } from './domain/shopping-cart.js';
import { computeTotals, type Totals } from './domain/totals.js';
import { cartFailure } from './errors.js';
import { couponsByCodes, rulesOf } from './store/rules.repository.js';

/** Ids and tokens come from here so tests can see their shape; tokens are unguessable (192 bits). */
export const newCartId = (): string => randomBytes(12).toString('hex');
export const newCartToken = (): string => randomBytes(24).toString('base64url');
export const newEntryId = (): string => randomBytes(12).toString('hex');

export interface CartLookup {
  cart: CartRow;
  created: boolean;
}

/** Who is asking: the website, the cart cookie and, when signed in, the site user. */
export interface Shopper {
  websiteId: string;
  token: string | undefined;
  siteUserId: string | undefined;
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
  entry: PricedEntryRow;
  variant: StoredVariant;
  title: string;
  productType: number;
  unitPriceCents: number;
}

const jsonArray = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? (JSON.parse(value) as string[]) : []);
const jsonValue = <T>(value: unknown): T | null => (value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export class CartService {
  readonly #ctx: ServiceContext<CartDB>;

  constructor(ctx: ServiceContext<CartDB>) {
    this.#ctx = ctx;
  }

  /** The open cart of this cookie token, or a new one when the token is missing or unknown. */
  async getOrCreateGuestCart(websiteId: string, token: string | undefined): Promise<CartLookup> {
    if (token) {
      const existing = await findOpenCartByToken(this.#ctx.db, websiteId, token);
      if (existing) return { cart: existing, created: false };
    }
    const cart = await this.#ctx.transaction(async (trx) => this.#create(trx, websiteId, null));
    return { cart, created: true };
  }

  /** The shopper's cart: a signed-in user's own, else the cookie's; made when there is none. */
  async cartOf(shopper: Shopper): Promise<CartLookup> {
    if (!shopper.siteUserId) return this.getOrCreateGuestCart(shopper.websiteId, shopper.token);
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

  /** A new one-item cart for a subscription checkout (SPEC 7 /api/3/commerce/cart/subscription). */
  async createSubscriptionCart(websiteId: string, siteUserId: string | undefined, productId: string, variantId: string, quantity: number, additionalFields: string): Promise<CartRow> {
    return this.#ctx.transaction(async (trx) => {
      const cart = await this.#create(trx, websiteId, siteUserId ?? null, 'subscription');
      await addToEntry(trx, { id: newEntryId(), cartId: cart.id, productId, variantId, quantity, additionalFields });
      return cart;
    });
  }

  /** A visible product of the website, or the SPEC failure. */
  async productForSale(websiteId: string, itemId: string): Promise<ProductRow> {
    const product = await findProduct(this.#ctx.db, websiteId, itemId);
    if (!product || product.deleted || !product.visible) throw cartFailure(404, CommerceMessages.productUnavailable);
    return product;
  }

  /** SPEC 7 POST .../entries: every SPEC 5 rule, then the entry and its event in one transaction. */
  async addEntry(cart: CartRow, body: AddEntryBody): Promise<{ view: CommerceShoppingCart; entry: CommerceCartEntry }> {
    const quantity = parseQuantity(body.quantity);
    if (!quantity.ok) throw cartFailure(400, quantity.message);
    const product = await this.productForSale(cart.website_id, body.itemId);
    if (product.is_subscribable) throw cartFailure(400, CommerceMessages.subscriptionOnly);
    const variants = product.variants;
    const resolved = resolveVariant(
      { productType: product.product_type, variantOptionOrdering: product.variant_option_ordering, variants },
      { sku: body.sku, variantId: body.variantId, attributes: body.attributes },
    );
    if (!resolved.ok) throw cartFailure(400, resolved.message);
    const variant = resolved.value;
    const fields = body.additionalFields ?? '';
    const entryId = await this.#ctx.transaction(async (trx) => {
      const state = await lockCartForAdd(trx, cart.id, cart.website_id, product.product_id, variant.id);
      if (!state) throw cartFailure(409, CommerceMessages.cartPurchased);
      if (tracksStock(product.product_type) && !hasEnoughStock(state.qty === null ? undefined : { qty: state.qty, unlimited: state.unlimited ?? false }, state.in_cart, quantity.value)) {
        throw cartFailure(409, AddToCartMessages.notEnoughStock);
      }
      // Per-line limit: merging must not take a line past 9999.
      if (fields === '' && state.in_cart + quantity.value > 9999) throw cartFailure(400, CommerceMessages.quantityOutOfRange);
      const entry = await addToEntry(trx, { id: newEntryId(), cartId: cart.id, productId: product.product_id, variantId: variant.id, quantity: quantity.value, additionalFields: fields });
      await enqueueEvent(trx, 'commerce.cart.entry-added', cart.website_id, {
        cartId: cart.id,
        entryId: entry.id,
        itemId: product.product_id,
        variantId: variant.id,
        sku: variant.sku,
        quantity: quantity.value,
        unitPrice: { value: String(unitPriceOf(variant)), currency: (isCurrencyCode(product.currency) ? product.currency : 'USD') },
      });
      return entry.id;
    });
    const loaded = await this.load(cart);
    const entry = loaded.view.entries.find((e) => e.id === entryId);
    if (!entry) throw cartFailure(404, CommerceMessages.productUnavailable);
    return { view: loaded.view, entry };
  }

  /** The cart page changes a line's quantity (checked against stock like an add). */
  async updateQuantity(cart: CartRow, entryId: string, raw: number | string): Promise<CommerceShoppingCart> {
    const quantity = parseQuantity(raw);
    if (!quantity.ok) throw cartFailure(400, quantity.message);
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
        if (!hasEnoughStock(stock, others, quantity.value)) throw cartFailure(409, AddToCartMessages.notEnoughStock);
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
    const trial = await this.load({ ...cart, coupon_codes: [...current, coupon.code] });
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
    const trial = await this.load({ ...cart, shipping_option_id: optionId });
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
    const product = await this.productForSale(websiteId, itemId);
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

  /** Reads a cart with its current prices and totals. */
  async load(cart: CartRow, db: ServiceContext<CartDB>['db'] | Transaction<CartDB> = this.#ctx.db): Promise<LoadedCart> {
    const couponCodes = jsonArray(cart.coupon_codes);
    const [rows, rules, coupons] = await Promise.all([
      pricedEntries(db, cart.website_id, cart.id),
      rulesOf(db, cart.website_id),
      couponsByCodes(db, cart.website_id, couponCodes),
    ]);
    const lines: PricedLine[] = [];
    for (const row of rows) {
      const variant = row.variants?.find((v) => v.id === row.variant_id);
      if (!variant || row.product_type === null) continue;
      lines.push({ entry: row, variant, title: row.title ?? '', productType: row.product_type, unitPriceCents: unitPriceOf(variant) });
    }
    const location = jsonValue<ShippingLocation>(cart.shipping_location);
    const totals = computeTotals({
      lines: lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.entry.quantity, productType: l.productType })),
      couponCodes,
      coupons,
      taxRules: rules.taxRules,
      shippingOptions: rules.shippingOptions,
      selectedShippingOptionId: cart.shipping_option_id,
      location,
      now: new Date(),
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
    );
    return { cart, view, totals, lines, currency: rules.currency, minimumOrderSubtotalCents: rules.minimumOrderSubtotalCents };
  }
}

