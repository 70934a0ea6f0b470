// Paying for an order, none of it holding a transaction across the payment provider's call:
//   - charging a card in test mode while the order's lease is renewed, and settling the charge
//     (paid under the order's row lock, or refunded when the order was released meanwhile);
//   - Stripe's PaymentIntents: opened for a pending order whose stock is held for the payment's
//     hold, replaced when the buyer checks out again, settled by the verified webhook;
//   - holds: a pending order whose lease or hold ran out is released (its stock, coupon uses and
//     gift-card amount given back) by the sweeper (jobs.ts), once, under its row lock.
// Placing the order is checkout/; reading it orders/.
import { CommerceMessages, type CardDetails, type CheckoutResponse, type CurrencyCode, type OrderItem } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import { sql, type Transaction } from 'kysely';
import type { CartService } from '../cart/cart.service.js';
import { tracksStock } from '../domain/add-to-cart.js';
import {
  abandonedOrders,
  enqueueReceipt,
  findOrder,
  liveOrderOfCart,
  lockOrder,
  renewOrderLease,
  setOrderStatus,
  type OrderRow,
} from '../orders/index.js';
import type { OrderService } from '../orders/orders.service.js';
import { cartFailure } from '../shared/errors.js';
import type { CartDB } from '../tables.js';
import { hasIntents, type IntentPayments, type PaymentProvider } from './payments.js';
import { giveBack, intentRequestOf, isAbandoned, issueGiftCards, recordSubscription } from './settlement.js';

export { isAbandoned, type Reservation } from './settlement.js';

/** How long a pending order of a checkout is held without its checkout renewing the lease. */
export const CHECKOUT_LEASE_MS = 10_000;
/** How long a Stripe order whose intent is open holds its stock (the buyer is paying in the browser). */
export const PAYMENT_HOLD_MS = 30 * 60_000;

export interface PaymentOptions {
  leaseMs?: number;
  holdMs?: number;
}

