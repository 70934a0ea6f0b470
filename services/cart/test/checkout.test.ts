// Checkout against the configured database: never oversell, one order per Idempotency-Key, the
// payment outcomes of the test provider, gift cards, subscriptions, donations, and carts across
// sign-in and sign-out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { AddToCartMessages, CartMessages, CommerceMessages, ProductType, type Order } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { applyIdentityEvent } from '../src/index.js';
import { ADMIN, CARD, DECLINED_CARD, envelope, FAILING_CARD, setup, type Kit, APP_START_TIMEOUT_MS } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe(`checkout (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
  });

  const checkout = (websiteId: string, cart: string | undefined, body: Record<string, unknown>, key: string = randomUUID()) =>
    kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId, cart, headers: { 'idempotency-key': key } },
      { email: 'buyer@example.com', ...body },
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
  const ordersOf = (websiteId: string) =>
    kit.ctx.db.selectFrom('orders').selectAll().where('website_id', '=', websiteId).where('status', '=', 'paid').execute();

  it('200 concurrent checkouts of 1 unit against stock 10: exactly 10 orders, stock 0, 190 not-enough answers, no 5xx', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'HOT', price: 1500, qty: 10 }] });
    const carts = await Promise.all(Array.from({ length: 200 }, () => kit.cartWith(site, [{ itemId: p.productId, quantity: 1 }])));
    const responses = await Promise.all(carts.map((cart) => checkout(site, cart, { shippingAddress: ADDRESS, card: CARD })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.json()).toMatchObject({ crumbFail: false, status: 409, message: AddToCartMessages.notEnoughStock });
    expect(await stockOf(site, p.productId)).toBe(0);
    expect(await ordersOf(site)).toHaveLength(10);
    const placed = await kit.events(site, 'commerce.order.placed');
    expect(placed).toHaveLength(10);
  }, 120_000);

  it('the same checkout sent 5 times at once with one key makes one order; a later retry replays it', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'ONE', price: 2000, qty: 50 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 2 }]);
    const key = randomUUID();
    const body = { shippingAddress: ADDRESS, card: CARD };
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkout(site, cart, body, key)));
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The others either waited for nothing (409 while the first runs) or got the stored answer.
    for (const r of responses) expect([201, 409]).toContain(r.statusCode);
    const ids = new Set(created.map((r) => r.json<{ order: Order }>().order.id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(site)).toHaveLength(1);
    expect(await stockOf(site, p.productId)).toBe(48);
    const retry = await checkout(site, cart, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<{ order: Order }>().order.id).toBe([...ids][0]);
    const other = await checkout(site, cart, { ...body, email: 'someone@example.com' }, key);
    expect(other.json()).toMatchObject({ status: 422, message: CommerceMessages.idempotencyMismatch });
    const cartView = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart });
    expect(cartView.json()).toMatchObject({ entries: [] });
  });

  it('places an order with every SPEC 3 Order field and marks the cart purchased', async () => {
    const site = kit.newSite();
    await kit.call(
      'PUT',
      '/api/commerce/store-rules',
      { websiteId: site, roles: ADMIN },
      {
        taxRules: [{ id: 'us', name: 'US', country: 'US', rateBps: 1000 }],
        shippingOptions: [{ id: 'std', name: 'Standard', rateCents: 500 }],
      },
    );
    const p = await kit.product(site, { title: 'Lamp', variants: [{ sku: 'LAMP', price: 3000, qty: 4 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 2 }]);
    const response = await checkout(site, cart, { shippingAddress: ADDRESS, card: CARD });
    expect(response.statusCode).toBe(201);
    const order = response.json<{ order: Order }>().order;
    expect(order).toMatchObject({
      status: 'paid',
      testMode: true,
      kind: 'order',
      websiteId: site,
      items: [{ sku: 'LAMP', productName: 'Lamp', quantity: 2, unitPrice: { value: '3000', currency: 'USD' } }],
      subtotal: { value: '6000' },
      shippingTotal: { value: '500' },
      taxTotal: { value: '600' },
      grandTotal: { value: '7100', currency: 'USD' },
      amountCharged: { value: '7100' },
    });
    const placed = await kit.events(site, 'commerce.order.placed');
    expect(placed.map((e) => e.data)).toEqual([
      {
        id: order.id,
        kind: 'order',
        purchasedCartId: order.purchasedCartId,
        testMode: true,
        websiteId: site,
        items: [{ sku: 'LAMP', productName: 'Lamp', quantity: 2, unitPrice: { value: '3000', currency: 'USD' }, itemId: p.productId }],
        grandTotal: { value: '7100', currency: 'USD' },
        shippingTotal: { value: '500', currency: 'USD' },
        taxTotal: { value: '600', currency: 'USD' },
        // A guest's order of no subscription.
        siteUserId: null,
        subscriptionId: null,
        // The buyer, for cart's customers read model.
        email: 'buyer@example.com',
        customerName: 'Ada Buyer',
      },
    ]);
    // Its buyer (the cart cookie) reads it; the id alone, or another site, reads nothing.
    const status = await kit.call('GET', `/api/commerce/orders/${order.id}`, { websiteId: site, cart });
    expect(status.json()).toMatchObject({ order: { id: order.id, status: 'paid' } });
    expect((await kit.call('GET', `/api/commerce/orders/${order.id}`, { websiteId: site })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/commerce/orders/${order.id}`, { websiteId: kit.newSite(), cart })).statusCode).toBe(404);
    // The purchased cart is done: the cookie now gets a fresh, empty cart.
    const next = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart });
    expect(next.json()).toMatchObject({ entries: [], isPurchased: false });
    const owner = await kit.call('GET', '/api/commerce/store/orders', { websiteId: site, roles: ADMIN });
    expect(owner.json<{ orders: Order[] }>().orders.map((o) => o.id)).toEqual([order.id]);
  });

  it('gives stock back when the card is declined or the payment fails', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'D', price: 1000, qty: 1 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 1 }]);
    const declined = await checkout(site, cart, { shippingAddress: ADDRESS, card: DECLINED_CARD });
    expect(declined.json()).toMatchObject({ status: 402, crumbFail: false, message: CommerceMessages.paymentDeclined });
    expect(await stockOf(site, p.productId)).toBe(1);
    const failed = await checkout(site, cart, { shippingAddress: ADDRESS, card: FAILING_CARD });
    expect(failed.json()).toMatchObject({ status: 502, message: CommerceMessages.paymentFailed });
    expect(await stockOf(site, p.productId)).toBe(1);
    const stockEvents = (await kit.events(site, 'commerce.stock.changed')).map((e) => e.data as { reason: string; backInStock: boolean });
    expect(stockEvents.filter((e) => e.reason === 'payment-failed').every((e) => e.backInStock)).toBe(true);
    expect((await checkout(site, cart, { shippingAddress: ADDRESS, card: CARD })).statusCode).toBe(201);
    expect(await stockOf(site, p.productId)).toBe(0);
  });

  it('a local pickup needs no address; shipping still does (issue 36)', async () => {
    const site = kit.newSite();
    await kit.call(
      'PUT',
      '/api/commerce/store-rules',
      { websiteId: site, roles: ADMIN },
      {
        shippingOptions: [
          { id: 'post', name: 'Post', rateCents: 500, countries: ['US'] },
          { id: 'pickup', name: 'Pickup at the shop', rateCents: 0, countries: ['US'], regions: ['ME'], pickup: true },
        ],
        taxRules: [{ id: 'me', name: 'Maine', country: 'US', region: 'ME', rateBps: 550 }],
      },
    );
    const p = await kit.product(site, { variants: [{ sku: 'P', price: 2000, qty: 9 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 1 }]);
    await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', { websiteId: site, cart }, { country: 'US', region: 'me' });
    expect((await checkout(site, cart, { card: CARD })).json()).toMatchObject({
      status: 400,
      message: CommerceMessages.shippingAddressRequired,
    });
    await kit.call('PUT', '/api/commerce/shopping-cart/shipping-option', { websiteId: site, cart }, { optionId: 'pickup' });
    const placed = await checkout(site, cart, { card: CARD });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    // $20.00, no shipping, 5.5 % Maine tax from the cart's place: $21.10.
    expect([order.shippingAddress, order.shippingMethod, order.shippingTotal.value, order.taxTotal.value, order.grandTotal.value]).toEqual([
      null,
      { name: 'Pickup at the shop', pickup: true },
      '0',
      '110',
      '2110',
    ]);
  });

  it('refuses an empty cart, a cart below the minimum subtotal and a physical order without an address', async () => {
    const site = kit.newSite();
    await kit.call('PUT', '/api/commerce/store-rules', { websiteId: site, roles: ADMIN }, { minimumOrderSubtotalCents: 2500 });
    expect((await checkout(site, undefined, { card: CARD })).json()).toMatchObject({ status: 400, message: CartMessages.emptyCart });
    const p = await kit.product(site, { variants: [{ sku: 'M', price: 1000, qty: 9 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 2 }]);
    expect((await checkout(site, cart, { shippingAddress: ADDRESS, card: CARD })).json()).toMatchObject({
      status: 400,
      message: 'To check out, your order subtotal must be $25.00 or more.',
    });
    await kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId: site, cart }, { itemId: p.productId, quantity: 1 });
    expect((await checkout(site, cart, { card: CARD })).json()).toMatchObject({
      status: 400,
      message: CommerceMessages.shippingAddressRequired,
    });
    expect(
      (await kit.call('POST', '/api/commerce/checkout', { websiteId: site, cart }, { email: 'a@b.co', card: CARD })).json(),
    ).toMatchObject({
      status: 400,
      message: CommerceMessages.idempotencyKeyRequired,
    });
  });

  it('issues gift cards after payment and redeems them partly, then fully; concurrent redemptions never go below zero', async () => {
    const site = kit.newSite();
    const gift = await kit.product(site, { productType: ProductType.GIFT_CARD, variants: [{ sku: 'GC-50', price: 5000 }] });
    const bought = await checkout(site, await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-50', quantity: 1 }]), { card: CARD });
    expect(bought.statusCode).toBe(201);
    const [card] = bought.json<{ order: Order }>().order.giftCardsIssued;
    expect(card).toMatchObject({ balance: { value: '5000', currency: 'USD' } });
    expect(card!.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const item = await kit.product(site, { productType: ProductType.DIGITAL, variants: [{ sku: 'E', price: 3000, unlimited: true }] });
    const first = await checkout(site, await kit.cartWith(site, [{ itemId: item.productId }]), { giftCardCode: card!.code.toLowerCase() });
    expect(first.json<{ order: Order }>().order).toMatchObject({ giftCardTotal: { value: '3000' }, amountCharged: { value: '0' } });
    expect((await kit.call('GET', `/api/commerce/gift-cards/${card!.code}`, { websiteId: site })).json()).toMatchObject({
      balance: { value: '2000' },
    });
    const partial = await checkout(site, await kit.cartWith(site, [{ itemId: item.productId }]), { giftCardCode: card!.code, card: CARD });
    expect(partial.json<{ order: Order }>().order).toMatchObject({ giftCardTotal: { value: '2000' }, amountCharged: { value: '1000' } });
    const empty = await checkout(site, await kit.cartWith(site, [{ itemId: item.productId }]), { giftCardCode: card!.code, card: CARD });
    expect(empty.json()).toMatchObject({ status: 400, message: CommerceMessages.giftCardEmpty });

    // A second card raced by 20 carts that each want all of it.
    const second = await checkout(site, await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-50' }]), { card: CARD });
    const code = second.json<{ order: Order }>().order.giftCardsIssued[0]!.code;
    const carts = await Promise.all(Array.from({ length: 20 }, () => kit.cartWith(site, [{ itemId: item.productId }])));
    const results = await Promise.all(carts.map((cart) => checkout(site, cart, { giftCardCode: code, card: CARD })));
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    const redeemed = results.filter((r) => r.statusCode === 201).map((r) => Number(r.json<{ order: Order }>().order.giftCardTotal.value));
    expect(redeemed.reduce((a, b) => a + b, 0)).toBe(5000);
    const balance = await kit.ctx.db.selectFrom('gift_cards').select('balance_cents').where('code', '=', code).executeTakeFirstOrThrow();
    expect(balance.balance_cents).toBe(0);
  }, 60_000);

  it('starts a subscription checkout with a cart token and records the subscription', async () => {
    const site = kit.newSite();
    const coffee = await kit.product(site, {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      variants: [{ sku: 'BEANS', price: 1900, unlimited: true }],
    });
    const digital = await kit.product(site, {
      productType: ProductType.DIGITAL,
      isSubscribable: true,
      variants: [{ sku: 'PDF', price: 100 }],
    });
    const plain = await kit.product(site);
    const start = (body: Record<string, unknown>) => kit.call('POST', '/api/3/commerce/cart/subscription', { websiteId: site }, body);
    expect((await start({ itemId: digital.productId })).json()).toMatchObject({ status: 400, message: CommerceMessages.notSubscribable });
    expect((await start({ itemId: plain.productId })).json()).toMatchObject({ status: 400, message: CommerceMessages.notASubscription });
    const added = await kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId: site }, { itemId: coffee.productId });
    expect(added.json()).toMatchObject({ status: 400, message: CommerceMessages.subscriptionOnly });
    const started = await start({ itemId: coffee.productId, sku: 'BEANS', qty: 1 });
    expect(started.statusCode).toBe(200);
    const { cartToken } = started.json<{ cartToken: string }>();
    const paid = await checkout(site, undefined, { cartToken, shippingAddress: ADDRESS, card: CARD });
    expect(paid.statusCode).toBe(201);
    const order = paid.json<{ order: Order }>().order;
    expect(order.kind).toBe('subscription');
    expect(order.subscription).toMatchObject({
      sku: 'BEANS',
      cyclesBilled: 1,
      status: 'active',
      plan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      price: { value: '1900' },
    });
    const next = new Date(order.subscription!.nextBillingDate!);
    expect(next.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect((await checkout(site, undefined, { cartToken, shippingAddress: ADDRESS, card: CARD })).json()).toMatchObject({
      status: 409,
      message: CommerceMessages.cartPurchased,
    });
  });

  it('takes a donation of the amount the visitor chose, above the minimum', async () => {
    const site = kit.newSite();
    const donate = (amount: string, key = randomUUID()) =>
      kit.call(
        'POST',
        '/api/commerce/donations',
        { websiteId: site, headers: { 'idempotency-key': key } },
        { amount, email: 'giver@example.com', card: CARD },
      );
    expect((await donate('0.50')).json()).toMatchObject({ status: 400, message: 'Please enter a donation amount of at least $1.00.' });
    const key = randomUUID();
    const given = await donate('25.50', key);
    expect(given.statusCode).toBe(201);
    expect(given.json<{ order: Order }>().order).toMatchObject({ kind: 'donation', grandTotal: { value: '2550' }, status: 'paid' });
    expect((await donate('25.50', key)).json<{ order: Order }>().order.id).toBe(given.json<{ order: Order }>().order.id);
  });

  it('merges the guest cart into the user cart on sign-in and leaves a guest copy on sign-out with cloneCart', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'U', price: 1000, qty: 20 }] });
    const q = await kit.product(site, { variants: [{ sku: 'V', price: 500, qty: 20 }] });
    const user = `user-${randomUUID()}`;
    // The user already has a cart from another device.
    const own = await kit.call(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { websiteId: site, siteUserId: user },
      { itemId: p.productId, quantity: 1 },
    );
    expect(own.statusCode).toBe(200);
    const guest = await kit.cartWith(site, [
      { itemId: p.productId, quantity: 2 },
      { itemId: q.productId, quantity: 1 },
    ]);
    await applyIdentityEvent(kit.ctx, envelope('identity.session.started', site, { siteUserId: user, cartToken: guest }));
    const merged = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, siteUserId: user });
    expect(merged.json()).toMatchObject({ totalQuantity: 4, subtotalCents: 3 * 1000 + 500 });
    const guestToken = `guest-${randomUUID()}`;
    const ended = envelope('identity.session.ended', site, { siteUserId: user, cloneCart: true, guestCartToken: guestToken });
    await applyIdentityEvent(kit.ctx, ended);
    await applyIdentityEvent(kit.ctx, ended);
    const copy = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart: guestToken });
    expect(copy.json()).toMatchObject({ totalQuantity: 4, subtotalCents: 3500 });
    expect(copy.json<{ id: string }>().id).not.toBe(merged.json<{ id: string }>().id);
  });
});
