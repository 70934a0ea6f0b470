// Carts and their entries. A visitor's cart is found by the cart cookie, a signed-in site user's
// by their id; adding, changing and removing entries each run in one transaction with the event
// that announces them (outbox); coupons and shipping are cart-choices.service.ts. Adds lock the
// cart row, so two adds to one cart never lose each other's lines, and check stock against what
// the cart already holds. The add, the storefront's hottest write, is one round trip
// (cart.add_entry, migration 0009); cart views (cart-view.ts) price their lines from the store
// cache (catalog/store-cache.ts), checkout from the database.
import { randomUUID } from 'node:crypto';
import {
  CartEntryAdded,
  CommerceMessages,
  isCurrencyCode,
  MAX_QUANTITY,
  type AddEntryBody,
  type CommerceCartEntry,
  type CommerceShoppingCart,
  type StockResult,
  type SubscriptionCartBody as SubscriptionCartSchema,
} from '@sc/contracts';
import { enqueueEvent, traceHeaders, type ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  addEntryAtomically,
  addToEntry,
  deleteEntry,
  findEntry,
  findOpenCartByToken,
  findOpenCartOfUser,
  insertCart,
  lockOpenCart,
  markPurchased,
  pricedEntries,
  setEntryFields,
  setEntryQuantity,
  updateCart,
  type AddEntryCall,
  type CartLookupKey,
  type CartRow,
} from './cart.repository.js';
import type { CartDB } from '../tables.js';
import { findProduct, saleableProduct, stockOfVariant, stockResultOf, type StoreCache } from '../catalog/index.js';
import {
  checkProduct,
  checkQuantity,
  refusalOf,
  stockVerdict,
  tracksStock,
  unitPriceOf,
  withLine,
  type AddRefusal,
} from '../domain/add-to-cart.js';
import { cartFailure } from '../shared/errors.js';
import { batchedPoke } from './outbox-poke.js';
import { newCartId, newCartToken, newEntryId } from './ids.js';
import { CartViews, type LoadedCart, type LoadOptions } from './cart-view.js';
import type { CartLookup, Shopper } from './cart.types.js';

/** A refused add as the cart's failure (status and SPEC message from domain/add-to-cart.ts). */
const refused = (refusal: AddRefusal) => cartFailure(refusal.status, refusal.message);

export { newCartId, newCartToken, newEntryId } from './ids.js';

export type { CartLookup, Shopper } from './cart.types.js';
export type { LoadedCart, LoadOptions, PricedLine } from './cart-view.js';
export type { CartRow } from './cart.repository.js';

export class CartService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #cache: StoreCache;
  readonly #views: CartViews;
  readonly #pokeRelay: () => void;

  constructor(ctx: ServiceContext<CartDB>, cache: StoreCache) {
    this.#ctx = ctx;
    this.#cache = cache;
    this.#views = new CartViews(ctx.db, cache);
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

  async #create(
    trx: Transaction<CartDB>,
    websiteId: string,
    siteUserId: string | null,
    kind: 'cart' | 'subscription' = 'cart',
  ): Promise<CartRow> {
    const row = await insertCart(trx, { id: newCartId(), websiteId, token: newCartToken(), siteUserId, kind });
    await enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: row.id, websiteId });
    return row;
  }

  /** A product of the website as the add-to-cart rules see it (from the store cache). */
  #saleable(websiteId: string, itemId: string) {
    return saleableProduct(this.#ctx.db, this.#cache, websiteId, itemId);
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
      await addToEntry(trx, {
        id: newEntryId(),
        cartId: cart.id,
        productId,
        variantId: variant.id,
        quantity: quantity.value,
        additionalFields: body.additionalFields ?? '',
      });
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
    const {
      cartId: _cartId,
      entryId: _entryId,
      ...data
    } = CartEntryAdded.parse({
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
    const verdict = stockVerdict({
      tracksStock: tracked,
      stock: result.stock,
      held: result.held,
      mergeable: result.mergeable,
      requested: quantity.value,
      merges: call.additionalFields === '',
    });
    if ((verdict === 'added') !== result.added)
      throw new Error(`cart.add_entry and the add-to-cart rules disagree (${verdict}, added: ${result.added})`);
    if (verdict !== 'added') throw refused(refusalOf(verdict, 'cart'));
    this.#pokeRelay();
    const entryId = result.entry_id!;
    const added = {
      id: entryId,
      product_id: call.productId,
      variant_id: call.variantId,
      quantity: result.entry_quantity!,
      additional_fields: call.additionalFields,
    };
    const loaded = await this.#views.loadLines(result.cart, withLine(result.entriesBefore, added), {});
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
  async updateFields(
    cart: CartRow,
    entryId: string,
    itemId: string,
    additionalFields: string,
  ): Promise<{ view: CommerceShoppingCart; entry: CommerceCartEntry }> {
    await this.#ctx.transaction(async (trx) => {
      if (!(await lockOpenCart(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const entry = await findEntry(trx, cart.id, entryId);
      if (!entry || entry.product_id !== itemId) throw cartFailure(404, CommerceMessages.entryNotFound);
      await setEntryFields(trx, entry.id, additionalFields);
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, {
        cartId: cart.id,
        change: 'additional-fields',
        entryId: entry.id,
      });
    });
    const loaded = await this.load(cart);
    const entry = loaded.view.entries.find((e) => e.id === entryId);
    if (!entry) throw cartFailure(404, CommerceMessages.entryNotFound);
    return { view: loaded.view, entry };
  }

  /** SPEC 7 GET commerce/inventory/stock/?itemId=: one result per variant. */
  stockResult(websiteId: string, itemId: string): Promise<StockResult> {
    return stockResultOf(this.#ctx.db, this.#cache, websiteId, itemId);
  }

  /** Reads a cart with its current prices and totals (`fresh`: products and rules from the database). */
  load(cart: CartRow, options: LoadOptions = {}): Promise<LoadedCart> {
    return this.#views.load(cart, options);
  }

  // --- For checkout and payments (an order's cart).

  /** The open cart of a token (a subscription cart's checkout names its cart), if there is one. */
  openCartByToken(websiteId: string, token: string): Promise<CartRow | undefined> {
    return findOpenCartByToken(this.#ctx.db, websiteId, token);
  }

  /** Locks an open cart for its checkout's reservation: false when it was purchased meanwhile. */
  async lockOpen(trx: Transaction<CartDB>, cartId: string): Promise<boolean> {
    return (await lockOpenCart(trx, cartId)) !== undefined;
  }

  /** The cart of a paid order is purchased (in the transaction that settles the order). */
  markPurchased(trx: Transaction<CartDB>, cartId: string, orderId: string): Promise<void> {
    return markPurchased(trx, cartId, orderId);
  }
}
