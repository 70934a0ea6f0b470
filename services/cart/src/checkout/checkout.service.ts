// Checkout: a cart becomes an order in three steps, none of which holds a transaction across the
// payment provider's call.
//   1. Reserve (one transaction): lock the cart, take each variant's stock with a conditional
//      UPDATE (never sold beyond its stock, whatever the concurrency), debit the gift card under
//      its row lock, write the order as 'pending' (one live order per cart: a unique index).
//   2. Charge the card for what the gift card did not cover.
//   3. Settle (one transaction): paid → cart purchased, gift cards issued, subscription recorded,
//      commerce.order.placed; otherwise stock and gift-card balance go back and the order is
//      'payment-failed'.
// Donations are orders without a cart. Every call is wrapped in an idempotency key (routes).
//
// A checkout whose process dies leaves nothing held for long (issue 39): its pending order carries
// a lease of a few seconds, renewed while the checkout works; past it the order is abandoned and
// the sweeper (jobs.ts: releaseAbandoned), or the buyer's retry finding it on the cart, releases
// everything it held. A checkout settles only an order that is still pending under its row lock,
// so an order the sweeper released is never paid: its charge is refunded and the answer is a
// failure. An answer of failure therefore always means nothing was charged.
import { addressLines } from './address-format.js';
import { accountOf } from './account.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CartMessages,
  CommerceMessages,
  ProductType,
  formatMessage,
  formatMinorUnits,
  type Address,
  type AccountResponse,
  type CardDetails,
  type CheckoutBody,
  type CheckoutResponse,
  type CurrencyCode,
  type DonationBody,
  type Order,
  type OrderItem,
  type StockChanged,
} from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import { findOpenCartByToken, lockOpenCart, markPurchased, type CartRow } from '../cart/cart.repository.js';
import type { CartService, LoadedCart, Shopper } from '../cart/cart.service.js';
import type { CartDB, StoredPlan } from '../tables.js';
import { findProduct, minorOf } from '../catalog/products.repository.js';
import { sql } from 'kysely';
import { quantitiesByVariant, refusalOf, tracksStock } from '../domain/add-to-cart.js';
import { nextBillingDate } from '../domain/subscription.js';
import { cartFailure } from '../cart/errors.js';
import { redeemCoupon, releaseCoupon, rulesOf } from '../store/rules.repository.js';
import {
  abandonedOrders,
  buyerCartOfOrder,
  buyerOfOrder,
  creditGiftCard,
  debitGiftCard,
  findOrder,
  giftCardsOfOrder,
  insertGiftCard,
  insertOrder,
  insertSubscription,
  liveOrderOfCart,
  lockGiftCard,
  liveRefundsOfOrder,
  lockOrder,
  renewOrderLease,
  returnStock,
  setOrderStatus,
  subscriptionOfAnyOrder,
  takeStock,
  type OrderRow,
} from './orders.repository.js';
import { enqueueReceipt } from './order-mail.js';
import { hasIntents, type IntentPayments, type IntentRequest, type PaymentProvider } from './payments.js';
import { announceStockChange } from './stock-events.js';

export const newOrderId = (): string => randomBytes(12).toString('hex');
/** How long a pending order of a checkout is held without its checkout renewing the lease. */
export const CHECKOUT_LEASE_MS = 10_000;
/** How long a Stripe order whose intent is open holds its stock (the buyer is paying in the browser). */
export const PAYMENT_HOLD_MS = 30 * 60_000;

export interface CheckoutOptions {
  leaseMs?: number;
  holdMs?: number;
}
/** An order's receipt token: 128 random bits, base64url (22 characters). */
export const newReceiptToken = (): string => randomBytes(16).toString('base64url');

/** Who asks to read an order (GET /api/commerce/orders/:orderId). */
export interface OrderReader {
  /** The visitor's cart cookie. */
  cartToken: string | undefined;
  siteUserId: string | undefined;
  /** An owner or API key with store:read on the order's website. */
  storeReader: boolean;
  receiptToken: string | undefined;
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
/** A gift card code: 16 unambiguous characters in four groups (about 80 bits). */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

const money = (cents: number, currency: string) => ({ value: String(cents), currency: currency as CurrencyCode });

/**
 * What Stripe is asked for an order: always derived from the order row, so a repeat (a retried
 * call, or finding a lost intent again) sends the same request under the same idempotency key.
 */
const intentRequestOf = (order: OrderRow): IntentRequest => ({
  orderId: order.id,
  websiteId: order.website_id,
  amountCents: order.grand_total_cents - order.gift_card_cents,
  currency: order.currency,
  email: order.email,
  description: `${order.kind === 'donation' ? 'Donation' : 'Order'} ${order.id}`,
  saveForRenewals: order.kind === 'subscription',
});

interface Reservation {
  productId: string;
  variantId: string;
  sku: string;
  quantity: number;
}

export class CheckoutService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #carts: CartService;
  readonly #payments: PaymentProvider;
  readonly #intents: (PaymentProvider & IntentPayments) | undefined;
  /** Called after a transaction that enqueued mail commits (the relay looks at once). */
  readonly #mailQueued: () => void;
  readonly #leaseMs: number;
  readonly #holdMs: number;

