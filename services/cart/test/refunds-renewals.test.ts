// Test-mode refunds (full, partial, restock, concurrency, idempotency), subscription renewals
// (billing, cycles, failures, one bill per cycle however many runs) and the expiry of
// Idempotency-Keys, against the configured database.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CommerceMessages, type Order, type OrderRefund, type SubscriptionView } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { purgeExpiredKeys, TEST_CARDS, type RenewalService } from '../src/index.js';
import { ADMIN, CARD, REPORTING, setup, type Kit, APP_START_TIMEOUT_MS } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
const DAY = 24 * 3600_000;

describe(`refunds, renewals and key expiry (${mode.database})`, () => {
  let kit: Kit;
  let renewals: RenewalService;
  beforeAll(async () => {
    kit = await setup();
    renewals = kit.parts.renewals;
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
  });

  const checkout = (websiteId: string, cart: string | undefined, body: Record<string, unknown>) =>
    kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'buyer@example.com', ...body },
    );
  const refund = (
    websiteId: string,
    orderId: string,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
    roles: number[] = ADMIN,
  ) =>
    kit.call(
      'POST',
      `/api/commerce/store/orders/${orderId}/refunds`,
      { websiteId, roles, headers: key ? { 'idempotency-key': key } : {} },
      body,
    );
  const stockOf = async (websiteId: string, productId: string) =>
    (
      await kit.ctx.db
        .selectFrom('stock')
        .select('qty')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).qty;

  /** A paid order of `quantity` units of a new product priced 2500 with stock 10. */
  async function paidOrder(site: string, quantity = 2, extra: Record<string, unknown> = {}) {
    const p = await kit.product(site, { variants: [{ sku: 'R', price: 2500, qty: 10 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity }]);
    const paid = await checkout(site, cart, { shippingAddress: ADDRESS, card: CARD, ...extra });
    expect(paid.statusCode).toBe(201);
    return { product: p, order: paid.json<{ order: Order }>().order };
  }

  describe('refunds', () => {
    it('refunds part, then the rest with the items back in stock, and announces both', async () => {
      const site = kit.newSite();
      const { product, order } = await paidOrder(site);
      expect(await stockOf(site, product.productId)).toBe(8);
      const part = await refund(site, order.id, { amountCents: 1000, reason: 'Scratched' });
      expect(part.statusCode).toBe(201);
      const first = part.json<{ order: Order; refund: OrderRefund }>();
      expect(first.refund).toMatchObject({
        amount: { value: '1000' },
        toCard: { value: '1000' },
        toGiftCard: { value: '0' },
        restocked: [],
        reason: 'Scratched',
      });
      expect(first.order).toMatchObject({ status: 'partially-refunded', refundedTotal: { value: '1000' } });
      const rest = await refund(site, order.id, { restock: true });
      const second = rest.json<{ order: Order; refund: OrderRefund }>();
      expect(second.refund).toMatchObject({ amount: { value: '4000' }, restocked: [{ itemId: product.productId, sku: 'R', quantity: 2 }] });
      expect(second.order).toMatchObject({ status: 'refunded', refundedTotal: { value: '5000' } });
      expect(second.order.refunds).toHaveLength(2);
      expect(await stockOf(site, product.productId)).toBe(10);
      const events = (await kit.events(site, 'commerce.order.refunded')).map((e) => e.data);
      expect(events).toEqual([
        expect.objectContaining({
          orderId: order.id,
          testMode: true,
          amount: { value: '1000', currency: 'USD' },
          fullyRefunded: false,
          restocked: [],
        }),
        expect.objectContaining({
          refundedTotal: { value: '5000', currency: 'USD' },
          fullyRefunded: true,
          restocked: [{ sku: 'R', quantity: 2 }],
        }),
      ]);
      const stockEvents = (await kit.events(site, 'commerce.stock.changed')).map((e) => e.data);
      expect(stockEvents.at(-1)).toMatchObject({ previousQtyInStock: 8, qtyInStock: 10, reason: 'refund' });
      // Nothing is left to refund or to restock.
      expect((await refund(site, order.id, { amountCents: 1 })).json()).toMatchObject({
        status: 400,
        message: 'A refund cannot be more than the $0.00 left to refund on this order.',
      });
      expect(
        (
          await refund(site, order.id, {
            amountCents: 0,
            restock: [{ itemId: product.productId, variantId: `${product.productId}-v0`, quantity: 1 }],
          })
        ).json(),
      ).toMatchObject({
        status: 400,
        message: CommerceMessages.restockTooMany,
      });
    });

    it('refuses bad refunds clearly and changes nothing', async () => {
      const site = kit.newSite();
      const { product, order } = await paidOrder(site, 1);
      expect((await refund(site, order.id, { amountCents: 2501 })).json()).toMatchObject({
        status: 400,
        message: 'A refund cannot be more than the $25.00 left to refund on this order.',
      });
      expect((await refund(site, order.id, { amountCents: 0 })).json()).toMatchObject({
        status: 400,
        message: CommerceMessages.refundNothing,
      });
      expect(
        (await refund(site, order.id, { amountCents: 0, restock: [{ itemId: 'other', variantId: 'x', quantity: 1 }] })).json(),
      ).toMatchObject({
        status: 400,
        message: CommerceMessages.restockUnknownItem,
      });
      expect((await refund(site, order.id, {}, null)).json()).toMatchObject({
        status: 400,
        message: CommerceMessages.idempotencyKeyRequired,
      });
      expect((await refund(site, order.id, { amountCents: -5 })).statusCode).toBe(400);
      expect((await refund(site, order.id, {}, randomUUID(), REPORTING)).statusCode).toBe(403);
      expect((await refund(site, 'no-such-order', {})).json()).toMatchObject({ status: 404, message: CommerceMessages.orderNotFound });
      const view = await kit.call('GET', `/api/commerce/store/orders/${order.id}`, { websiteId: site, roles: REPORTING });
      expect(view.json<{ order: Order }>().order).toMatchObject({ status: 'paid', refundedTotal: { value: '0' }, refunds: [] });
      expect(await stockOf(site, product.productId)).toBe(9);
      expect(await kit.events(site, 'commerce.order.refunded')).toEqual([]);
    });

    it('never refunds more than the order took, however many refunds arrive at once; a retried key replays', async () => {
      const site = kit.newSite();
      const { order } = await paidOrder(site, 2);
      const answers = await Promise.all(Array.from({ length: 5 }, () => refund(site, order.id, { amountCents: 2000 })));
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
      for (const a of answers.filter((x) => x.statusCode !== 201))
        expect(a.json()).toMatchObject({ status: 400, message: 'A refund cannot be more than the $10.00 left to refund on this order.' });
      const key = randomUUID();
      const once = await refund(site, order.id, { amountCents: 1000 }, key);
      const again = await refund(site, order.id, { amountCents: 1000 }, key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<{ refund: OrderRefund }>().refund.id).toBe(once.json<{ refund: OrderRefund }>().refund.id);
      const final = (await kit.call('GET', `/api/commerce/store/orders/${order.id}`, { websiteId: site, roles: ADMIN })).json<{
        order: Order;
      }>().order;
      expect(final).toMatchObject({ status: 'refunded', refundedTotal: { value: '5000' } });
      expect(final.refunds).toHaveLength(3);
    });

    it('gives back to the gift card what the gift card paid, once the card part is refunded', async () => {
      const site = kit.newSite();
      const gift = await kit.call('POST', '/api/commerce/store/gift-cards', { websiteId: site, roles: ADMIN }, { amountCents: 1000 });
      const code = gift.json<{ giftCard: { code: string } }>().giftCard.code;
      const { order } = await paidOrder(site, 1, { giftCardCode: code });
      expect(order).toMatchObject({ giftCardTotal: { value: '1000' }, amountCharged: { value: '1500' } });
      const all = await refund(site, order.id, {});
      expect(all.json<{ refund: OrderRefund }>().refund).toMatchObject({
        amount: { value: '2500' },
        toCard: { value: '1500' },
        toGiftCard: { value: '1000' },
      });
      const balance = await kit.call('GET', `/api/commerce/gift-cards/${code}`, { websiteId: site });
      expect(balance.json()).toMatchObject({ balance: { value: '1000' } });
    });

    it('refuses to refund an order that was never paid', async () => {
      const site = kit.newSite();
      const p = await kit.product(site, { variants: [{ sku: 'N', price: 900, qty: 5 }] });
      const cart = await kit.cartWith(site, [{ itemId: p.productId }]);
      const declined = await checkout(site, cart, { shippingAddress: ADDRESS, card: { ...CARD, number: TEST_CARDS.declines } });
      expect(declined.statusCode).toBe(402);
      const failed = await kit.ctx.db.selectFrom('orders').select('id').where('website_id', '=', site).executeTakeFirstOrThrow();
      expect((await refund(site, failed.id, {})).json()).toMatchObject({ status: 409, message: CommerceMessages.refundNotAllowed });
    });
  });

  describe('renewals', () => {
    async function subscribe(site: string, numBillingCycles: number, card = CARD, qty = 20) {
      const p = await kit.product(site, {
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles },
        variants: [{ sku: 'BEANS', price: 1900, qty }],
      });
      const started = await kit.call('POST', '/api/3/commerce/cart/subscription', { websiteId: site }, { itemId: p.productId, qty: 2 });
      const { cartToken } = started.json<{ cartToken: string }>();
      const paid = await checkout(site, undefined, { cartToken, shippingAddress: ADDRESS, card });
      expect(paid.statusCode).toBe(201);
      return { product: p, order: paid.json<{ order: Order }>().order };
    }
    const subscriptionOf = async (site: string, id: string) =>
      (await kit.call('GET', `/api/commerce/store/subscriptions/${id}`, { websiteId: site, roles: REPORTING })).json<{
        subscription: SubscriptionView;
      }>().subscription;

    it('bills each due cycle once, moves the date one period on and completes after the last cycle', async () => {
      const site = kit.newSite();
      const { product, order } = await subscribe(site, 3);
      const sub = order.subscription!;
      const firstDue = new Date(sub.nextBillingDate!);
      // Not due yet: nothing happens.
      expect(await renewals.runDue(new Date(firstDue.getTime() - 1000), { websiteId: site })).toEqual({ paid: [], failed: [] });
      // Several replicas running at the moment it is due bill it once.
      const at = new Date(firstDue.getTime() + 1000);
      const runs = await Promise.all([
        renewals.runDue(at, { websiteId: site }),
        renewals.runDue(at, { websiteId: site }),
        renewals.runDue(at, { websiteId: site }),
      ]);
      const paid = runs.flatMap((r) => r.paid);
      expect(paid).toHaveLength(1);
      const renewal = (await kit.call('GET', `/api/commerce/store/orders/${paid[0]}`, { websiteId: site, roles: ADMIN })).json<{
        order: Order;
      }>().order;
      expect(renewal).toMatchObject({
        kind: 'subscription',
        status: 'paid',
        email: 'buyer@example.com',
        items: [{ sku: 'BEANS', quantity: 2, unitPrice: { value: '1900' } }],
        subtotal: { value: '3800' },
        subscription: { id: sub.id, cyclesBilled: 2, status: 'active' },
      });
      expect(await stockOf(site, product.productId)).toBe(16);
      const after = await subscriptionOf(site, sub.id);
      expect(after.cyclesBilled).toBe(2);
      expect(new Date(after.nextBillingDate!).getTime()).toBeGreaterThan(firstDue.getTime() + 27 * DAY);
      expect(await renewals.runDue(at, { websiteId: site })).toEqual({ paid: [], failed: [] });
      // The third and last cycle; then nothing more is ever billed.
      const third = await renewals.runDue(new Date(new Date(after.nextBillingDate!).getTime() + 1000), { websiteId: site });
      expect(third.paid).toHaveLength(1);
      expect(await subscriptionOf(site, sub.id)).toMatchObject({ cyclesBilled: 3, status: 'completed', nextBillingDate: null });
      expect(await renewals.runDue(new Date(Date.now() + 400 * DAY), { websiteId: site })).toEqual({ paid: [], failed: [] });
      const placed = (await kit.events(site, 'commerce.order.placed')).map((e) => e.data as { kind: string });
      expect(placed.filter((p) => p.kind === 'subscription')).toHaveLength(3);
    });

    it('bills an indefinite subscription (0 cycles) again and again', async () => {
      const site = kit.newSite();
      const { order } = await subscribe(site, 0);
      let due = new Date(order.subscription!.nextBillingDate!);
      for (let cycle = 2; cycle <= 4; cycle++) {
        expect((await renewals.runDue(new Date(due.getTime() + 1000), { websiteId: site })).paid).toHaveLength(1);
        const now = await subscriptionOf(site, order.subscription!.id);
        expect(now).toMatchObject({ cyclesBilled: cycle, status: 'active' });
        due = new Date(now.nextBillingDate!);
      }
    });

    it('makes a subscription past-due when the renewal is declined, gives the stock back, and bills again once resumed', async () => {
      const site = kit.newSite();
      const { product, order } = await subscribe(site, 0, { ...CARD, number: TEST_CARDS.declinesRenewals });
      const sub = order.subscription!;
      const at = new Date(new Date(sub.nextBillingDate!).getTime() + 1000);
      const run = await renewals.runDue(at, { websiteId: site });
      expect(run).toEqual({ paid: [], failed: [sub.id] });
      expect(await subscriptionOf(site, sub.id)).toMatchObject({ status: 'past-due', cyclesBilled: 1 });
      expect(await stockOf(site, product.productId)).toBe(18);
      const failedOrders = await kit.ctx.db
        .selectFrom('orders')
        .select('status')
        .where('website_id', '=', site)
        .where('status', '=', 'payment-failed')
        .execute();
      expect(failedOrders).toHaveLength(1);
      // Past-due is not billed again until the owner resumes it.
      expect(await renewals.runDue(at, { websiteId: site })).toEqual({ paid: [], failed: [] });
      const statusUrl = `/api/commerce/store/subscriptions/${sub.id}/status`;
      expect((await kit.call('PUT', statusUrl, { websiteId: site, roles: REPORTING }, { status: 'active' })).statusCode).toBe(403);
      expect((await kit.call('PUT', statusUrl, { websiteId: site, roles: ADMIN }, { status: 'active' })).json()).toMatchObject({
        subscription: { status: 'active' },
      });
      expect(await renewals.runDue(at, { websiteId: site })).toEqual({ paid: [], failed: [sub.id] });
      const attempts = await kit.ctx.db
        .selectFrom('subscription_renewals')
        .select(['cycle', 'attempts', 'status'])
        .where('subscription_id', '=', sub.id)
        .execute();
      expect(attempts).toEqual([{ cycle: 2, attempts: 2, status: 'failed' }]);
      const cancelled = await kit.call('PUT', statusUrl, { websiteId: site, roles: ADMIN }, { status: 'cancelled' });
      expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled' } });
      expect((await kit.call('PUT', statusUrl, { websiteId: site, roles: ADMIN }, { status: 'active' })).json()).toMatchObject({
        status: 409,
        message: 'A subscription that is cancelled cannot be made active.',
      });
    });

    it('does not bill a cycle the stock cannot cover', async () => {
      const site = kit.newSite();
      const { order } = await subscribe(site, 0, CARD, 3);
      const sub = order.subscription!;
      const run = await renewals.runDue(new Date(new Date(sub.nextBillingDate!).getTime() + 1000), { websiteId: site });
      expect(run).toEqual({ paid: [], failed: [sub.id] });
      expect(await subscriptionOf(site, sub.id)).toMatchObject({ status: 'past-due', cyclesBilled: 1 });
      expect(await kit.ctx.db.selectFrom('orders').select('id').where('website_id', '=', site).execute()).toHaveLength(1);
    });

    it('finishes a renewal a stopped replica left charging', async () => {
      const site = kit.newSite();
      const { order } = await subscribe(site, 0);
      const sub = order.subscription!;
      const at = new Date(new Date(sub.nextBillingDate!).getTime() + 1000);
      // A claim with its pending order, as a replica leaves it when it stops before charging.
      const claimedAt = new Date(at.getTime() - 20 * 60_000);
      await kit.ctx.db
        .insertInto('subscription_renewals')
        .values({
          id: `stale-${randomUUID()}`,
          website_id: site,
          subscription_id: sub.id,
          cycle: 2,
          status: 'charging',
          order_id: null,
          claimed_at: claimedAt,
        })
        .execute();
      const run = await renewals.runDue(at, { websiteId: site });
      // The stale claim had no order: it is released, and the same run bills the cycle afresh.
      expect(run.paid).toHaveLength(1);
      expect(await subscriptionOf(site, sub.id)).toMatchObject({ cyclesBilled: 2, status: 'active' });
    });
  });

  describe('Idempotency-Key expiry', () => {
    const donate = (site: string, key: string) =>
      kit.call(
        'POST',
        '/api/commerce/donations',
        { websiteId: site, headers: { 'idempotency-key': key } },
        { amount: '5', email: 'giver@example.com', card: CARD },
      );

    it('replays a key for a day, then treats it as new; expired keys are purged', async () => {
      const site = kit.newSite();
      const key = randomUUID();
      const first = (await donate(site, key)).json<{ order: Order }>().order.id;
      expect((await donate(site, key)).json<{ order: Order }>().order.id).toBe(first);
      const aged = new Date(Date.now() - DAY - 60_000);
      await kit.ctx.db
        .updateTable('idempotency_keys')
        .set({ created_at: aged })
        .where('website_id', '=', site)
        .where('key', '=', key)
        .execute();
      const later = await donate(site, key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json<{ order: Order }>().order.id).not.toBe(first);
      const other = randomUUID();
      await donate(site, other);
      await kit.ctx.db
        .updateTable('idempotency_keys')
        .set({ created_at: aged })
        .where('website_id', '=', site)
        .where('key', '=', other)
        .execute();
      expect(await purgeExpiredKeys(kit.ctx.db)).toBeGreaterThanOrEqual(1);
      const left = await kit.ctx.db.selectFrom('idempotency_keys').select('key').where('website_id', '=', site).execute();
      expect(left.map((k) => k.key)).toEqual([key]);
    });
  });
});
