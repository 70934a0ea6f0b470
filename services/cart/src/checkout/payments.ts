// The payment step behind one interface, so a real provider can replace the built-in test-mode
// one. The test provider charges nothing: its card numbers decide the outcome.
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
  | { outcome: 'succeeded'; reference: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'failed'; message: string };

export interface PaymentProvider {
  /** True when no real money moves (SPEC 3 Order testMode). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The test-mode card numbers and what they do. */
export const TEST_CARDS = Object.freeze({
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  fails: '4000000000000119',
});

/** The built-in provider of test mode: 4242… succeeds, 4000…0002 is declined, 4000…0119 fails. */
export class TestPaymentProvider implements PaymentProvider {
  readonly testMode = true;
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const number = request.card.number.replaceAll(' ', '');
    const now = this.#now();
    const expired = request.card.expYear < now.getUTCFullYear() || (request.card.expYear === now.getUTCFullYear() && request.card.expMonth < now.getUTCMonth() + 1);
    if (expired) return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
    switch (number) {
      case TEST_CARDS.succeeds:
        return { outcome: 'succeeded', reference: `test_ch_${randomBytes(12).toString('hex')}` };
      case TEST_CARDS.declines:
        return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
      case TEST_CARDS.fails:
        return { outcome: 'failed', message: CommerceMessages.paymentFailed };
      default:
        return { outcome: 'declined', message: CommerceMessages.notATestCard };
    }
  }
}
