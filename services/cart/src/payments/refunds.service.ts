// Refunds of orders, in the three steps checkout uses, none holding a transaction across the
// provider's call:
//   1. Reserve (one transaction, under the order's row lock): plan the refund against the refunds
//      made or under way, record it as pending and add its amount to the order's refunded total,
//      so two refunds at once can never give back more than the order took.
//   2. Ask the provider to refund the card's part (test mode: no money moves).
//   3. Settle: succeeded → the gift card's part goes back on the card, the chosen items go back to
//      stock (commerce.stock.changed), the order's status follows, commerce.order.refunded;
//      failed → the refund is marked failed and its amount leaves the refunded total again.
// The route wraps every call in an Idempotency-Key, and the provider is given the refund's id as
// its key, so a retried request neither refunds nor restocks twice.
import { randomBytes } from 'node:crypto';
import { CommerceMessages, type CurrencyCode, type Order, type OrderItem, type OrderRefund, type RefundBody } from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import { planRefund, statusAfterRefund } from '../domain/refunds.js';
import { cartFailure } from '../shared/errors.js';
import type { OrderService } from '../orders/orders.service.js';
import { enqueueRefundNotice } from '../orders/index.js';
import {
  addRefunded,
  creditGiftCard,
  insertRefund,
  liveRefundsOfOrder,
  lockOrder,
  returnStock,
  setRefundStatus,
  type OrderRow,
  type RefundRow,
} from '../orders/index.js';
import type { PaymentProvider } from './payments.js';
import { announceStockChange } from '../orders/index.js';

const money = (cents: number, currency: string) => ({ value: String(cents), currency: currency as CurrencyCode });

