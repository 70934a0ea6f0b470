// Subscription renewals: every run bills the subscriptions whose next billing date has come, one
// cycle each, in checkout's three steps (no transaction held across the provider's call):
//   1. Claim (one transaction): the cycle's renewal row (unique per subscription and cycle, so
//      whichever replica inserts it bills it and the others skip), the item's stock taken with
//      checkout's conditional UPDATE, and a pending order priced like a new order of the item at
//      the subscription's price (the store's current tax and shipping rules for the first
//      order's address; coupons applied to the first order only).
//   2. Charge the payment method saved at checkout, with the renewal and attempt as the
//      provider's idempotency key.
//   3. Settle: paid → the order is paid (commerce.order.placed), the subscription counts the
//      cycle and moves its next billing date one period on, or completes after its last cycle
//      (0 cycles = indefinite); declined → the stock goes back, the order is payment-failed and
//      the subscription is past-due until the owner resumes or cancels it.
// A replica that stops between 1 and 3 leaves the renewal 'charging'; once its claim is older
// than the lease, a later run takes it over and finishes it with the same idempotency key.
import { randomBytes } from 'node:crypto';
import type { Address, CurrencyCode, OrderItem } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import type { OrderService } from '../orders/orders.service.js';
import { findOrder, insertOrder, returnStock, setOrderStatus, takeStock, type OrderRow, type SubscriptionRow } from '../orders/index.js';
import type { ChargeResult, PaymentProvider } from '../payments/index.js';
import { enqueueShopMail, renewalFailedMail, renewalMail } from '../orders/index.js';
import { announceStockChange } from '../orders/index.js';
import { tracksStock } from '../domain/add-to-cart.js';
import { nextBillingDate } from '../domain/subscription.js';
import { computeTotals } from '../domain/totals.js';
import { rulesOf } from '../rules/rules.repository.js';
import {
  advanceSubscription,
  claimCycle,
  dueSubscriptionIds,
  lockSubscription,
  reclaimRenewal,
  setRenewal,
  staleRenewals,
  type RenewalRow,
} from './subscriptions.repository.js';
import { endSubscription } from './subscription-ends.js';

/** How long a renewal may stay 'charging' before another run takes it over. */
export const RENEWAL_LEASE_MS = 10 * 60_000;

export interface RenewalRun {
  /** Orders of the cycles paid in this run. */
  paid: string[];
  /** Subscriptions whose renewal failed (now past-due). */
  failed: string[];
}

interface Claimed {
  renewal: RenewalRow;
  subscription: SubscriptionRow;
  order: OrderRow;
  /** Stock taken for the renewal, to give back if the payment fails. */
  taken: { productId: string; variantId: string; sku: string; quantity: number } | null;
}

