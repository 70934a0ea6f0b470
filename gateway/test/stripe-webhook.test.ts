// Stripe's webhook through the gateway: it carries no crumb (it comes from Stripe, not a browser)
// and its signature is over the exact bytes Stripe sent, so the gateway must forward the body
// untouched for cart to verify it. Signed here the way Stripe signs (HMAC-SHA256 of "t.payload").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { buildApp as buildCart, StripePaymentProvider } from '@sc/cart';
import { CommerceMessages } from '@sc/contracts';
import { testConfig } from '@sc/platform/test-kit';
import { FakeStripeServer } from '@sc/platform/test-kit/stripe-server';
import { buildGateway, GatewayEnv } from '../src/index.js';

const SECRET = 'whsec_gatewayTestSecret';
const sign = (payload: string, secret = SECRET) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
};

describe('Stripe webhook through the gateway', () => {
  let stripe: FakeStripeServer;
  let cart: FastifyInstance;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    stripe = new FakeStripeServer();
    const api = await stripe.start();
    cart = await buildCart({
      config: testConfig(),
      payments: new StripePaymentProvider({ secretKey: 'sk_test_gateway', publishableKey: 'pk_test_gateway', webhookSecret: SECRET, api }),
      jobs: { renewalsEveryMs: false, purgeEveryMs: false, holdsEveryMs: false },
    });
    const cartUrl = await cart.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway({
      config: GatewayEnv.parse({ ...process.env, LOG_LEVEL: 'silent', CART_URL: cartUrl, RATE_LIMIT_MAX: '1000' }),
    });
    await gateway.ready();
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await cart?.close();
    await stripe?.stop();
  });

  it('forwards the signed body byte for byte without a crumb; a replay is a duplicate; a bad signature is 400', async () => {
    // Odd spacing and key order: any re-serialisation on the way would break the signature.
    const payload = `{"id":"evt_gw_${Date.now()}",  "object":"event","type":"customer.created","created":1,"livemode":false,"api_version":"2025-01-01","data":{"object":{"id":"cus_1","object":"customer"}}}`;
    const send = (signature: string) =>
      request(gateway.server)
        .post('/api/commerce/payments/stripe/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', signature)
        .send(payload);
    const first = await send(sign(payload)).expect(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect((await send(sign(payload)).expect(200)).body).toEqual({ received: true, duplicate: true });
    const forged = await send(sign(payload, 'whsec_notTheSecret')).expect(400);
    expect(forged.body).toMatchObject({ message: CommerceMessages.webhookSignature });
    // Other unsafe cart calls still need the crumb.
    const refused = await request(gateway.server).post('/api/commerce/checkout').send({}).expect(401);
    expect(refused.body.crumbFail).toBe(true);
  }, 60_000);
});