export class PaymentService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #carts: CartService;
  readonly #orders: OrderService;
  readonly #payments: PaymentProvider;
  readonly #intents: (PaymentProvider & IntentPayments) | undefined;
  readonly leaseMs: number;
  readonly #holdMs: number;

  constructor(
    ctx: ServiceContext<CartDB>,
    carts: CartService,
    orders: OrderService,
    payments: PaymentProvider,
    options: PaymentOptions = {},
  ) {
    this.#ctx = ctx;
    this.#carts = carts;
    this.#orders = orders;
    this.#payments = payments;
    this.#intents = hasIntents(payments) ? payments : undefined;
    this.leaseMs = options.leaseMs ?? CHECKOUT_LEASE_MS;
    this.#holdMs = options.holdMs ?? PAYMENT_HOLD_MS;
  }

  /** True when the buyer pays in the browser (Stripe's PaymentIntents), not with a card sent to us. */
  get takesIntents(): boolean {
    return this.#intents !== undefined;
  }

  // --- Charging a card (test mode) and settling the charge.

  /** Runs `work` (the charge) while renewing the order's lease, so the sweeper leaves a live checkout alone. */
  async whileLeased<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => {
        renewOrderLease(this.#ctx.db, orderId, new Date(Date.now() + this.leaseMs)).catch(() => undefined);
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  async charge(amountCents: number, currency: CurrencyCode, card: CardDetails | undefined, idempotencyKey: string, description: string) {
    if (!card) return { outcome: 'declined' as const, message: CommerceMessages.paymentRequired };
    try {
      return await this.#payments.charge({ amountCents, currency, card, description, idempotencyKey });
    } catch (error) {
      this.#ctx.logger.warn({ err: error }, 'payment provider failed');
      return { outcome: 'failed' as const, message: CommerceMessages.paymentFailed };
    }
  }

  /**
   * A charged order becomes paid if it is still pending under its row lock. One the sweeper
   * released meanwhile (its checkout stalled past the lease) is not: the charge is refunded and
   * the buyer told the payment failed. When the settling itself fails, the order is read again:
   * paid is an answer of success; still pending, the charge is refunded before the error goes on.
   */
  async settleCharged(order: OrderRow, reference: string | null, paymentMethod: string | null, idempotencyKey: string): Promise<void> {
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
      else
        this.#ctx.logger.error(
          { err: error, orderId: order.id, reference },
          'charged order could not be settled nor read: its charge may need a refund',
        );
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
      const refunded = await this.#payments.refund?.({
        chargeReference: reference,
        amountCents,
        currency: order.currency as CurrencyCode,
        idempotencyKey: `unsettled:${idempotencyKey}`,
      });
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

  /**
   * A pending order becomes paid: its cart purchased, gift cards issued, the subscription recorded,
   * commerce.order.placed and the receipt enqueued, all in the caller's transaction.
   */
  async settlePaid(trx: Transaction<CartDB>, order: OrderRow, reference: string | null, paymentMethod: string | null): Promise<void> {
    await setOrderStatus(trx, order.id, 'paid', reference);
    if (order.cart_id) await this.#carts.markPurchased(trx, order.cart_id, order.id);
    const cards = await issueGiftCards(trx, order);
    if (order.kind === 'subscription') await recordSubscription(trx, order, paymentMethod);
    const paid = { ...order, status: 'paid', payment_reference: reference };
    await this.#orders.announce(trx, paid);
    await enqueueReceipt(trx, paid, cards, this.#ctx.config.PUBLIC_URL);
  }

  /** After a webhook's transaction: the relay looks for the receipt at once. */
  mailQueued(): void {
    this.#orders.mailQueued();
  }

  // --- Stripe's PaymentIntents.

  /** Opens the order's PaymentIntent and records it on the order (still pending); a failure releases the order. */
  async openIntent(order: OrderRow): Promise<CheckoutResponse> {
    const intents = this.#intents!;
    let opened;
    try {
      opened = await intents.openIntent(intentRequestOf(order));
    } catch (error) {
      this.#ctx.logger.warn({ err: error, orderId: order.id }, 'payment intent could not be opened');
      await this.releasePending(order.website_id, order.id);
      throw cartFailure(502, CommerceMessages.paymentFailed);
    }
    await setOrderStatus(this.#ctx.db, order.id, 'pending', opened.id);
    // The buyer pays in the browser now: the order is held for the payment's hold, not the checkout's lease.
    await renewOrderLease(this.#ctx.db, order.id, new Date(Date.now() + this.#holdMs));
    return {
      order: await this.#orders.orderView(order.website_id, order.id),
      receiptToken: order.receipt_token,
      payment: { provider: intents.name, publishableKey: intents.publishableKey, clientSecret: opened.clientSecret, intentId: opened.id },
    };
  }

  /**
   * A cart whose earlier checkout is still waiting for its payment (the buyer came back, or changed
   * the cart): that intent is cancelled and its hold released, so the new checkout holds the
   * stock. An intent that can no longer be cancelled is being paid: the new checkout waits (409).
   */
  async replacePending(cartId: string): Promise<void> {
    const intents = this.#intents;
    if (!intents) return;
    const live = await liveOrderOfCart(this.#ctx.db, cartId);
    if (!live || live.status !== 'pending') return;
    // An order that never recorded its intent is left to its checkout until its lease runs out.
    if (!live.payment_reference && !isAbandoned(live)) return;
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
   * Stripe said an intent succeeded (a verified webhook): its pending order becomes paid, once.
   * The intent must be the order's, for the amount and currency the order is due.
   */
  async paymentSucceeded(
    trx: Transaction<CartDB>,
    intent: { id: string; amount: number; currency: string; metadata: Record<string, string>; paymentMethod: string | null },
  ): Promise<'paid' | 'ignored'> {
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
      this.#ctx.logger.error(
        { intentId: intent.id, orderId, amount: intent.amount, due },
        'payment amount differs from the order: not marked paid',
      );
      return 'ignored';
    }
    await this.settlePaid(trx, row, intent.id, intent.paymentMethod);
    return 'paid';
  }

  /** The intent of an order that did not record it: the same request answers the same intent. */
  async #intentOf(intents: IntentPayments, order: OrderRow): Promise<string> {
    return (await intents.openIntent(intentRequestOf(order))).id;
  }

  // --- Holds.

  /**
   * Gives back what a pending order holds (its stock and gift-card amount) and marks it
   * payment-failed, under its row lock: false when it was no longer pending (paid, or released by
   * a concurrent expiry or webhook), so a hold is never released twice.
   */
  async releasePending(websiteId: string, orderId: string, trx?: Transaction<CartDB>): Promise<boolean> {
    const work = async (t: Transaction<CartDB>) => {
      const row = await lockOrder(t, websiteId, orderId);
      if (!row || row.status !== 'pending') return false;
      const stock = (row.items as OrderItem[])
        .filter((item) => tracksStock(item.productType))
        .map((item) => ({ productId: item.itemId, variantId: item.variantId, sku: item.sku, quantity: item.quantity }));
      await giveBack(
        t,
        row,
        stock,
        row.gift_card_id && row.gift_card_cents > 0 ? { id: row.gift_card_id, cents: row.gift_card_cents } : null,
      );
      return true;
    };
    return trx ? work(trx) : this.#ctx.transaction(work);
  }

  /**
   * Pending Stripe orders older than `holdMs`: their intents are cancelled and their holds
   * released. An intent that can no longer be cancelled is being paid; its webhook settles it. An
   * order that never recorded its intent (the process stopped between opening it and writing it
   * down) asks Stripe for it again under the same idempotency key, then cancels it the same way.
   */
  async expireHolds(holdMs: number, scope: { websiteId?: string } = {}): Promise<number> {
    if (!this.#intents) return 0;
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
}
