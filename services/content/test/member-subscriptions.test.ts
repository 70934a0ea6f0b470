// Paid member areas end to end, the cart and content talking over the bus (real NATS JetStream
// when NATS_URL is set): a signed-in site user buys a subscription plan at the cart's checkout and
// reads the gated lesson; the owner cancels the subscription, or its renewal fails and it goes
// past due, and the lesson is shut again. An event delivered again (as JetStream redelivers after
// a lost ack) changes nothing more, and an end arriving before the payment it follows does not let
// the payment open the area afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  ProductType,
  RecordType,
  Role,
  type ContentProductUpserted,
  type EventEnvelope,
  type Order,
  type OrderPlaced,
  type SubscriptionEnded,
} from '@sc/contracts';
import { createLogger, MemoryBus, NatsBus, natsPrefix, signIdentity, type EventBus } from '@sc/platform';
import { mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { applyContentEvent, buildApp as buildCart, cartParts, TEST_CARDS, type RenewalService } from '@sc/cart';
import { MemberAccess } from '../src/community/member-access.service.js';
import { MemberAreaService } from '../src/community/member-areas.service.js';
import { memberOrdersConsumer } from '../src/consumers/member-orders.consumer.js';
import { ADMIN, setup, SIGNING_KEY, type Kit } from './kit.js';

const PUBLIC = '/api/content-service/public/1.0';
const CARD: { number: string; expMonth: number; expYear: number; cvc: string } = {
  number: TEST_CARDS.succeeds,
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
};

/**
 * The bus as the cart sees it here: what it publishes goes onto the real bus; its own consumers
 * (its product read model, sign-in merges) are not started, since on a shared NATS server their
 * durable names belong to every cart running against it. This suite feeds the cart's read model
 * content's product event by hand instead.
 */
function publishingOnly(bus: EventBus): EventBus {
  return {
    kind: bus.kind,
    publish: (event, headers) => bus.publish(event, headers),
    subscribe: async () => ({ stop: async () => undefined }),
    ready: () => bus.ready(),
    close: async () => undefined,
  };
}

describe(`paid member areas from the cart's subscriptions (${mode.database}, ${mode.bus})`, () => {
  let bus: EventBus;
  let content: Kit;
  let cart: FastifyInstance;
  let cartCtx: Parameters<typeof applyContentEvent>[0];
  let renewals: RenewalService;
  let site: string;
  let plan: ContentProductUpserted;
  let lessonPath: string;
  const durable = unique('content_members');

  beforeAll(async () => {
    bus = process.env.NATS_URL
      ? new NatsBus({
          url: process.env.NATS_URL,
          name: unique('cart-test'),
          logger: createLogger('cart-test', 'silent'),
          prefix: natsPrefix(testConfig()),
        })
      : new MemoryBus();
    content = await setup({
      memberOrders: { durable, newOnly: true, forgetAfterIdleMs: 60_000 },
      relay: { autoStart: true, pollMs: 50 },
      // In-process mode both services share one bus, as the embedded platform does.
      ...(process.env.NATS_URL ? {} : { shared: { bus } }),
    });
    cart = await buildCart({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY }),
      shared: { bus: publishingOnly(bus) },
      relay: { autoStart: true, pollMs: 50 },
      jobs: { renewalsEveryMs: false, purgeEveryMs: false },
    });
    await cart.ready();
    cartCtx = cart.serviceContext as typeof cartCtx;
    renewals = cartParts(cart).renewals;

    site = await content.newWebsite();
    const owner = { websiteId: site, roles: ADMIN };
    const products = `/api/content-service/product/1.1/websites/${site}/products`;
    const store = await content.call('POST', products, owner, {
      navigationTitle: 'Shop',
      title: 'Shop',
      urlId: 'shop',
      description: '',
      enabled: true,
    });
    expect(store.statusCode).toBe(200);
    const product = await content.call('POST', `${products}/${store.json().id}/items`, owner, {
      recordType: RecordType.STORE_ITEM,
      title: 'Studio pass',
      structuredContent: {
        productType: ProductType.SERVICE,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        variants: [{ sku: 'PASS', priceMoney: { value: '1500', currency: 'USD' }, unlimited: true }],
      },
    });
    expect(product.statusCode).toBe(201);
    // The cart's read model gets the product from content's own event.
    const upserted = (await content.events(site, 'content.product.upserted')).find(
      (e) => (e.data as ContentProductUpserted).productId === product.json().id,
    )!;
    plan = upserted.data as ContentProductUpserted;
    await applyContentEvent(cartCtx, upserted);

    const base = `/api/content-service/1.0/websites/${site}`;
    const course = (await content.call('POST', `${base}/collections`, owner, { type: 25, title: 'Glazing course' })).json<{
      id: string;
      urlId: string;
    }>();
    const lesson = (
      await content.call('POST', `${base}/collections/${course.id}/items`, owner, {
        recordType: RecordType.LESSON,
        title: 'Dipping',
        body: '<p>Hold the pot by its foot.</p>',
      })
    ).json<{ urlId: string }>();
    lessonPath = `${PUBLIC}/resolve?path=${encodeURIComponent(`/${course.urlId}/${lesson.urlId}`)}`;
    const area = await content.call('POST', `${base}/member-areas`, owner, {
      title: 'Glaze club',
      access: 'paid',
      planProductIds: [plan.productId],
      collectionIds: [course.id],
    });
    expect(area.statusCode).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await cart?.close();
    await content?.close();
    await bus?.close();
  });

  /** A request to the cart as the gateway sends it, as a signed-in site user or an owner. */
  function callCart(
    method: InjectOptions['method'],
    url: string,
    who: { siteUserId?: string; roles?: number[] },
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const requestId = randomUUID();
    const base = { v: 1 as const, websiteId: site, requestId, issuedAt: Date.now() };
    const identity = who.roles
      ? { ...base, kind: 'owner' as const, ownerId: 'owner-1', roles: who.roles as Role[] }
      : { ...base, kind: 'site-user' as const, siteUserId: who.siteUserId!, roles: [] };
    return cart.inject({
      method,
      url,
      headers: { 'x-website-id': site, 'x-request-id': requestId, ...headers, ...signIdentity(identity, SIGNING_KEY) },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  }

  /** The site user subscribes to the plan at checkout; answers the paid order. */
  async function subscribe(siteUserId: string, card = CARD): Promise<Order> {
    const started = await callCart(
      'POST',
      '/api/3/commerce/cart/subscription',
      { siteUserId },
      { itemId: plan.productId, sku: 'PASS', qty: 1 },
    );
    expect(started.statusCode).toBe(200);
    const paid = await callCart(
      'POST',
      '/api/commerce/checkout',
      { siteUserId },
      { email: `${siteUserId}@example.com`, card, cartToken: started.json().cartToken },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode).toBe(201);
    return paid.json<{ order: Order }>().order;
  }

  const lessonStatus = async (siteUserId: string) => (await content.call('GET', lessonPath, { websiteId: site, siteUserId })).statusCode;
  const cartEvents = async (type: string) => {
    const rows = await cartCtx.db
      .selectFrom('outbox')
      .select(['id', 'type', 'website_id', 'occurred_at', 'data'])
      .where('website_id', '=', site)
      .where('type', '=', type)
      .orderBy('seq')
      .execute();
    return rows.map((r): EventEnvelope => ({
      id: r.id,
      type: r.type,
      websiteId: r.website_id,
      occurredAt: new Date(r.occurred_at).toISOString(),
      data: r.data,
    }));
  };
  const accessChanges = async (siteUserId: string) =>
    (await content.events(site, 'content.member-access.changed'))
      .map((e) => e.data as { siteUserId: string; granted: boolean })
      .filter((d) => d.siteUserId === siteUserId);
  /** The content consumer's handler under the running consumer's name: a second delivery of an event, as JetStream makes after a lost ack. */
  const redeliver = (event: EventEnvelope) =>
    memberOrdersConsumer(content.ctx, new MemberAreaService(content.ctx, new MemberAccess(content.ctx.db)), { durable }).handler(event, {
      headers: {},
      attempt: 2,
    });

  it('opens the area to the buyer of the plan and shuts it when the owner cancels; repeats change nothing', async () => {
    const buyer = unique('buyer');
    expect(await lessonStatus(buyer)).toBe(403);
    const order = await subscribe(buyer);

    // The order announces the buyer, the product and the subscription.
    const placed = (await cartEvents('commerce.order.placed')).find((e) => (e.data as OrderPlaced).id === order.id)!;
    expect(placed.data).toMatchObject({
      kind: 'subscription',
      siteUserId: buyer,
      subscriptionId: order.subscription!.id,
      items: [{ sku: 'PASS', itemId: plan.productId }],
    });
    await waitFor(async () => (await lessonStatus(buyer)) === 200, 20_000, 'access from the order');
    expect(await lessonStatus(unique('someone-else'))).toBe(403);
    const members = (
      await content.call('GET', `/api/content-service/1.0/websites/${site}/member-areas`, { websiteId: site, roles: ADMIN })
    ).json<{ memberAreas: Array<{ id: string }> }>().memberAreas;
    const grants = (
      await content.call('GET', `/api/content-service/1.0/websites/${site}/member-areas/${members[0]!.id}/members`, {
        websiteId: site,
        roles: ADMIN,
      })
    ).json().members;
    expect(grants).toContainEqual(
      expect.objectContaining({ siteUserId: buyer, source: 'order', orderId: order.id, subscriptionId: order.subscription!.id }),
    );

    const cancelled = await callCart(
      'PUT',
      `/api/commerce/store/subscriptions/${order.subscription!.id}/status`,
      { roles: [Role.ADMIN] },
      { status: 'cancelled' },
    );
    expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled' } });
    const [ended] = await cartEvents('commerce.subscription.ended');
    expect(ended!.data).toEqual({
      subscriptionId: order.subscription!.id,
      orderId: order.id,
      itemId: plan.productId,
      sku: 'PASS',
      siteUserId: buyer,
      reason: 'cancelled',
      testMode: true,
    } satisfies SubscriptionEnded);
    await waitFor(async () => (await lessonStatus(buyer)) === 403, 20_000, 'access ended by the cancel');
    expect(await accessChanges(buyer)).toEqual([expect.objectContaining({ granted: true }), expect.objectContaining({ granted: false })]);

    // Cancelling again is refused and announces nothing; the events delivered again change nothing.
    expect(
      (
        await callCart(
          'PUT',
          `/api/commerce/store/subscriptions/${order.subscription!.id}/status`,
          { roles: [Role.ADMIN] },
          { status: 'cancelled' },
        )
      ).statusCode,
    ).toBe(409);
    expect(await cartEvents('commerce.subscription.ended')).toHaveLength(1);
    await bus.publish(ended!);
    await redeliver(ended!);
    await redeliver(placed);
    expect(await lessonStatus(buyer)).toBe(403);
    expect(await accessChanges(buyer)).toHaveLength(2);
  }, 60_000);

  it('shuts the area when a renewal fails and the subscription goes past due', async () => {
    const buyer = unique('renewer');
    const order = await subscribe(buyer, { ...CARD, number: TEST_CARDS.declinesRenewals });
    await waitFor(async () => (await lessonStatus(buyer)) === 200, 20_000, 'access from the order');
    const due = new Date(new Date(order.subscription!.nextBillingDate!).getTime() + 1000);
    expect(await renewals.runDue(due, { websiteId: site })).toEqual({ paid: [], failed: [order.subscription!.id] });
    const ended = (await cartEvents('commerce.subscription.ended'))
      .map((e) => e.data as SubscriptionEnded)
      .filter((d) => d.subscriptionId === order.subscription!.id);
    expect(ended).toEqual([expect.objectContaining({ reason: 'past-due', siteUserId: buyer })]);
    await waitFor(async () => (await lessonStatus(buyer)) === 403, 20_000, 'access ended by the failed renewal');
    // Cancelling it now ends nothing more: it ended already.
    expect(
      (
        await callCart(
          'PUT',
          `/api/commerce/store/subscriptions/${order.subscription!.id}/status`,
          { roles: [Role.ADMIN] },
          { status: 'cancelled' },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await cartEvents('commerce.subscription.ended')).filter(
        (e) => (e.data as SubscriptionEnded).subscriptionId === order.subscription!.id,
      ),
    ).toHaveLength(1);
  }, 60_000);

  it('keeps an area shut when the end of a subscription arrives before its payment', async () => {
    const buyer = unique('late');
    const subscriptionId = unique('sub');
    const at = Date.now();
    const envelope = (type: string, occurredAt: number, data: unknown): EventEnvelope => ({
      id: randomUUID(),
      type,
      websiteId: site,
      occurredAt: new Date(occurredAt).toISOString(),
      data,
    });
    const money = { value: '1500', currency: 'USD' as const };
    await redeliver(
      envelope('commerce.subscription.ended', at, {
        subscriptionId,
        orderId: 'o-late',
        itemId: plan.productId,
        sku: 'PASS',
        siteUserId: buyer,
        reason: 'cancelled',
        testMode: true,
      } satisfies SubscriptionEnded),
    );
    await redeliver(
      envelope('commerce.order.placed', at - 60_000, {
        id: 'o-late',
        kind: 'subscription',
        purchasedCartId: null,
        testMode: true,
        websiteId: site,
        items: [{ sku: 'PASS', productName: 'Studio pass', quantity: 1, unitPrice: money, itemId: plan.productId }],
        grandTotal: money,
        shippingTotal: { value: '0', currency: 'USD' },
        taxTotal: { value: '0', currency: 'USD' },
        siteUserId: buyer,
        subscriptionId,
      } satisfies OrderPlaced),
    );
    expect(await lessonStatus(buyer)).toBe(403);
    expect(await accessChanges(buyer)).toEqual([]);
  });
});