export class RenewalService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #payments: PaymentProvider;
  readonly #orders: OrderService;
  readonly #leaseMs: number;

  constructor(ctx: ServiceContext<CartDB>, payments: PaymentProvider, orders: OrderService, options: { leaseMs?: number } = {}) {
    this.#ctx = ctx;
    this.#payments = payments;
    this.#orders = orders;
    this.#leaseMs = options.leaseMs ?? RENEWAL_LEASE_MS;
  }

  /** Bills what is due at `now` (one cycle per subscription per run); `websiteId` narrows it (tests). */
  async runDue(now = new Date(), options: { websiteId?: string; limit?: number } = {}): Promise<RenewalRun> {
    const run: RenewalRun = { paid: [], failed: [] };
    const limit = options.limit ?? 100;
    const before = new Date(now.getTime() - this.#leaseMs);
    for (const stale of await staleRenewals(this.#ctx.db, before, limit, options.websiteId)) {
      const renewal = await reclaimRenewal(this.#ctx.db, stale.id, before, now);
      if (renewal) await this.#resume(renewal, now, run);
    }
    for (const id of await dueSubscriptionIds(this.#ctx.db, now, limit, options.websiteId)) {
      const claimed = await this.#claim(id, now);
      if (claimed === 'out-of-stock') run.failed.push(id);
      else if (claimed) await this.#chargeAndSettle(claimed, now, run);
    }
    return run;
  }

  async #claim(subscriptionId: string, now: Date): Promise<Claimed | 'out-of-stock' | undefined> {
    return this.#ctx.transaction(async (trx) => {
      const subscription = await lockSubscription(trx, subscriptionId);
      if (
        !subscription ||
        subscription.status !== 'active' ||
        !subscription.next_billing_at ||
        new Date(subscription.next_billing_at) > now
      )
        return undefined;
      const cycle = subscription.cycles_billed + 1;
      const renewal = await claimCycle(trx, {
        id: randomBytes(12).toString('hex'),
        websiteId: subscription.website_id,
        subscriptionId,
        cycle,
        now,
      });
      if (!renewal) return undefined;
      const first = await findOrder(trx, subscription.website_id, subscription.order_id);
      const item = (first?.items as OrderItem[] | undefined)?.[0];
      if (!first || !item) {
        await this.#fail(trx, renewal, subscription);
        return 'out-of-stock' as const;
      }
      let taken: Claimed['taken'] = null;
      if (tracksStock(item.productType)) {
        const move = { productId: item.itemId, variantId: item.variantId, sku: item.sku, quantity: item.quantity };
        const result = await takeStock(trx, subscription.website_id, move.productId, move.variantId, move.quantity);
        if (result === undefined) {
          // Never sold beyond stock: no charge this cycle; the owner restocks and resumes.
          await this.#fail(trx, renewal, subscription);
          return 'out-of-stock' as const;
        }
        if (result !== 'unlimited') {
          await announceStockChange(trx, subscription.website_id, move, result.before, result.after, 'order');
          taken = move;
        }
      }
      const currency = subscription.currency as CurrencyCode;
      const address = (first.shipping_address ?? null) as Address | null;
      const rules = await rulesOf(trx, subscription.website_id);
      const unitPriceCents = Math.round(subscription.price_cents / item.quantity);
      const totals = computeTotals({
        lines: [{ unitPriceCents, quantity: item.quantity, productType: item.productType }],
        couponCodes: [],
        coupons: [],
        taxRules: rules.taxRules,
        shippingOptions: rules.shippingOptions,
        selectedShippingOptionId: null,
        location: address ? { country: address.country, ...(address.region ? { region: address.region } : {}) } : null,
        now,
        pricesIncludeTax: rules.pricesIncludeTax,
      });
      const order = await insertOrder(
        trx,
        this.#orders.orderValues({
          websiteId: subscription.website_id,
          kind: 'subscription',
          cartId: null,
          email: subscription.email,
          address,
          items: [{ ...item, unitPrice: { value: String(unitPriceCents), currency } }],
          currency,
          subtotal: totals.subtotalCents,
          discount: 0,
          shipping: totals.shippingCostCents,
          tax: totals.taxCents,
          taxIncluded: totals.taxIncluded,
          giftCard: 0,
          giftCardId: null,
        }),
      );
      await setRenewal(trx, renewal.id, { order_id: order.id });
      return { renewal: { ...renewal, order_id: order.id }, subscription, order, taken };
    });
  }

  /** Finishes a renewal a stopped replica left charging. */
  async #resume(renewal: RenewalRow, now: Date, run: RenewalRun): Promise<void> {
    const subscription = await this.#ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', renewal.subscription_id)
      .executeTakeFirst();
    const order = renewal.order_id ? await findOrder(this.#ctx.db, renewal.website_id, renewal.order_id) : undefined;
    if (!subscription || !order || order.status !== 'pending') {
      // The claim never got as far as an order: the cycle is free to be claimed again.
      await this.#ctx.transaction(async (trx) => {
        await setRenewal(trx, renewal.id, { status: 'failed' });
      });
      return;
    }
    const item = (order.items as OrderItem[])[0];
    const taken =
      item && tracksStock(item.productType)
        ? { productId: item.itemId, variantId: item.variantId, sku: item.sku, quantity: item.quantity }
        : null;
    await this.#chargeAndSettle({ renewal, subscription, order, taken }, now, run);
  }

  async #chargeAndSettle(claimed: Claimed, now: Date, run: RenewalRun): Promise<void> {
    const { renewal, subscription, order } = claimed;
    const outcome = await this.#charge(subscription, order, renewal);
    await this.#ctx.transaction(async (trx) => {
      if (outcome.outcome === 'succeeded') {
        await setOrderStatus(trx, order.id, 'paid', outcome.reference);
        await setRenewal(trx, renewal.id, { status: 'paid' });
        const plan = subscription.plan;
        // The next date follows the schedule, not the moment this run happened to bill it.
        const from = subscription.next_billing_at ? new Date(subscription.next_billing_at) : now;
        const next = nextBillingDate(from, plan, renewal.cycle);
        await advanceSubscription(trx, subscription.id, renewal.cycle, next);
        await this.#orders.announce(trx, { ...order, status: 'paid' });
        await enqueueShopMail(
          trx,
          order.website_id,
          subscription.email,
          'subscription.renewed',
          `renewal-paid:${renewal.id}`,
          (site) => renewalMail(site, order, next),
          this.#ctx.config.PUBLIC_URL,
        );
        run.paid.push(order.id);
        return;
      }
      if (claimed.taken) {
        const back = await returnStock(
          trx,
          subscription.website_id,
          claimed.taken.productId,
          claimed.taken.variantId,
          claimed.taken.quantity,
        );
        if (back) await announceStockChange(trx, subscription.website_id, claimed.taken, back.before, back.after, 'payment-failed');
      }
      await setOrderStatus(trx, order.id, 'payment-failed');
      await this.#fail(trx, renewal, subscription);
      const item = (order.items as OrderItem[])[0];
      await enqueueShopMail(
        trx,
        order.website_id,
        subscription.email,
        'subscription.renewal-failed',
        `renewal-failed:${renewal.id}`,
        (site) => renewalFailedMail(site, item?.productName ?? null, order.grand_total_cents, order.currency),
        this.#ctx.config.PUBLIC_URL,
      );
      run.failed.push(subscription.id);
    });
    this.#orders.mailQueued();
  }

  async #charge(subscription: SubscriptionRow, order: OrderRow, renewal: RenewalRow): Promise<ChargeResult> {
    const amountCents = order.grand_total_cents;
    if (amountCents === 0) return { outcome: 'succeeded', reference: `free_${renewal.id}` };
    if (!subscription.payment_method || !this.#payments.chargeSaved) return { outcome: 'failed', message: 'No saved payment method.' };
    try {
      return await this.#payments.chargeSaved({
        amountCents,
        currency: order.currency as CurrencyCode,
        paymentMethod: subscription.payment_method,
        description: `Subscription ${subscription.id}, cycle ${renewal.cycle}`,
        idempotencyKey: `renewal:${renewal.id}:${renewal.attempts}`,
      });
    } catch (error) {
      this.#ctx.logger.warn({ err: error, subscriptionId: subscription.id }, 'renewal charge failed');
      return { outcome: 'failed', message: 'The payment provider failed.' };
    }
  }

  async #fail(trx: Transaction<CartDB>, renewal: RenewalRow, subscription: SubscriptionRow): Promise<void> {
    await setRenewal(trx, renewal.id, { status: 'failed' });
    // Past due: what it paid for ends with it (commerce.subscription.ended) until a renewal is paid again.
    await endSubscription(trx, subscription, 'past-due');
  }
}