  constructor(ctx: ServiceContext<CartDB>, carts: CartService, payments: PaymentProvider, mailQueued: () => void = () => undefined, options: CheckoutOptions = {}) {
    this.#ctx = ctx;
    this.#leaseMs = options.leaseMs ?? CHECKOUT_LEASE_MS;
    this.#holdMs = options.holdMs ?? PAYMENT_HOLD_MS;
    this.#carts = carts;
    this.#payments = payments;
    this.#intents = hasIntents(payments) ? payments : undefined;
    this.#mailQueued = mailQueued;
  }

  /**
   * The paid order an earlier run of this checkout (same Idempotency-Key) made, as its answer: that
   * run's answer was lost (its connection went after the order was paid) and it gave the key back.
   */
  async paidCheckout(websiteId: string, idempotencyKey: string): Promise<CheckoutResponse | undefined> {
    const row = await this.#ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('checkout_key', '=', idempotencyKey)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return row ? { order: await this.toOrder(row), receiptToken: row.receipt_token, payment: null } : undefined;
  }

  /** The cart a checkout is for: the subscription cart of the token, else the shopper's cart. */
  async cartForCheckout(shopper: Shopper, cartToken: string | undefined): Promise<CartRow> {
    if (cartToken) {
      const cart = await findOpenCartByToken(this.#ctx.db, shopper.websiteId, cartToken);
      if (!cart) throw cartFailure(409, CommerceMessages.cartPurchased);
      return cart;
    }
    return (await this.#carts.cartOf(shopper)).cart;
  }

  /**
   * Checks out a cart. Test mode charges the card at once and answers the paid order; with Stripe
   * the order is pending, its stock held, and the answer carries the intent the browser confirms.
   */
  async checkout(cart: CartRow, body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResponse> {
    if (this.#intents && body.card) throw cartFailure(400, CommerceMessages.cardDataRefused);
    const location = body.shippingAddress
      ? { country: body.shippingAddress.country, ...(body.shippingAddress.region ? { region: body.shippingAddress.region } : {}), ...(body.shippingAddress.postalCode ? { postalCode: body.shippingAddress.postalCode } : {}) }
      : null;
    const loaded = await this.#carts.load(location ? { ...cart, shipping_location: location } : cart, { fresh: true });
    this.#checkCart(loaded, body.shippingAddress);
    if (this.#intents) await this.#replacePending(this.#intents, cart.id);
    const kind = cart.kind === 'subscription' ? 'subscription' : 'order';
    const { order } = await this.#reserve(loaded, body, kind, idempotencyKey);
    const due = order.grand_total_cents - order.gift_card_cents;
    if (this.#intents && due > 0) return this.#openIntent(this.#intents, order, async () => void (await this.releasePending(order.website_id, order.id)));
    const outcome = due > 0 ? await this.#whileLeased(order.id, () => this.#charge(due, loaded.currency, body.card, idempotencyKey, `Order ${order.id}`)) : { outcome: 'succeeded' as const, reference: null };
    if (outcome.outcome !== 'succeeded') {
      await this.releasePending(order.website_id, order.id);
      throw cartFailure(outcome.outcome === 'declined' ? 402 : 502, outcome.message);
    }
    await this.#settleCharged(order, outcome.reference, 'paymentMethod' in outcome ? (outcome.paymentMethod ?? null) : null, idempotencyKey);
    this.#mailQueued();
    return { order: await this.orderView(cart.website_id, order.id), receiptToken: order.receipt_token, payment: null };
  }

  /** Runs `work` (the charge) while renewing the order's lease, so the sweeper leaves a live checkout alone. */
  async #whileLeased<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      renewOrderLease(this.#ctx.db, orderId, new Date(Date.now() + this.#leaseMs)).catch(() => undefined);
    }, Math.max(50, Math.floor(this.#leaseMs / 3)));
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * A charged order becomes paid if it is still pending under its row lock. One the sweeper
   * released meanwhile (its checkout stalled past the lease) is not: the charge is refunded and
   * the buyer told the payment failed. When the settling itself fails, the order is read again:
   * paid is an answer of success; still pending, the charge is refunded before the error goes on.
   */
  async #settleCharged(order: OrderRow, reference: string | null, paymentMethod: string | null, idempotencyKey: string): Promise<void> {
    let settled: boolean;
    try {
      settled = await this.#ctx.transaction(async (trx) => {
        const row = await lockOrder(trx, order.website_id, order.id);
        if (!row || row.status !== 'pending') return false;
        await this.settlePaid(trx, row, reference, paymentMethod);
        return true;
      });
    } catch (error) {
      const now = await findOrder(this.#ctx.db, order.website_id, order.id).catch(() => undefined);
      if (now?.status === 'paid') return;
      if (now) await this.#refundCharge(order, reference, idempotencyKey);
      else this.#ctx.logger.error({ err: error, orderId: order.id, reference }, 'charged order could not be settled nor read: its charge may need a refund');
      throw error;
    }
    if (settled) return;
    await this.#refundCharge(order, reference, idempotencyKey);
    throw cartFailure(502, CommerceMessages.paymentFailed);
  }

  async #refundCharge(order: OrderRow, reference: string | null, idempotencyKey: string): Promise<void> {
    if (reference === null) return;
    const amountCents = order.grand_total_cents - order.gift_card_cents;
    try {
      const refunded = await this.#payments.refund?.({ chargeReference: reference, amountCents, currency: order.currency as CurrencyCode, idempotencyKey: `unsettled:${idempotencyKey}` });
      if (refunded?.outcome === 'succeeded') {
        this.#ctx.logger.warn({ orderId: order.id }, 'order released before its charge settled: the charge was refunded');
        return;
      }
    } catch (error) {
      this.#ctx.logger.error({ err: error, orderId: order.id, reference }, 'refund of an unsettled charge failed');
      return;
    }
    this.#ctx.logger.error({ orderId: order.id, reference }, 'refund of an unsettled charge failed');
  }

  /** Opens the order's PaymentIntent and records it on the order (still pending). */
  async #openIntent(intents: IntentPayments, order: OrderRow, release: () => Promise<void>): Promise<CheckoutResponse> {
    let opened;
    try {
      opened = await intents.openIntent(intentRequestOf(order));
    } catch (error) {
      this.#ctx.logger.warn({ err: error, orderId: order.id }, 'payment intent could not be opened');
      await release();
      throw cartFailure(502, CommerceMessages.paymentFailed);
    }
    await setOrderStatus(this.#ctx.db, order.id, 'pending', opened.id);
    // The buyer pays in the browser now: the order is held for the payment's hold, not the checkout's lease.
    await renewOrderLease(this.#ctx.db, order.id, new Date(Date.now() + this.#holdMs));
    return {
      order: await this.orderView(order.website_id, order.id),
      receiptToken: order.receipt_token,
      payment: { provider: intents.name, publishableKey: intents.publishableKey, clientSecret: opened.clientSecret, intentId: opened.id },
    };
  }

  /**
   * A cart whose earlier checkout is still waiting for its payment (the buyer came back, or changed
   * the cart): that intent is cancelled and its hold released, so the new checkout holds the
   * stock. An intent that can no longer be cancelled is being paid: the new checkout waits (409).
   */
  async #replacePending(intents: IntentPayments, cartId: string): Promise<void> {
    const live = await liveOrderOfCart(this.#ctx.db, cartId);
    if (!live || live.status !== 'pending') return;
    // An order that never recorded its intent is left to its checkout until its lease runs out.
    if (!live.payment_reference && !this.#abandoned(live)) return;
    let cancelled: boolean;
    try {
      cancelled = await intents.cancelIntent(live.payment_reference ?? (await this.#intentOf(intents, live)));
    } catch (error) {
      this.#ctx.logger.warn({ err: error, orderId: live.id }, 'payment intent could not be cancelled');
      throw cartFailure(502, CommerceMessages.paymentFailed);
    }
    if (!cancelled) throw cartFailure(409, CommerceMessages.paymentInProgress);
    await this.releasePending(live.website_id, live.id);
  }

  /**
   * Gives back what a pending order holds (its stock and gift-card amount) and marks it
   * payment-failed, under its row lock: false when it was no longer pending (paid, or released by
   * a concurrent expiry or webhook), so a hold is never released twice.
   */
  async releasePending(websiteId: string, orderId: string, trx?: Transaction<CartDB>): Promise<boolean> {
    const work = async (t: Transaction<CartDB>) => {
      const row = await lockOrder(t, websiteId, orderId);
      if (!row || row.status !== 'pending') return false;
      const stock = (row.items as OrderItem[]).filter((item) => tracksStock(item.productType)).map((item) => ({ productId: item.itemId, variantId: item.variantId, sku: item.sku, quantity: item.quantity }));
      await this.#giveBack(t, row, stock, row.gift_card_id && row.gift_card_cents > 0 ? { id: row.gift_card_id, cents: row.gift_card_cents } : null);
      return true;
    };
    return trx ? work(trx) : this.#ctx.transaction(work);
  }

  /**
   * Stripe said an intent succeeded (a verified webhook): its pending order becomes paid, once.
   * The intent must be the order's, for the amount and currency the order is due.
   */
  async paymentSucceeded(trx: Transaction<CartDB>, intent: { id: string; amount: number; currency: string; metadata: Record<string, string>; paymentMethod: string | null }): Promise<'paid' | 'ignored'> {
    const websiteId = intent.metadata.websiteId;
    const orderId = intent.metadata.orderId;
    if (!websiteId || !orderId) return 'ignored';
    const row = await lockOrder(trx, websiteId, orderId);
    if (!row || row.payment_reference !== intent.id) {
      this.#ctx.logger.warn({ intentId: intent.id, orderId }, 'payment succeeded for an intent no order has');
      return 'ignored';
    }
    if (row.status !== 'pending') return 'ignored';
    const due = row.grand_total_cents - row.gift_card_cents;
    if (intent.amount !== due || intent.currency.toLowerCase() !== row.currency.toLowerCase()) {
      this.#ctx.logger.error({ intentId: intent.id, orderId, amount: intent.amount, due }, 'payment amount differs from the order: not marked paid');
      return 'ignored';
    }
    await this.settlePaid(trx, row, intent.id, intent.paymentMethod);
    return 'paid';
  }

  /**
   * Pending Stripe orders older than `holdMs`: their intents are cancelled and their holds
   * released. An intent that can no longer be cancelled is being paid; its webhook settles it. An
   * order that never recorded its intent (the process stopped between opening it and writing it
   * down) asks Stripe for it again under the same idempotency key, then cancels it the same way.
   */
  async expireHolds(holdMs: number, scope: { websiteId?: string } = {}): Promise<number> {
    const intents = this.#intents;
    if (!intents) return 0;
    let query = this.#ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', sql<Date>`now() - ${`${holdMs} milliseconds`}::interval`);
    // Tests that share a database look at their own website only.
    if (scope.websiteId) query = query.where('website_id', '=', scope.websiteId);
    return this.#releaseAll(await query.limit(100).execute());
  }

  /**
   * The sweeper of every payment mode: pending orders whose lease ran out (their checkout died, or
   * the buyer did not pay within the hold) are released, a Stripe one after its intent is
   * cancelled. Answers how many were released.
   */
  async releaseAbandoned(scope: { websiteId?: string } = {}): Promise<number> {
    return this.#releaseAll(await abandonedOrders(this.#ctx.db, scope));
  }

  async #releaseAll(orders: OrderRow[]): Promise<number> {
    let released = 0;
    for (const order of orders) {
      try {
        if (await this.#releaseOne(order)) released++;
      } catch (error) {
        this.#ctx.logger.warn({ err: error, orderId: order.id }, 'hold could not be released; will retry');
      }
    }
    return released;
  }

  /** Releases one pending order; with Stripe only once its intent is cancelled (else it is being paid). */
  async #releaseOne(order: OrderRow): Promise<boolean> {
    const intents = this.#intents;
    const due = order.grand_total_cents - order.gift_card_cents;
    if (intents && due > 0) {
      const intentId = order.payment_reference ?? (await this.#intentOf(intents, order));
      if (!(await intents.cancelIntent(intentId))) return false;
    }
    return this.releasePending(order.website_id, order.id);
  }

  /** True for a pending order whose checkout stopped renewing its lease. */
  #abandoned(order: OrderRow): boolean {
    return order.status === 'pending' && order.lease_until !== null && new Date(order.lease_until).getTime() < Date.now();
  }

  /** The intent of an order that did not record it: the same request answers the same intent. */
  async #intentOf(intents: IntentPayments, order: OrderRow): Promise<string> {
    return (await intents.openIntent(intentRequestOf(order))).id;
  }

  /**
   * A pending order becomes paid: its cart purchased, gift cards issued, the subscription recorded,
   * commerce.order.placed and the receipt enqueued, all in the caller's transaction.
   */
  async settlePaid(trx: Transaction<CartDB>, order: OrderRow, reference: string | null, paymentMethod: string | null): Promise<void> {
    await setOrderStatus(trx, order.id, 'paid', reference);
    if (order.cart_id) await markPurchased(trx, order.cart_id, order.id);
    const cards = await this.#issueGiftCards(trx, order);
    if (order.kind === 'subscription') await this.#recordSubscription(trx, order, paymentMethod);
    const paid = { ...order, status: 'paid', payment_reference: reference };
    await this.announce(trx, paid);
    await enqueueReceipt(trx, paid, cards, this.#ctx.config.PUBLIC_URL);
  }

  /** After a webhook's transaction: the relay looks for the receipt at once. */
  mailQueued(): void {
    this.#mailQueued();
  }

  /** SPEC names donations: an amount the visitor chooses, charged at once. */
  async donate(websiteId: string, body: DonationBody, idempotencyKey: string): Promise<CheckoutResponse> {
    const rules = await rulesOf(this.#ctx.db, websiteId);
    const amount = minorOf(body.amount, rules.currency);
    if (amount < rules.minimumDonationCents) {
      throw cartFailure(400, formatMessage(CommerceMessages.donationAmount, { amount: formatMinorUnits(rules.minimumDonationCents, rules.currency) }));
    }
    if (amount > 100_000_000) throw cartFailure(400, formatMessage(CommerceMessages.donationTooLarge, { amount: formatMinorUnits(100_000_000, rules.currency) }));
    const items: OrderItem[] = [
      { itemId: 'donation', variantId: 'donation', sku: 'DONATION', productName: body.name ? `Donation from ${body.name}` : 'Donation', productType: 0, quantity: 1, unitPrice: money(amount, rules.currency), additionalFields: null },
    ];
    if (this.#intents && body.card) throw cartFailure(400, CommerceMessages.cardDataRefused);
    if (!this.#intents && !body.card) throw cartFailure(400, CommerceMessages.paymentRequired);
    const order = await this.#ctx.transaction(async (trx) =>
      insertOrder(trx, {
        ...this.orderValues({ websiteId, kind: 'donation', cartId: null, email: body.email, address: null, items, currency: rules.currency, subtotal: amount, discount: 0, shipping: 0, tax: 0, giftCard: 0, giftCardId: null }),
        lease_until: new Date(Date.now() + this.#leaseMs),
      }),
    );
    if (this.#intents) return this.#openIntent(this.#intents, order, async () => void (await this.releasePending(websiteId, order.id)));
    const outcome = await this.#whileLeased(order.id, () => this.#charge(amount, rules.currency, body.card, idempotencyKey, `Donation ${order.id}`));
    if (outcome.outcome !== 'succeeded') {
      await this.releasePending(websiteId, order.id);
      throw cartFailure(outcome.outcome === 'declined' ? 402 : 502, outcome.message);
    }
    await this.#settleCharged(order, outcome.reference, null, idempotencyKey);
    this.#mailQueued();
    return { order: await this.orderView(websiteId, order.id), receiptToken: order.receipt_token, payment: null };
  }

  #checkCart(loaded: LoadedCart, address: Address | undefined): void {
    if (loaded.lines.length === 0) throw cartFailure(400, CartMessages.emptyCart);
    if (loaded.totals.subtotalCents < loaded.minimumOrderSubtotalCents) {
      throw cartFailure(400, formatMessage(CartMessages.minimumSubtotal, { subtotal: formatMinorUnits(loaded.minimumOrderSubtotalCents, loaded.currency) }));
    }
    // A local pickup needs no address (the cart's place decides its options and tax).
    if (loaded.totals.requiresShipping && !address && !loaded.totals.selectedShippingOption?.pickup) throw cartFailure(400, CommerceMessages.shippingAddressRequired);
  }

  async #charge(amountCents: number, currency: CurrencyCode, card: CardDetails | undefined, idempotencyKey: string, description: string) {
    if (!card) return { outcome: 'declined' as const, message: CommerceMessages.paymentRequired };
    try {
      return await this.#payments.charge({ amountCents, currency, card, description, idempotencyKey });
    } catch (error) {
      this.#ctx.logger.warn({ err: error }, 'payment provider failed');
      return { outcome: 'failed' as const, message: CommerceMessages.paymentFailed };
    }
  }

  async #reserve(loaded: LoadedCart, body: CheckoutBody, kind: 'order' | 'subscription', checkoutKey: string) {
    const cart = loaded.cart;
    const websiteId = cart.website_id;
    // Payment details are checked before anything is reserved.
    // With Stripe the card is entered after the order is reserved, in the Payment Element.
    const cardLater = this.#intents !== undefined;
    if (!cardLater && loaded.totals.grandTotalCents > 0 && !body.card && !body.giftCardCode) throw cartFailure(400, CommerceMessages.paymentRequired);
    return this.#ctx.transaction(async (trx) => {
      if (!(await lockOpenCart(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const live = await liveOrderOfCart(trx, cart.id);
      // A pending order of a checkout that died holds the cart: released here (test mode; Stripe's
      // was released by #replacePending once its intent was cancelled), else the buyer waits.
      if (live && !(live.status === 'pending' && !this.#intents && this.#abandoned(live) && (await this.releasePending(websiteId, live.id, trx)))) {
        throw cartFailure(409, CommerceMessages.idempotencyInProgress);
      }
      // One statement per variant (every line of it summed), in a fixed order so that two carts never deadlock.
      const reservations: Reservation[] = quantitiesByVariant(
        loaded.lines
          .filter((line) => tracksStock(line.productType))
          .map((line) => ({ productId: line.entry.product_id, variantId: line.variant.id, sku: line.variant.sku, quantity: line.entry.quantity })),
      );
      for (const r of reservations) {
        const taken = await takeStock(trx, websiteId, r.productId, r.variantId, r.quantity);
        // The conditional UPDATE found too little: the add-to-cart rule's answer.
        if (taken === undefined) {
          const refusal = refusalOf('not-enough-stock', 'cart');
          throw cartFailure(refusal.status, refusal.message);
        }
        if (taken !== 'unlimited') await this.#stockChanged(trx, websiteId, r, taken.before, taken.after, 'order');
      }
      // One use of each code, taken under the coupon's row (the limit holds under concurrency).
      const couponCodes = loaded.totals.validCoupons.map((c) => c.code).sort();
      for (const code of couponCodes) {
        if (!(await redeemCoupon(trx, websiteId, code))) throw cartFailure(409, CommerceMessages.couponUsedUp);
      }
      const grand = loaded.totals.grandTotalCents;
      let giftCardCents = 0;
      let giftCardId: string | null = null;
      if (body.giftCardCode) {
        const card = await lockGiftCard(trx, websiteId, body.giftCardCode.toUpperCase());
        if (!card) throw cartFailure(400, CommerceMessages.giftCardUnknown);
        if (card.currency !== loaded.currency) throw cartFailure(400, CommerceMessages.giftCardCurrency);
        if (card.balance_cents <= 0) throw cartFailure(400, CommerceMessages.giftCardEmpty);
        // Gift cards do not pay for gift cards: only the rest of the order.
        if (grand > 0 && loaded.totals.giftCardPayableCents <= 0) throw cartFailure(400, CommerceMessages.giftCardForGiftCard);
        giftCardCents = Math.min(card.balance_cents, loaded.totals.giftCardPayableCents);
        if (giftCardCents < grand && !body.card && !cardLater) throw cartFailure(400, CommerceMessages.paymentRequired);
        if (giftCardCents > 0 && !(await debitGiftCard(trx, card.id, giftCardCents))) throw cartFailure(409, CommerceMessages.giftCardEmpty);
        giftCardId = card.id;
      }
      const items: OrderItem[] = loaded.lines.map((l) => ({
        itemId: l.entry.product_id,
        variantId: l.variant.id,
        sku: l.variant.sku,
        productName: l.title,
        productType: l.productType,
        quantity: l.entry.quantity,
        unitPrice: money(l.unitPriceCents, loaded.currency),
        additionalFields: l.entry.additional_fields === '' ? null : l.entry.additional_fields,
        ...(Object.keys(l.variant.attributes).length > 0 ? { options: l.variant.attributes } : {}),
      }));
      const t = loaded.totals;
      const order = await insertOrder(trx, {
        ...this.orderValues({
          websiteId,
          kind,
          cartId: cart.id,
          email: body.email,
          address: body.shippingAddress ?? null,
          items,
          currency: loaded.currency,
          subtotal: t.subtotalCents,
          discount: t.discountCents,
          shipping: t.shippingCostCents,
          tax: t.taxCents,
          taxIncluded: t.taxIncluded,
          giftCard: giftCardCents,
          giftCardId,
          couponCodes,
        }),
        lease_until: new Date(Date.now() + this.#leaseMs),
        checkout_key: checkoutKey,
        shipping_method: t.selectedShippingOption ? JSON.stringify({ name: t.selectedShippingOption.name, pickup: t.selectedShippingOption.pickup === true }) : null,
      });
      return { order, reservations, giftCard: giftCardId ? { id: giftCardId, cents: giftCardCents } : null };
    });
  }

  /** The row of a new pending order; the grand total is derived, never given. */
  orderValues(o: {
    websiteId: string;
    kind: string;
    cartId: string | null;
    email: string;
    address: Address | null;
    items: OrderItem[];
    currency: string;
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    /** The tax is part of the prices (not added to the grand total). */
    taxIncluded?: boolean;
    giftCard: number;
    giftCardId: string | null;
    couponCodes?: string[];
  }) {
    return {
      id: newOrderId(),
      website_id: o.websiteId,
      kind: o.kind,
      cart_id: o.cartId,
      status: 'pending',
      test_mode: this.#payments.testMode,
      email: o.email,
      shipping_address: o.address === null ? null : JSON.stringify(o.address),
      items: JSON.stringify(o.items),
      currency: o.currency,
      subtotal_cents: o.subtotal,
      discount_cents: o.discount,
      shipping_cents: o.shipping,
      tax_cents: o.tax,
      gift_card_cents: o.giftCard,
      grand_total_cents: o.subtotal - o.discount + (o.taxIncluded === true ? 0 : o.tax) + o.shipping,
      tax_included: o.taxIncluded === true,
      gift_card_id: o.giftCardId,
      payment_reference: null,
      receipt_token: newReceiptToken(),
      coupon_codes: JSON.stringify(o.couponCodes ?? []),
    };
  }

  /**
   * Gives back what an unpaid order took (stock, its codes' uses, the gift-card amount) and marks it
   * payment-failed. Rows are locked in the order checkout locks them (stock by product and variant,
   * then coupons by code, then the gift card), so a give-back never deadlocks with a checkout.
   */
  async #giveBack(trx: Transaction<CartDB>, order: OrderRow, stock: Reservation[], giftCard: { id: string; cents: number } | null): Promise<void> {
    const key = (r: Reservation) => `${r.productId}\u0000${r.variantId}`;
    for (const r of [...stock].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))) {
      const back = await returnStock(trx, order.website_id, r.productId, r.variantId, r.quantity);
      if (back) await this.#stockChanged(trx, order.website_id, r, back.before, back.after, 'payment-failed');
    }
    for (const code of [...order.coupon_codes].sort()) await releaseCoupon(trx, order.website_id, code);
    if (giftCard && giftCard.cents > 0) await creditGiftCard(trx, giftCard.id, giftCard.cents);
    await setOrderStatus(trx, order.id, 'payment-failed');
  }

  async #stockChanged(trx: Transaction<CartDB>, websiteId: string, r: Reservation, before: number, after: number, reason: StockChanged['reason']): Promise<void> {
    await announceStockChange(trx, websiteId, r, before, after, reason);
  }

  /** One gift card per gift-card unit bought, with the denomination as its balance. */
  async #issueGiftCards(trx: Transaction<CartDB>, order: OrderRow): Promise<Array<{ code: string; cents: number }>> {
    const issued: Array<{ code: string; cents: number }> = [];
    for (const item of order.items as OrderItem[]) {
      if (item.productType !== ProductType.GIFT_CARD) continue;
      const cents = Number(item.unitPrice.value);
      for (let i = 0; i < item.quantity; i++) {
        const code = newGiftCardCode();
        await insertGiftCard(trx, { id: newOrderId(), website_id: order.website_id, code, currency: order.currency, initial_cents: cents, balance_cents: cents, order_id: order.id });
        issued.push({ code, cents });
      }
    }
    return issued;
  }

  async #recordSubscription(trx: Transaction<CartDB>, order: OrderRow, paymentMethod: string | null): Promise<void> {
    const line = (order.items as OrderItem[])[0]!;
    const product = await findProduct(trx, order.website_id, line.itemId);
    const plan: StoredPlan = (product?.subscription_plan as StoredPlan | null) ?? { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };
    const next = nextBillingDate(new Date(), plan, 1);
    await insertSubscription(trx, {
      id: newOrderId(),
      website_id: order.website_id,
      order_id: order.id,
      product_id: line.itemId,
      variant_id: line.variantId,
      sku: line.sku,
      email: order.email,
      plan: JSON.stringify(plan),
      price_cents: Number(line.unitPrice.value) * line.quantity,
      currency: order.currency,
      cycles_billed: 1,
      next_billing_at: next,
      status: next ? 'active' : 'completed',
      payment_method: paymentMethod,
    });
  }

  /**
   * commerce.order.placed with the SPEC 3 purchase fields, in the transaction that made the order
   * paid; beside them what content needs to open paid member areas: each item's product, the
   * signed-in buyer, and for a subscription order the subscription it started or renewed.
   */
  async announce(trx: Transaction<CartDB>, order: OrderRow): Promise<void> {
    const items = order.items as OrderItem[];
    // One statement at a time: a transaction is one connection.
    const siteUserId = await buyerOfOrder(trx, order);
    const subscription = order.kind === 'subscription' ? await subscriptionOfAnyOrder(trx, order.id) : undefined;
    await enqueueEvent(trx, 'commerce.order.placed', order.website_id, {
      id: order.id,
      kind: order.kind as 'order' | 'subscription' | 'donation',
      purchasedCartId: order.cart_id,
      testMode: order.test_mode,
      websiteId: order.website_id,
      items: items.map((i) => ({ sku: i.sku, productName: i.productName, quantity: i.quantity, unitPrice: i.unitPrice, itemId: i.itemId })),
      grandTotal: money(order.grand_total_cents, order.currency),
      shippingTotal: money(order.shipping_cents, order.currency),
      taxTotal: money(order.tax_cents, order.currency),
      siteUserId,
      subscriptionId: subscription?.id ?? null,
      email: order.email,
      customerName: (order.shipping_address as { name?: string } | null)?.name ?? null,
    });
  }

  /**
   * The order for a visitor: its buyer (the cart's cookie or signed-in site user), the site's
   * owner, or whoever holds its receipt token. Anyone else gets the answer of an unknown id.
   */
  /** A signed-in site user's orders and addresses on this website. */
  account(websiteId: string, siteUserId: string): Promise<AccountResponse> {
    return accountOf(this.#ctx.db, websiteId, siteUserId);
  }

  async orderFor(websiteId: string, orderId: string, reader: OrderReader): Promise<Order> {
    const row = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!row || !(await this.#mayRead(row, reader))) throw cartFailure(404, CommerceMessages.orderNotFound);
    return this.toOrder(row);
  }

  async #mayRead(row: OrderRow, reader: OrderReader): Promise<boolean> {
    if (reader.storeReader) return true;
    if (reader.receiptToken !== undefined && row.receipt_token !== null && sameSecret(reader.receiptToken, row.receipt_token)) return true;
    if (reader.cartToken === undefined && reader.siteUserId === undefined) return false;
    const cart = await buyerCartOfOrder(this.#ctx.db, row);
    if (!cart) return false;
    return (reader.cartToken !== undefined && sameSecret(reader.cartToken, cart.token)) || (reader.siteUserId !== undefined && cart.site_user_id === reader.siteUserId);
  }

  /** The order as its confirmation and status pages read it. */
  async orderView(websiteId: string, orderId: string): Promise<Order> {
    const row = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!row) throw cartFailure(404, CommerceMessages.orderNotFound);
    return this.toOrder(row);
  }

  async toOrder(row: OrderRow): Promise<Order> {
    // Only what the order can have is asked for: most orders bought no gift card, are no
    // subscription and were never refunded (fewer queries, fewer pool connections at checkout).
    const items = row.items as OrderItem[];
    const [cards, subscription, refunds] = await Promise.all([
      items.some((i) => i.productType === ProductType.GIFT_CARD) ? giftCardsOfOrder(this.#ctx.db, row.id) : [],
      row.kind === 'subscription' ? subscriptionOfAnyOrder(this.#ctx.db, row.id) : undefined,
      row.refunded_cents > 0 ? liveRefundsOfOrder(this.#ctx.db, row.id) : [],
    ]);
    const done = refunds.filter((r) => r.status === 'succeeded');
    const c = row.currency;
    return {
      id: row.id,
      orderNumber: Number(row.order_number),
      kind: row.kind as Order['kind'],
      websiteId: row.website_id,
      purchasedCartId: row.cart_id,
      status: row.status as Order['status'],
      testMode: row.test_mode,
      email: row.email,
      shippingAddress: (row.shipping_address ?? null) as Address | null,
      shippingAddressLines: row.shipping_address ? addressLines(row.shipping_address as Address) : [],
      items,
      subtotal: money(row.subtotal_cents, c),
      discountTotal: money(row.discount_cents, c),
      shippingTotal: money(row.shipping_cents, c),
      shippingMethod: row.shipping_method ?? null,
      tracking: row.tracking ?? null,
      taxTotal: money(row.tax_cents, c),
      taxIncluded: row.tax_included,
      giftCardTotal: money(row.gift_card_cents, c),
      grandTotal: money(row.grand_total_cents, c),
      amountCharged: money(row.grand_total_cents - row.gift_card_cents, c),
      giftCardsIssued: cards.map((g) => ({ code: g.code, balance: money(g.balance_cents, g.currency) })),
      subscription: subscription
        ? {
            id: subscription.id,
            itemId: subscription.product_id,
            sku: subscription.sku,
            plan: subscription.plan,
            cyclesBilled: subscription.cycles_billed,
            nextBillingDate: subscription.next_billing_at ? new Date(subscription.next_billing_at).toISOString() : null,
            status: subscription.status as 'active' | 'completed' | 'cancelled' | 'past-due',
            price: money(subscription.price_cents, subscription.currency),
          }
        : null,
      createdAt: new Date(row.created_at).toISOString(),
      receiptToken: row.receipt_token,
      refundedTotal: money(
        done.reduce((sum, r) => sum + r.amount_cents, 0),
        c,
      ),
      refunds: done.map((r) => ({
        id: r.id,
        amount: money(r.amount_cents, c),
        toCard: money(r.card_cents, c),
        toGiftCard: money(r.gift_card_cents, c),
        restocked: r.restocked,
        reason: r.reason,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }
}
