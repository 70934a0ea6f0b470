// The payment routes: how this shop takes payments (the checkout shows Stripe's Payment Element or
// the test-mode form) and Stripe's webhook, which reads its body raw: the signature is over the
// exact bytes Stripe sent, so no parser may touch them first.
import { CommerceMessages, PaymentsConfig, WebhookReceived } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import { cartFailure } from '../shared/errors.js';
import type { CartModule } from '../module.js';
import { StripePaymentProvider } from './stripe.js';

/** Stripe's events are small; anything larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export async function paymentsRoutes(app: ZodApp, parts: Pick<CartModule, 'payments' | 'stripeWebhook'>): Promise<void> {
  const { payments, stripeWebhook: webhook } = parts;
  const stripe = payments instanceof StripePaymentProvider ? payments : undefined;
  const config: PaymentsConfig = stripe
    ? { provider: 'stripe', testMode: stripe.testMode, publishableKey: stripe.publishableKey }
    : { provider: 'test', testMode: true, publishableKey: null };

  app.get(
    '/api/commerce/payments/config',
    { schema: { summary: 'Which payment provider checkout uses, and its public key', response: { 200: PaymentsConfig } } },
    async () => config,
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/commerce/payments/stripe/webhook',
      {
        schema: { summary: "Stripe's webhook: payment and refund events (signed by Stripe, no crumb)", response: { 200: WebhookReceived } },
      },
      async (request) => {
        if (!webhook) throw cartFailure(404, CommerceMessages.webhookNotConfigured);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return webhook.receive(raw, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
}
