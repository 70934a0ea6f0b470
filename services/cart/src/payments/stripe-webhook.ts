// Stripe's webhook: the only way an order paid through Stripe becomes paid. The signature is
// checked on the raw body (stripe.webhooks.constructEvent); a bad one answers 400 and changes
// nothing. Each event id is recorded in the transaction of the change it causes, so a replayed or
// duplicated delivery changes nothing, and every change is conditional on the order's state
// under its row lock, so events arriving out of order change it once (an intent that was paid is
// never released; a released order is never paid, since it is released only after Stripe has
// cancelled its intent).
import { CommerceMessages } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type Stripe from 'stripe';
import type { CartDB } from '../tables.js';
import { cartFailure } from '../shared/errors.js';
import type { PaymentService } from './payments.service.js';
import type { RefundService } from './refunds.service.js';
import type { StripePaymentProvider } from './stripe.js';

export class StripeWebhook {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #stripe: StripePaymentProvider;
  readonly #checkout: PaymentService;
  readonly #refunds: RefundService;

  constructor(ctx: ServiceContext<CartDB>, stripe: StripePaymentProvider, checkout: PaymentService, refunds: RefundService) {
    this.#ctx = ctx;
    this.#stripe = stripe;
    this.#checkout = checkout;
    this.#refunds = refunds;
  }

  /** Handles one delivery; `duplicate` when its event was handled before. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const event = this.#stripe.verifyWebhook(rawBody, signature);
    if (!event) throw cartFailure(400, CommerceMessages.webhookSignature);
    const outcome = await this.#ctx.transaction(async (trx) => {
      const fresh = await trx
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!fresh) return 'duplicate' as const;
      // An if-chain: Stripe has hundreds of event types and this shop acts on four.
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        const method = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
        const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
        // What a renewal charges off-session: the customer and the card saved for it.
        const saved = customer && method ? `${customer} ${method}` : null;
        return this.#checkout.paymentSucceeded(trx, {
          id: intent.id,
          amount: intent.amount,
          currency: intent.currency,
          metadata: intent.metadata,
          paymentMethod: saved,
        });
      }
      if (event.type === 'payment_intent.canceled') {
        const { orderId, websiteId } = event.data.object.metadata;
        if (orderId && websiteId) await this.#checkout.releasePending(websiteId, orderId, trx);
        return 'handled' as const;
      }
      if (event.type === 'payment_intent.payment_failed') {
        // The buyer may try another card on the same intent: the hold stays until it expires.
        this.#ctx.logger.info(
          { intentId: event.data.object.id, code: event.data.object.last_payment_error?.code },
          'payment attempt failed',
        );
        return 'handled' as const;
      }
      if (event.type === 'charge.refunded') {
        await this.#refunds.recordProviderRefunds(trx, refundsOf(event.data.object));
        return 'handled' as const;
      }
      return 'ignored' as const;
    });
    if (outcome === 'paid' || outcome === 'handled') this.#checkout.mailQueued();
    return { received: true, duplicate: outcome === 'duplicate' };
  }
}

/** The refunds a charge.refunded event lists, with the intent they refund. */
function refundsOf(charge: Stripe.Charge): {
  intentId: string;
  refunds: Array<{ id: string; amount: number; status: string | null; ourId: string | null }>;
} {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
  return {
    intentId,
    refunds: (charge.refunds?.data ?? []).map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      ourId: r.metadata?.refundId ?? null,
    })),
  };
}
