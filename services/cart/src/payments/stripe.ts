// Stripe as the payment processor. Card data never reaches our servers: the checkout's Payment
// Element sends it to Stripe, and this server only opens a PaymentIntent for the order's exact
// total (idempotency key derived from the order, so a retried checkout never opens a second one),
// cancels it when the hold on the stock expires, refunds through the Refunds API and verifies the
// webhook's signature on the raw body. An order becomes paid only from the verified webhook.
// Switched on by STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (all three);
// STRIPE_API_URL points the SDK at a Stripe-shaped server (stripe-mock, the tests' fake).
import { CommerceMessages } from '@sc/contracts';
import { loadConfig, optional, type Logger } from '@sc/platform';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  TestPaymentProvider,
  type ChargeResult,
  type IntentPayments,
  type IntentRequest,
  type OpenedIntent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type SavedChargeRequest,
} from './payments.js';

export const StripeEnv = z
  .object({
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_...)')),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_...)')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a webhook signing secret (whsec_...)')),
    STRIPE_API_URL: optional(
      z.string().refine((v) => /^https?:\/\/[^/\s]+\/?$/.test(v) && URL.canParse(v), 'must be an http(s)://host[:port] URL'),
    ),
  })
  .refine((env) => [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length % 3 === 0, {
    message: 'set all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none',
    path: ['STRIPE_SECRET_KEY'],
  });
export type StripeEnv = z.infer<typeof StripeEnv>;

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is (tests: the Stripe-shaped server); default api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The provider of the `stripe` SDK. */
export class StripePaymentProvider implements PaymentProvider, IntentPayments {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
    this.publishableKey = options.publishableKey;
    this.#webhookSecret = options.webhookSecret;
    // Stripe's own test keys move no real money either.
    this.testMode = options.secretKey.startsWith('sk_test_') || options.secretKey.startsWith('rk_test_');
  }

  /** Card numbers never reach this server with Stripe: a charge with card data is refused. */
  async charge(): Promise<ChargeResult> {
    return { outcome: 'failed', message: CommerceMessages.cardDataRefused };
  }

  /**
   * Opens the PaymentIntent of an order. Its idempotency key is the order's, so a retry answers the
   * same intent; a subscription's first payment also makes a customer to renew from.
   */
  async openIntent(request: IntentRequest): Promise<OpenedIntent> {
    const customer = request.saveForRenewals
      ? (
          await this.stripe.customers.create(
            { email: request.email, metadata: { websiteId: request.websiteId } },
            { idempotencyKey: `customer:${request.orderId}` },
          )
        ).id
      : undefined;
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: request.currency.toLowerCase(),
        description: request.description,
        receipt_email: request.email,
        automatic_payment_methods: { enabled: true },
        metadata: { orderId: request.orderId, websiteId: request.websiteId },
        ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
      },
      { idempotencyKey: `order:${request.orderId}` },
    );
    if (!intent.client_secret) throw new Error('Stripe answered an intent without a client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  /** Cancels an intent; false when it can no longer be (it succeeded or is processing). */
  async cancelIntent(intentId: string): Promise<boolean> {
    try {
      await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel:${intentId}` });
      return true;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const intent = await this.stripe.paymentIntents.retrieve(intentId);
        return intent.status === 'canceled';
      }
      throw error;
    }
  }

  /** The event of a webhook delivery, or undefined when its signature does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
    if (!signature) return undefined;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch {
      return undefined;
    }
  }

  /** A renewal: the saved card charged off-session (`<customer> <payment method>`). */
  async chargeSaved(request: SavedChargeRequest): Promise<ChargeResult> {
    const [customer, paymentMethod] = request.paymentMethod.split(' ');
    if (!customer || !paymentMethod) return { outcome: 'failed', message: CommerceMessages.paymentFailed };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: request.description,
        },
        { idempotencyKey: `renewal:${request.idempotencyKey}` },
      );
      return intent.status === 'succeeded'
        ? { outcome: 'succeeded', reference: intent.id, paymentMethod: request.paymentMethod }
        : { outcome: 'declined', message: CommerceMessages.paymentDeclined };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { outcome: 'declined', message: CommerceMessages.paymentDeclined };
      throw error;
    }
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      // The refund's id rides along, so its charge.refunded event is known as ours.
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.chargeReference,
          amount: request.amountCents,
          metadata: { refundId: request.idempotencyKey.replace(/^refund:/, '') },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return refund.status === 'failed' || refund.status === 'canceled'
        ? { outcome: 'failed', message: CommerceMessages.refundFailed }
        : { outcome: 'succeeded', reference: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return { outcome: 'failed', message: CommerceMessages.refundFailed };
      throw error;
    }
  }
}

/** The provider the environment asks for: Stripe when its keys are set, else test mode. */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env, logger?: Logger): PaymentProvider {
  const config = loadConfig(StripeEnv, env);
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY || !config.STRIPE_WEBHOOK_SECRET) return new TestPaymentProvider();
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  logger?.info({ api: api?.host ?? 'api.stripe.com' }, 'payments: Stripe');
  return new StripePaymentProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    ...(api
      ? {
          api: {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
          },
        }
      : {}),
  });
}
