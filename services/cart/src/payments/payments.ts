// The payment step behind one interface, so a real provider can replace the built-in test-mode
// one. The test provider charges nothing: its card numbers decide the outcome. A successful charge
// may leave a reusable payment method (a token, never card data) for subscription renewals, and a
// charge can be refunded in part or in full.
import { randomBytes } from 'node:crypto';
import { CommerceMessages, type CardDetails, type CurrencyCode } from '@sc/contracts';

export interface ChargeRequest {
  amountCents: number;
  currency: CurrencyCode;
  card: CardDetails;
  description: string;
  /** Passed to the provider so that a retried charge is not taken twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { outcome: 'succeeded'; reference: string; paymentMethod?: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'failed'; message: string };

/** A charge of a payment method saved by an earlier charge (subscription renewals). */
export interface SavedChargeRequest {
  amountCents: number;
  currency: CurrencyCode;
  paymentMethod: string;
  description: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  /** The reference the charge answered. */
  chargeReference: string;
  amountCents: number;
  currency: CurrencyCode;
  idempotencyKey: string;
}

export type RefundResult = { outcome: 'succeeded'; reference: string } | { outcome: 'failed'; message: string };

export interface PaymentProvider {
  /** True when no real money moves (SPEC 3 Order testMode). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a saved payment method; providers without it cannot renew subscriptions. */
  chargeSaved?(request: SavedChargeRequest): Promise<ChargeResult>;
  /** Gives back part or all of a charge; providers without it cannot refund to the card. */
  refund?(request: RefundRequest): Promise<RefundResult>;
}

/** An intent opened for an order: the browser confirms it with the client secret. */
export interface OpenedIntent {
  id: string;
  clientSecret: string;
}

export interface IntentRequest {
  orderId: string;
  websiteId: string;
  amountCents: number;
  currency: string;
  email: string;
  description: string;
  /** Keep the card for off-session renewals (subscriptions). */
  saveForRenewals: boolean;
}

/**
 * A provider whose card form runs in the buyer's browser (Stripe's Payment Element): the server
 * opens an intent and learns the outcome from the provider's verified webhook.
 */
export interface IntentPayments {
  readonly name: 'stripe';
  readonly publishableKey: string;
  openIntent(request: IntentRequest): Promise<OpenedIntent>;
  /** Cancels an intent; false when it can no longer be (it succeeded or is processing). */
  cancelIntent(intentId: string): Promise<boolean>;
}

/** True for providers that take the card in the browser. */
export const hasIntents = (provider: PaymentProvider): provider is PaymentProvider & IntentPayments =>
  typeof (provider as Partial<IntentPayments>).openIntent === 'function';

/** The test-mode card numbers and what they do. */
export const TEST_CARDS = Object.freeze({
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  fails: '4000000000000119',
  /** Paid at checkout, declined when a renewal charges it later. */
  declinesRenewals: '4000000000000341',
});

// A saved method names what its renewals do plus random bits, never the card's number: the token
// is stored with the subscription, and no card number is ever stored (test-mode-payments.test.ts).
const SAVED = { renews: 'test_pm_renews_', declinesRenewals: 'test_pm_renewal_declines_' } as const;
/** The tokens of earlier versions carried the test number itself; their renewals still work. */
const LEGACY_SAVED = { renews: `test_pm_${TEST_CARDS.succeeds}`, declinesRenewals: `test_pm_${TEST_CARDS.declinesRenewals}` } as const;
// base64url, not hex: 24 hex characters held twelve digits in a row about once in fifty tokens,
// which reads like a card number in a log or an export.
const savedMethod = (prefix: string): string => `${prefix}${randomBytes(12).toString('base64url')}`;

/**
 * The built-in provider of test mode: 4242… succeeds, 4000…0002 is declined, 4000…0119 fails,
 * 4000…0341 succeeds once and declines as a saved method. Answers are remembered per idempotency
 * key, as a real provider's are, so a retried renewal or refund is not taken twice.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly testMode = true;
  readonly #now: () => Date;
  readonly #answered = new Map<string, ChargeResult | RefundResult>();

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  async chargeSaved(request: SavedChargeRequest): Promise<ChargeResult> {
    return this.#once(`saved:${request.idempotencyKey}`, () => {
      const method = request.paymentMethod;
      if (method.startsWith(SAVED.renews) || method === LEGACY_SAVED.renews) {
        return { outcome: 'succeeded', reference: `test_ch_${randomBytes(12).toString('hex')}`, paymentMethod: method };
      }
      if (method.startsWith(SAVED.declinesRenewals) || method === LEGACY_SAVED.declinesRenewals)
        return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
      return { outcome: 'failed', message: CommerceMessages.paymentFailed };
    });
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    return this.#once(`refund:${request.idempotencyKey}`, () =>
      request.chargeReference.startsWith('test_ch_') && request.amountCents > 0
        ? { outcome: 'succeeded', reference: `test_re_${randomBytes(12).toString('hex')}` }
        : { outcome: 'failed', message: CommerceMessages.refundFailed },
    );
  }

  #once<T extends ChargeResult | RefundResult>(key: string, answer: () => T): T {
    const known = this.#answered.get(key) as T | undefined;
    if (known) return known;
    const result = answer();
    // Bounded: the embedded platform runs this provider for as long as it runs.
    if (this.#answered.size >= 10_000) this.#answered.delete(this.#answered.keys().next().value!);
    this.#answered.set(key, result);
    return result;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const number = request.card.number.replaceAll(' ', '');
    const now = this.#now();
    const expired =
      request.card.expYear < now.getUTCFullYear() ||
      (request.card.expYear === now.getUTCFullYear() && request.card.expMonth < now.getUTCMonth() + 1);
    if (expired) return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
    switch (number) {
      case TEST_CARDS.succeeds:
        return { outcome: 'succeeded', reference: `test_ch_${randomBytes(12).toString('hex')}`, paymentMethod: savedMethod(SAVED.renews) };
      case TEST_CARDS.declinesRenewals:
        return {
          outcome: 'succeeded',
          reference: `test_ch_${randomBytes(12).toString('hex')}`,
          paymentMethod: savedMethod(SAVED.declinesRenewals),
        };
      case TEST_CARDS.declines:
        return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
      case TEST_CARDS.fails:
        return { outcome: 'failed', message: CommerceMessages.paymentFailed };
      default:
        return { outcome: 'declined', message: CommerceMessages.notATestCard };
    }
  }
}
