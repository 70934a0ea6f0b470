// Stripe payments against a Stripe-shaped HTTP server (the SDK pointed at it) and a real SMTP
// server: the Payment Element flow (checkout opens an intent for the exact total, the browser
// confirms it, the verified webhook marks the order paid), exactly one receipt, replayed and
// forged webhooks, declines and 3-D Secure, retried checkouts, expiring holds, refunds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CommerceMessages, ProductType, type CheckoutResponse, type Order } from '@sc/contracts';
import { asFromGateway, mode } from '@sc/platform/test-kit';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import { FakeStripeServer, TEST_PAYMENT_METHODS, type FakeEvent } from '@sc/platform/test-kit/stripe-server';
import Stripe from 'stripe';
import { applyWebsiteEvent, StripePaymentProvider } from '../src/index.js';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, envelope, setup, SIGNING_KEY, type Kit } from './kit.js';

const WEBHOOK_SECRET = 'whsec_cartTestsSecret0123456789';
const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
const signer = new Stripe('sk_test_signer');

describe(`Stripe payments (${mode.database})`, () => {
  let kit: Kit;
  let stripe: FakeStripeServer;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    stripe = new FakeStripeServer();
    smtp = new TestSmtpServer();
    const [api, smtpUrl] = await Promise.all([stripe.start(), smtp.start()]);
    const payments = new StripePaymentProvider({
      secretKey: 'sk_test_cart',
      publishableKey: 'pk_test_cart',
      webhookSecret: WEBHOOK_SECRET,
      api,
    });
    kit = await setup({
      payments,
      mail: {
        config: { SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <shop@example.com>', MAIL_BATCH_SIZE: 50, MAIL_SEND_INTERVAL_MS: 0 },
        autoStart: false,
      },
    });
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit?.close();
    await Promise.all([stripe?.stop(), smtp?.stop()]);
  });

  const checkout = (websiteId: string, cart: string | undefined, body: Record<string, unknown> = {}, key: string = randomUUID()) =>
    kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId, cart, headers: { 'idempotency-key': key } },
      { email: 'buyer@example.com', shippingAddress: ADDRESS, ...body },
    );
  const deliver = (
    event: FakeEvent | Record<string, unknown>,
    options: { secret?: string; payload?: string; signature?: string | null } = {},
  ) => {
    const payload = options.payload ?? JSON.stringify(event);
    const signature =
      options.signature === undefined
        ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
        : options.signature;
    return kit.app.inject({
      method: 'POST',
      url: '/api/commerce/payments/stripe/webhook',
      headers: asFromGateway(
        { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
        SIGNING_KEY,
      ),
      payload,
    });
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
  const orderRow = (orderId: string) => kit.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const mailOf = (websiteId: string) =>
    kit.ctx.db.selectFrom('mail_outbox').selectAll().where('website_id', '=', websiteId).orderBy('created_at').execute();
  const shop = async (qty = 5, price = 2000) => {
    const site = kit.newSite();
    await applyWebsiteEvent(
      kit.ctx,
      envelope('content.website.updated', site, {
        title: 'Harbour Goods',
        templateId: 't',
        domains: ['harbour.example.com'],
        previousDomains: [],
      }),
    );
    const product = await kit.product(site, { title: 'Blue mug', variants: [{ sku: 'MUG', price, qty }] });
    return { site, product };
  };
  const paid = (event: FakeEvent) => event.type === 'payment_intent.succeeded';

  it('a buyer pays with the Payment Element flow: the webhook marks the order paid, one receipt arrives by SMTP with the right total; the webhook replayed 5 times changes nothing', async () => {
    const { site, product } = await shop();
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const response = await checkout(site, cart);
    expect(response.statusCode).toBe(201);
    const answer = response.json<CheckoutResponse>();
    const { order, payment, receiptToken } = answer;
    expect(order.status).toBe('pending');
    expect(order.grandTotal).toEqual({ value: '4000', currency: 'USD' });
    expect(payment).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_cart' });
    expect(payment!.clientSecret.startsWith(`${payment!.intentId}_secret_`)).toBe(true);
    // ≥ 128 bits: 22+ base64url characters.
    expect(receiptToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // The intent: the order's exact total and currency, keyed by the order.
    const created = stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.body.metadata &&
        (r.body.metadata as Record<string, string>).orderId === order.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      body: { amount: '4000', currency: 'usd', metadata: { orderId: order.id, websiteId: site } },
      idempotencyKey: `order:${order.id}`,
    });
    // Stock is held while the payment is pending; the cart is not yet purchased.
    expect(await stockOf(site, product.productId)).toBe(3);
    expect(await kit.events(site, 'commerce.order.placed')).toHaveLength(0);

    // The buyer confirms in the browser; Stripe sends payment_intent.succeeded.
    stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.visa);
    const [event] = stripe.eventsFor(payment!.intentId, 'payment_intent.succeeded');
    const first = await deliver(event!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await orderRow(order.id)).status).toBe('paid');

    const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(event!)));
    for (const r of replays) expect(r.json()).toEqual({ received: true, duplicate: true });
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await kit.events(site, 'commerce.order.placed')).toHaveLength(1);
    expect(await stockOf(site, product.productId)).toBe(3);
    expect(await mailOf(site)).toHaveLength(1);

    expect(await kit.parts.mail.deliverBatch()).toBeGreaterThanOrEqual(1);
    await kit.parts.mail.deliverBatch();
    const received = smtp.to('buyer@example.com').filter((m) => m.subject.includes(`order #${order.orderNumber}`));
    expect(received).toHaveLength(1);
    const receipt = received[0]!;
    expect(receipt.subject).toBe(`Your receipt from Harbour Goods: order #${order.orderNumber}`);
    expect(receipt.from).toBe('shop@example.com');
    expect(receipt.text).toContain('Blue mug × 2');
    expect(receipt.text).toMatch(/Total\s+\$40\.00/);
    expect(receipt.text).toContain('Ada Buyer');
    const link = `https://harbour.example.com/cart?view=status&order=${order.id}&receiptToken=${receiptToken}`;
    expect(receipt.text).toContain(link);
    expect(receipt.html).toContain('Harbour Goods');
    expect(receipt.html).toContain('$40.00');
    expect(receipt.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // The token in the link is the order's own.
    expect((await orderRow(order.id)).receipt_token).toBe(receiptToken);
  }, 60_000);

  it('a bad, missing or stale signature, or a body changed after signing, gets 400 and changes nothing', async () => {
    const { site, product } = await shop();
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 1 }]);
    const { order, payment } = (await checkout(site, cart)).json<CheckoutResponse>();
    stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.visa);
    const event = stripe.eventsFor(payment!.intentId, 'payment_intent.succeeded')[0]!;
    const payload = JSON.stringify(event);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const signedOther = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: WEBHOOK_SECRET,
    });
    const answers = await Promise.all([
      deliver(event, { secret: 'whsec_wrongSecret' }),
      deliver(event, { signature: null }),
      deliver(event, { signature: 'garbage' }),
      deliver(event, { signature: stale }),
      deliver(event, { signature: signedOther }),
    ]);
    for (const a of answers) {
      expect(a.statusCode).toBe(400);
      expect(a.json()).toMatchObject({ error: { message: CommerceMessages.webhookSignature } });
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await kit.ctx.db.selectFrom('payment_events').select('id').where('id', '=', event.id).execute()).toHaveLength(0);
    expect(await mailOf(site)).toHaveLength(0);
    // The genuine delivery still works afterwards.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await orderRow(order.id)).status).toBe('paid');
  }, 60_000);

  it("card data is refused with Stripe; a signed event whose amount is not the order's does not mark it paid", async () => {
    const { site, product } = await shop();
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 1 }]);
    const refused = await checkout(site, cart, { card: CARD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CommerceMessages.cardDataRefused });
    const tampered = await checkout(site, cart, { amount: 1 });
    expect(tampered.statusCode).toBe(400);
    const { order, payment } = (await checkout(site, cart)).json<CheckoutResponse>();
    stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.visa);
    const event = stripe.eventsFor(payment!.intentId, 'payment_intent.succeeded')[0]!;
    const intent = event.data.object as Record<string, unknown>;
    const cheaper = { ...event, id: `evt_${randomUUID()}`, data: { object: { ...intent, amount: 1 } } };
    expect((await deliver(cheaper)).statusCode).toBe(200);
    const otherOrder = { ...event, id: `evt_${randomUUID()}`, data: { object: { ...intent, id: 'pi_someone_else' } } };
    expect((await deliver(otherOrder)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await kit.events(site, 'commerce.order.placed')).toHaveLength(0);
  }, 60_000);

  it('a declined card and 3-D Secure keep the order pending and the cart open; the buyer then pays', async () => {
    const { site, product } = await shop();
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 1 }]);
    const { order, payment } = (await checkout(site, cart)).json<CheckoutResponse>();
    expect(() => stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.declined)).toThrow('Your card was declined.');
    const failed = stripe.eventsFor(payment!.intentId, 'payment_intent.payment_failed')[0]!;
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    const view = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart });
    expect(view.json<{ entries: unknown[] }>().entries).toHaveLength(1);
    expect(await stockOf(site, product.productId)).toBe(4);

    expect(stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.authenticationRequired).status).toBe('requires_action');
    expect(stripe.eventsFor(payment!.intentId).filter(paid)).toHaveLength(0);
    stripe.completeAction(payment!.intentId);
    expect((await deliver(stripe.eventsFor(payment!.intentId).find(paid)!)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await stockOf(site, product.productId)).toBe(4);
  }, 60_000);

  it('a retried checkout never opens a second payment: the same key replays; a new checkout of the cart cancels the unpaid intent; a paid one answers 409', async () => {
    const { site, product } = await shop(5);
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const key = randomUUID();
    const first = (await checkout(site, cart, {}, key)).json<CheckoutResponse>();
    const again = await checkout(site, cart, {}, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<CheckoutResponse>().payment!.intentId).toBe(first.payment!.intentId);
    expect(await stockOf(site, product.productId)).toBe(3);

    // The buyer comes back later: the first intent is cancelled and its hold given back first.
    const second = (await checkout(site, cart)).json<CheckoutResponse>();
    expect(second.payment!.intentId).not.toBe(first.payment!.intentId);
    expect(stripe.intents.get(first.payment!.intentId)!.status).toBe('canceled');
    expect((await orderRow(first.order.id)).status).toBe('payment-failed');
    expect(await stockOf(site, product.productId)).toBe(3);
    // Its canceled event, arriving late, changes nothing more.
    await deliver(stripe.eventsFor(first.payment!.intentId, 'payment_intent.canceled')[0]!);
    expect(await stockOf(site, product.productId)).toBe(3);

    // Paid in the browser but the webhook not yet here: a new checkout must not charge again.
    stripe.confirm(second.payment!.intentId, TEST_PAYMENT_METHODS.visa);
    const third = await checkout(site, cart);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: CommerceMessages.paymentInProgress });
    await deliver(stripe.eventsFor(second.payment!.intentId).find(paid)!);
    expect((await orderRow(second.order.id)).status).toBe('paid');
    const live = [...stripe.intents.values()].filter((i) => i.metadata.websiteId === site && i.status !== 'canceled');
    expect(live).toHaveLength(1);
  }, 60_000);

  it('an unpaid hold expires: the intent is cancelled, stock and gift card come back, and late events change nothing', async () => {
    const { site, product } = await shop(5);
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const { order, payment } = (await checkout(site, cart)).json<CheckoutResponse>();
    expect(await stockOf(site, product.productId)).toBe(3);
    expect(await kit.parts.paymentService.expireHolds(0, { websiteId: site })).toBe(1);
    expect(stripe.intents.get(payment!.intentId)!.status).toBe('canceled');
    expect((await orderRow(order.id)).status).toBe('payment-failed');
    expect(await stockOf(site, product.productId)).toBe(5);
    await deliver(stripe.eventsFor(payment!.intentId, 'payment_intent.canceled')[0]!);
    expect(await stockOf(site, product.productId)).toBe(5);
    // The stock changes were announced (the hold, then its release).
    const reasons = (await kit.events(site, 'commerce.stock.changed')).map((e) => (e.data as { reason: string }).reason);
    expect(reasons).toEqual(['order', 'payment-failed']);

    // A process that stopped after Stripe opened the intent but before the order recorded it.
    const lost = (await checkout(site, cart)).json<CheckoutResponse>();
    await kit.ctx.db.updateTable('orders').set({ payment_reference: null }).where('id', '=', lost.order.id).execute();
    expect(await stockOf(site, product.productId)).toBe(3);
    await kit.parts.paymentService.expireHolds(0, { websiteId: site });
    expect(stripe.intents.get(lost.payment!.intentId)!.status).toBe('canceled');
    expect((await orderRow(lost.order.id)).status).toBe('payment-failed');
    expect(await stockOf(site, product.productId)).toBe(5);
  }, 60_000);

  it('the owner refunds half through the Refunds API; the buyer gets a refund email; charge.refunded replays change nothing; a dashboard refund is recorded', async () => {
    const { site, product } = await shop(5, 3000);
    const cart = await kit.cartWith(site, [{ itemId: product.productId, quantity: 2 }]);
    const { order, payment } = (await checkout(site, cart)).json<CheckoutResponse>();
    stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.visa);
    await deliver(stripe.eventsFor(payment!.intentId).find(paid)!);

    const refund = await kit.call(
      'POST',
      `/api/commerce/store/orders/${order.id}/refunds`,
      { websiteId: site, roles: ADMIN, headers: { 'idempotency-key': randomUUID() } },
      { amountCents: 3000, restock: false },
    );
    expect(refund.statusCode).toBe(201);
    const refunded = refund.json<{ order: Order }>().order;
    expect(refunded.status).toBe('partially-refunded');
    expect(refunded.refundedTotal).toEqual({ value: '3000', currency: 'USD' });
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === payment!.intentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.amount).toBe('3000');

    const chargeRefunded = stripe.eventsFor(stripe.intents.get(payment!.intentId)!.latest_charge!, 'charge.refunded')[0]!;
    for (let i = 0; i < 3; i++) await deliver(chargeRefunded);
    await deliver({ ...chargeRefunded, id: `evt_${randomUUID()}` });
    expect((await orderRow(order.id)).refunded_cents).toBe(3000);

    await kit.parts.mail.deliverBatch();
    const notices = smtp.to('buyer@example.com').filter((m) => m.subject === `Refund of $30.00 on order #${order.orderNumber}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/Refunded now\s+\$30\.00/);
    expect(notices[0]!.html).toContain('$30.00');

    // A refund made in Stripe's dashboard (not asked for by the shop) is recorded from its event.
    await kit.ctx.db.deleteFrom('payment_events').where('id', 'in', [chargeRefunded.id]).execute();
    const response = await fetch(`http://${stripe.options.host}:${stripe.options.port}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_dashboard', 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${payment!.intentId}&amount=1000`,
    });
    expect(response.status).toBe(200);
    const dashboardEvent = stripe.eventsFor(stripe.intents.get(payment!.intentId)!.latest_charge!, 'charge.refunded').at(-1)!;
    await deliver(dashboardEvent);
    await deliver(dashboardEvent);
    const row = await orderRow(order.id);
    expect(row.refunded_cents).toBe(4000);
    const view = (await kit.call('GET', `/api/commerce/orders/${order.id}`, { websiteId: site, roles: ADMIN })).json<{ order: Order }>()
      .order;
    expect(view.refunds.map((r) => r.amount.value).sort()).toEqual(['1000', '3000']);
  }, 60_000);

  it('a subscription is paid through the same flow and renews off-session with the saved card; a gift card bought with Stripe is issued once', async () => {
    const { site } = await shop();
    const plan = await kit.product(site, {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      variants: [{ sku: 'BEANS', price: 1900, qty: 20 }],
    });
    const { cartToken } = (
      await kit.call('POST', '/api/3/commerce/cart/subscription', { websiteId: site }, { itemId: plan.productId, qty: 1 })
    ).json<{ cartToken: string }>();
    const { order, payment } = (await checkout(site, undefined, { cartToken })).json<CheckoutResponse>();
    const opened = stripe.intents.get(payment!.intentId)!;
    expect(opened.setup_future_usage).toBe('off_session');
    expect(opened.customer).toMatch(/^cus_/);
    stripe.confirm(payment!.intentId, TEST_PAYMENT_METHODS.visa);
    await deliver(stripe.eventsFor(payment!.intentId).find(paid)!);
    const subscription = await kit.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(subscription.payment_method).toBe(`${opened.customer} ${TEST_PAYMENT_METHODS.visa}`);

    const run = await kit.parts.renewals.runDue(new Date(new Date(subscription.next_billing_at!).getTime() + 1000), { websiteId: site });
    expect(run.paid).toHaveLength(1);
    const renewal = [...stripe.intents.values()].find((i) => i.customer === opened.customer && i.id !== opened.id)!;
    expect(renewal).toMatchObject({ amount: 1900, status: 'succeeded', payment_method: TEST_PAYMENT_METHODS.visa });
    expect(
      stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.body.customer === opened.customer && r.body.off_session === 'true'),
    ).toBeDefined();
    await kit.parts.mail.deliverBatch();
    const renewed = Number((await orderRow(run.paid[0]!)).order_number);
    expect(smtp.to('buyer@example.com').filter((m) => m.subject === `Your subscription renewed: order #${renewed}`)).toHaveLength(1);

    const card = await kit.product(site, {
      productType: ProductType.GIFT_CARD,
      giftCardDenominations: [2500],
      variants: [{ sku: 'GC-25', price: 2500, unlimited: true }],
    });
    const cart = await kit.cartWith(site, [{ itemId: card.productId, sku: 'GC-25' }]);
    const bought = (await checkout(site, cart, { shippingAddress: undefined })).json<CheckoutResponse>();
    expect(bought.order.grandTotal.value).toBe('2500');
    stripe.confirm(bought.payment!.intentId, TEST_PAYMENT_METHODS.visa);
    const succeeded = stripe.eventsFor(bought.payment!.intentId).find(paid)!;
    await Promise.all([deliver(succeeded), deliver(succeeded), deliver(succeeded)]);
    const issued = await kit.ctx.db.selectFrom('gift_cards').selectAll().where('order_id', '=', bought.order.id).execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]!.balance_cents).toBe(2500);
    await kit.parts.mail.deliverBatch();
    const receipt = smtp.to('buyer@example.com').find((m) => m.subject.endsWith(`order #${bought.order.orderNumber}`))!;
    expect(receipt.text).toContain(issued[0]!.code);
  }, 60_000);

  it('GET /api/commerce/payments/config tells the checkout to mount the Payment Element', async () => {
    const response = await kit.call('GET', '/api/commerce/payments/config', { websiteId: kit.newSite() });
    expect(response.json()).toEqual({ provider: 'stripe', testMode: true, publishableKey: 'pk_test_cart' });
  });
});
