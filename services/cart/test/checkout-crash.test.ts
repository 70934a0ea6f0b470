// Checkouts that finish or roll back when a replica dies (issue 39). Two apps on one database play
// two replicas; the first dies (is closed) while its checkout waits on the payment provider, as a
// crash between the reserve and the settle would leave it: an idempotency key with no answer and a
// pending order holding stock. Before, the buyer's retries got 409 "still being processed" until
// the key expired a day later, and in test mode the hold was never released. Now the key is taken
// over after its lease, the dead run's hold is released, and the buyer gets one paid order; the
// sweeper releases a hold nobody retries; and a charge whose order was released before it settled
// is refunded and answered as a failure; a retry after a run that paid and lost its answer gets that order.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CommerceMessages, type CheckoutResponse } from '@sc/contracts';
import { MemoryBus, openEmbeddedPostgres, type EmbeddedPostgres } from '@sc/platform';
import { asFromGateway, mode, testConfig, waitFor } from '@sc/platform/test-kit';
import {
  buildApp,
  CART_COOKIE,
  TestPaymentProvider,
  type ChargeRequest,
  type ChargeResult,
  type RefundRequest,
  type RefundResult,
} from '../src/index.js';
import { APP_START_TIMEOUT_MS, CARD, setup, SIGNING_KEY, type Kit } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
const LEASE_MS = 400;

/** The test provider, whose charges can be held back until the test lets them go. */
class HeldPayments extends TestPaymentProvider {
  hold = false;
  readonly waiting: Array<() => void> = [];
  readonly refunds: RefundRequest[] = [];

  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return super.charge(request);
  }

  override async refund(request: RefundRequest): Promise<RefundResult> {
    this.refunds.push(request);
    return super.refund(request);
  }
}