export class RefundService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #payments: PaymentProvider;
  readonly #orders: OrderService;

  constructor(ctx: ServiceContext<CartDB>, payments: PaymentProvider, orders: OrderService) {
    this.#ctx = ctx;
    this.#payments = payments;
    this.#orders = orders;
  }

  /**
   * Stripe's charge.refunded: refunds this shop did not ask for (made in Stripe's dashboard) are
   * recorded as card refunds, with their event and the buyer's notice; the shop's own refunds
   * (their id in the refund's metadata) were recorded when Stripe answered.
   */
  async recordProviderRefunds(
    trx: Transaction<CartDB>,
    charge: { intentId: string; refunds: Array<{ id: string; amount: number; status: string | null; ourId: string | null }> },
  ): Promise<void> {
    if (!charge.intentId) return;
    const found = await trx
      .selectFrom('orders')
      .select(['id', 'website_id'])
      .where('payment_reference', '=', charge.intentId)
      .executeTakeFirst();
    if (!found) return;
    const row = (await lockOrder(trx, found.website_id, found.id))!;
    const known = await trx.selectFrom('refunds').select(['id', 'provider_reference']).where('order_id', '=', row.id).execute();
    let refunded = row.refunded_cents;
    for (const r of charge.refunds) {
      if (r.status !== 'succeeded' && r.status !== 'pending') continue;
      if (known.some((k) => k.id === r.ourId || k.provider_reference === r.id)) continue;
      const left = row.grand_total_cents - row.gift_card_cents - refunded;
      if (r.amount < 1 || r.amount > left) {
        this.#ctx.logger.error(
          { orderId: row.id, refund: r.id, amount: r.amount, left },
          'a refund made at Stripe is larger than the order has left: not recorded',
        );
        continue;
      }
      const inserted = await insertRefund(trx, {
        id: randomBytes(12).toString('hex'),
        website_id: row.website_id,
        order_id: row.id,
        amount_cents: r.amount,
        card_cents: r.amount,
        gift_card_cents: 0,
        restocked: JSON.stringify([]),
        reason: 'Refunded at Stripe',
        status: 'pending',
        provider_reference: null,
      });
      await addRefunded(trx, row.id, r.amount);
      refunded += r.amount;
      await this.#settle(trx, row.website_id, inserted, r.id);
    }
  }

  /** Refunds (part of) an order and restocks what the owner chose; answers the order and the refund. */
  async refund(websiteId: string, orderId: string, body: RefundBody): Promise<{ order: Order; refund: OrderRefund }> {
    const { refund, order } = await this.#ctx.transaction(async (trx) => {
      const row = await lockOrder(trx, websiteId, orderId);
      if (!row) throw cartFailure(404, CommerceMessages.orderNotFound);
      const earlier = await liveRefundsOfOrder(trx, row.id);
      const planned = planRefund(
        {
          status: row.status,
          currency: row.currency as CurrencyCode,
          grandTotalCents: row.grand_total_cents,
          giftCardCents: row.gift_card_cents,
          items: row.items as OrderItem[],
        },
        earlier.map((r) => ({ cardCents: r.card_cents, giftCardCents: r.gift_card_cents, restocked: r.restocked })),
        { amountCents: body.amountCents, restock: body.restock },
      );
      if (!planned.ok) throw cartFailure(planned.message === CommerceMessages.refundNotAllowed ? 409 : 400, planned.message);
      const { plan } = planned;
      const inserted = await insertRefund(trx, {
        id: randomBytes(12).toString('hex'),
        website_id: websiteId,
        order_id: row.id,
        amount_cents: plan.amountCents,
        card_cents: plan.toCardCents,
        gift_card_cents: plan.toGiftCardCents,
        restocked: JSON.stringify(plan.restock),
        reason: body.reason ?? null,
        status: 'pending',
        provider_reference: null,
      });
      await addRefunded(trx, row.id, plan.amountCents);
      return { refund: inserted, order: row };
    });

    let reference: string | null = null;
    if (refund.card_cents > 0) {
      const answer = await this.#askProvider(order.payment_reference, refund, order.currency as CurrencyCode);
      if (answer.outcome !== 'succeeded') {
        await this.#ctx.transaction(async (trx) => {
          await setRefundStatus(trx, refund.id, 'failed', null);
          await addRefunded(trx, order.id, -refund.amount_cents);
        });
        throw cartFailure(502, answer.message);
      }
      reference = answer.reference;
    }

    await this.#ctx.transaction(async (trx) => this.#settle(trx, websiteId, refund, reference));
    this.#orders.mailQueued();
    const view = await this.#orders.orderView(websiteId, order.id);
    const made = view.refunds.find((r) => r.id === refund.id);
    if (!made) throw cartFailure(404, CommerceMessages.orderNotFound);
    return { order: view, refund: made };
  }

  /** A refund the provider made: money, stock and status follow, the event and the buyer's notice. */
  async #settle(trx: Transaction<CartDB>, websiteId: string, refund: RefundRow, reference: string | null): Promise<void> {
    const row: OrderRow = (await lockOrder(trx, websiteId, refund.order_id))!;
    await setRefundStatus(trx, refund.id, 'succeeded', reference);
    if (refund.gift_card_cents > 0 && row.gift_card_id) await creditGiftCard(trx, row.gift_card_id, refund.gift_card_cents);
    for (const line of refund.restocked) {
      const back = await returnStock(trx, websiteId, line.itemId, line.variantId, line.quantity);
      if (back)
        await announceStockChange(
          trx,
          websiteId,
          { productId: line.itemId, variantId: line.variantId, sku: line.sku },
          back.before,
          back.after,
          'refund',
        );
    }
    // Refunds still under way elsewhere do not count until they succeed.
    const refunded = (await liveRefundsOfOrder(trx, row.id))
      .filter((r) => r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount_cents, 0);
    const status = statusAfterRefund(row.status, row.grand_total_cents, refunded);
    if (status !== row.status) await addRefunded(trx, row.id, 0, status);
    await enqueueEvent(trx, 'commerce.order.refunded', websiteId, {
      orderId: row.id,
      refundId: refund.id,
      testMode: row.test_mode,
      amount: money(refund.amount_cents, row.currency),
      refundedTotal: money(refunded, row.currency),
      fullyRefunded: status === 'refunded',
      restocked: refund.restocked.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    });
    if (refund.amount_cents > 0) await enqueueRefundNotice(trx, row, refund, refunded, this.#ctx.config.PUBLIC_URL);
  }

  async #askProvider(chargeReference: string | null, refund: RefundRow, currency: CurrencyCode) {
    if (!chargeReference || !this.#payments.refund) return { outcome: 'failed' as const, message: CommerceMessages.refundFailed };
    try {
      return await this.#payments.refund({
        chargeReference,
        amountCents: refund.card_cents,
        currency,
        idempotencyKey: `refund:${refund.id}`,
      });
    } catch (error) {
      this.#ctx.logger.warn({ err: error }, 'payment provider refund failed');
      return { outcome: 'failed' as const, message: CommerceMessages.refundFailed };
    }
  }
}