describe(`checkout when a replica dies (${mode.database})`, () => {
  let kit: Kit;
  let embedded: EmbeddedPostgres | undefined;
  const payments = new HeldPayments();

  beforeAll(async () => {
    // Embedded mode: both replicas on one PGlite (with DATABASE_URL they share the database anyway).
    embedded = process.env.DATABASE_URL ? undefined : await openEmbeddedPostgres(':memory:');
    kit = await setup({
      payments,
      jobs: { checkoutLeaseMs: LEASE_MS, abandonedEveryMs: false },
      ...(embedded ? { sharedEmbedded: embedded } : {}),
    });
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit?.close();
    await embedded?.close();
  });

  /** The replica that will die: the same service on the same database, charges held back. */
  const doomedReplica = async (): Promise<{ app: FastifyInstance; payments: HeldPayments }> => {
    const held = new HeldPayments();
    held.hold = true;
    const app = await buildApp({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY }),
      relay: { autoStart: false },
      shared: { bus: new MemoryBus(), ...(embedded ? { embedded } : {}) },
      payments: held,
      writeLimit: { max: 100_000, windowMs: 60_000 },
      jobs: { renewalsEveryMs: false, purgeEveryMs: false, holdsEveryMs: false, abandonedEveryMs: false, checkoutLeaseMs: LEASE_MS },
      mail: { autoStart: false },
    });
    await app.ready();
    return { app, payments: held };
  };

  const stockOf = async (websiteId: string, productId: string) =>
    (
      await kit.ctx.db
        .selectFrom('stock')
        .select('qty')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).qty;
  const ordersOf = (websiteId: string) =>
    kit.ctx.db.selectFrom('orders').select(['id', 'status']).where('website_id', '=', websiteId).orderBy('created_at').execute();
  const body = { email: 'buyer@example.com', shippingAddress: ADDRESS, card: CARD };

  /** A shop with 5 in stock and a cart of 2; a checkout of it started on the doomed replica, which then dies. */
  const deadCheckout = async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'MUG', price: 1500, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const key = randomUUID();
    const doomed = await doomedReplica();
    const headers = { 'x-website-id': site, 'x-request-id': randomUUID(), cookie: `${CART_COOKIE}=${cart}`, 'idempotency-key': key };
    const lost = doomed.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout',
      headers: asFromGateway(headers, SIGNING_KEY),
      payload: body,
    });
    lost.catch(() => undefined);
    await waitFor(() => doomed.payments.waiting.length === 1, 10_000, 'the charge to start');
    expect(await stockOf(site, product.productId)).toBe(3);
    await doomed.app.close();
    return { site, product, cart, key };
  };

  const retry = (site: string, cart: string, key: string) =>
    kit.call('POST', '/api/commerce/checkout', { websiteId: site, cart, headers: { 'idempotency-key': key } }, body);

  it("the buyer's retry takes the dead request's key over after its lease and gets one paid order", async () => {
    const { site, product, cart, key } = await deadCheckout();
    // The lease has not run out: the answer says to retry, and it is not stored as the key's answer.
    const early = await retry(site, cart, key);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: CommerceMessages.idempotencyInProgress });

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    const taken = await retry(site, cart, key);
    expect(taken.statusCode).toBe(201);
    const { order } = taken.json<CheckoutResponse>();
    expect(order.status).toBe('paid');
    // The dead run's order released its 2, the new one took 2.
    expect(await stockOf(site, product.productId)).toBe(3);
    expect((await ordersOf(site)).map((o) => o.status)).toEqual(['payment-failed', 'paid']);
    // The key now replays the one order.
    const again = await retry(site, cart, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<CheckoutResponse>().order.id).toBe(order.id);
  });

  it('a retry after a run that paid but lost its answer (the key given back with a 503) gets that paid order', async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'MUG', price: 1500, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const key = randomUUID();
    const first = await retry(site, cart, key);
    expect(first.statusCode).toBe(201);
    // What a run does when its connection goes after the order is paid (reading it back, writing
    // the answer): a 503, and the key given back so that the retry runs again.
    await kit.ctx.db.deleteFrom('idempotency_keys').where('website_id', '=', site).where('key', '=', key).execute();
    const again = await retry(site, cart, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<CheckoutResponse>().order.id).toBe(first.json<CheckoutResponse>().order.id);
    expect((await ordersOf(site)).map((o) => o.status)).toEqual(['paid']);
    expect(await stockOf(site, product.productId)).toBe(3);
  });

  it('the sweeper releases the hold of a checkout nobody retries, and a new key checks the cart out', async () => {
    const { site, product, cart } = await deadCheckout();
    expect(await kit.parts.paymentService.releaseAbandoned({ websiteId: site })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    expect(await kit.parts.paymentService.releaseAbandoned({ websiteId: site })).toBe(1);
    expect(await stockOf(site, product.productId)).toBe(5);
    expect((await ordersOf(site)).map((o) => o.status)).toEqual(['payment-failed']);
    const fresh = await retry(site, cart, randomUUID());
    expect(fresh.statusCode).toBe(201);
    expect(await stockOf(site, product.productId)).toBe(3);
  });

  it('a charge whose order was released before it settled is refunded, and the answer is a failure', async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'MUG', price: 1500, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    payments.hold = true;
    const answer = retry(site, cart, randomUUID());
    await waitFor(() => payments.waiting.length === 1, 10_000, 'the charge to start');
    // The release a sweeper makes of an order it found past its lease.
    const [pending] = await ordersOf(site);
    expect(await kit.parts.paymentService.releasePending(site, pending!.id)).toBe(true);
    payments.hold = false;
    payments.waiting.shift()!();
    const failed = await answer;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: CommerceMessages.paymentFailed });
    expect(payments.refunds).toHaveLength(1);
    expect(payments.refunds[0]).toMatchObject({ amountCents: 3000 });
    expect((await ordersOf(site)).map((o) => o.status)).toEqual(['payment-failed']);
    expect(await stockOf(site, product.productId)).toBe(5);
  });
});
