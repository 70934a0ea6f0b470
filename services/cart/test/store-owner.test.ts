// The owner routes of the admin app's store screens: orders filtered and paged, gift cards
// issued and listed, one coupon read and changed, shipping options and tax rules one at a time
// (carts see them at once), subscriptions listed; reading needs store:read, changing store:manage.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CommerceMessages, type GiftCardView, type Order, type SubscriptionView } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { ADMIN, CARD, REPORTING, setup, type Kit, APP_START_TIMEOUT_MS } from './kit.js';

describe(`store owner routes (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
  });

  const owner = (websiteId: string, roles: number[] = ADMIN, headers: Record<string, string> = {}) => ({ websiteId, roles, headers });
  const buy = async (site: string, productId: string, email: string) => {
    const cart = await kit.cartWith(site, [{ itemId: productId }]);
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email, card: CARD },
    );
    expect(paid.statusCode).toBe(201);
    return paid.json<{ order: Order }>().order;
  };

  it('lists orders newest first, filtered by status, kind, time and email, page by page', async () => {
    const site = kit.newSite();
    const digital = await kit.product(site, { productType: 2, variants: [{ sku: 'PDF', price: 500 }] });
    const orders: Order[] = [];
    for (const email of ['ana@example.com', 'Bo@Example.com', 'cy@other.org', 'ana+2@example.com'])
      orders.push(await buy(site, digital.productId, email));
    await kit.call('PUT', `/api/commerce/store/orders/${orders[1]!.id}/status`, owner(site), { status: 'fulfilled' });
    const list = (query: string, roles = REPORTING) => kit.call('GET', `/api/commerce/store/orders${query}`, owner(site, roles));
    const ids = async (query: string) => (await list(query)).json<{ orders: Order[] }>().orders.map((o) => o.id);
    expect(await ids('')).toEqual(orders.map((o) => o.id).reverse());
    expect(await ids('?status=fulfilled')).toEqual([orders[1]!.id]);
    expect(await ids('?q=EXAMPLE.COM')).toEqual([orders[3]!.id, orders[1]!.id, orders[0]!.id]);
    expect(await ids('?q=ana%2B')).toEqual([orders[3]!.id]);
    expect(await ids('?q=%25')).toEqual([]);
    expect(await ids('?kind=donation')).toEqual([]);
    const future = encodeURIComponent(new Date(Date.now() + 3600_000).toISOString());
    expect(await ids(`?from=${future}`)).toEqual([]);
    expect(await ids(`?to=${future}&status=paid`)).toHaveLength(3);
    const first = (await list('?limit=3')).json<{ orders: Order[]; hasNextPage: boolean; nextPageCursor: string }>();
    expect(first.orders).toHaveLength(3);
    expect(first.hasNextPage).toBe(true);
    const second = (await list(`?limit=3&cursor=${first.nextPageCursor}`)).json<{
      orders: Order[];
      hasNextPage: boolean;
      nextPageCursor: string | null;
    }>();
    expect(second.orders.map((o) => o.id)).toEqual([orders[0]!.id]);
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect((await list('?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/commerce/store/orders', { websiteId: site })).statusCode).toBe(401);
    const detail = await kit.call('GET', `/api/commerce/store/orders/${orders[2]!.id}`, owner(site, REPORTING));
    expect(detail.json<{ order: Order }>().order).toMatchObject({
      id: orders[2]!.id,
      email: 'cy@other.org',
      refundedTotal: { value: '0' },
    });
    expect((await kit.call('GET', `/api/commerce/store/orders/${orders[2]!.id}`, owner(kit.newSite(), REPORTING))).statusCode).toBe(404);
  });

  it('sorts orders by total, email, status and number both ways, pages each sort whole, finds by number, and refuses bad values with a clear 400', async () => {
    const site = kit.newSite();
    const other = kit.newSite();
    const prices = [700, 300, 900, 500, 100];
    const emails = ['dee@example.com', 'al@example.com', 'eve@example.com', 'bo@example.com', 'cy@example.com'];
    const orders: Order[] = [];
    for (const [i, price] of prices.entries()) {
      const product = await kit.product(site, { productType: 2, variants: [{ sku: `S${i}`, price }] });
      orders.push(await buy(site, product.productId, emails[i]!));
    }
    // Another website's orders, with the same addresses and a higher total, never appear.
    const foreign = await kit.product(other, { productType: 2, variants: [{ sku: 'X', price: 99_900 }] });
    const theirs = await buy(other, foreign.productId, 'al@example.com');
    await kit.call('PUT', `/api/commerce/store/orders/${orders[3]!.id}/status`, owner(site), { status: 'fulfilled' });
    const list = (query: string) => kit.call('GET', `/api/commerce/store/orders${query}`, owner(site, REPORTING));
    const emailsOf = async (query: string) => (await list(query)).json<{ orders: Order[] }>().orders.map((o) => o.email);
    const byPrice = [...prices.keys()].sort((a, b) => prices[a]! - prices[b]!).map((i) => emails[i]);

    expect(await emailsOf('?sort=total&dir=asc')).toEqual(byPrice);
    expect(await emailsOf('?sort=total')).toEqual([...byPrice].reverse());
    expect(await emailsOf('?sort=email')).toEqual([...emails].sort());
    expect(await emailsOf('?sort=email&dir=desc')).toEqual([...emails].sort().reverse());
    expect((await emailsOf('?sort=status'))[0]).toBe('bo@example.com');
    expect((await emailsOf('?sort=status&dir=desc'))[4]).toBe('bo@example.com');
    expect(await emailsOf('?sort=number&dir=asc')).toEqual(emails);
    expect(await emailsOf('?sort=date&dir=desc')).toEqual([...emails].reverse());
    expect(await emailsOf('?sort=total&q=E.COM&status=paid&dir=asc')).toEqual(byPrice.filter((e) => e !== 'bo@example.com'));
    expect((await list('?sort=total')).json<{ orders: Order[] }>().orders.map((o) => o.id)).not.toContain(theirs.id);

    // Two at a time, each sort's pages hold every order once, in order.
    for (const query of ['sort=total&dir=asc', 'sort=email&dir=desc', 'sort=status']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { orders: Order[]; nextPageCursor: string | null } = (
          await list(`?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        expect(page.orders.length).toBeLessThanOrEqual(2);
        seen.push(...page.orders.map((o) => o.email));
        cursor = page.nextPageCursor;
      } while (cursor);
      expect(seen).toEqual(await emailsOf(`?${query}`));
    }
    // A cursor from one sort is refused by another (it would skip or repeat rows).
    const totalCursor = (await list('?limit=2&sort=total')).json<{ nextPageCursor: string }>().nextPageCursor;
    expect((await list(`?limit=2&sort=email&cursor=${totalCursor}`)).statusCode).toBe(400);
    expect((await list(`?limit=2&cursor=${totalCursor}`)).statusCode).toBe(400);

    // The number, with or without #, finds the order.
    expect(await emailsOf(`?q=${orders[2]!.orderNumber}`)).toEqual(['eve@example.com']);
    expect(await emailsOf(`?q=%23${orders[2]!.orderNumber}&sort=total`)).toEqual(['eve@example.com']);

    const bad = await list('?sort=price');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sort must be one of number, date, total, email, status');
    const badDir = await list('?sort=total&dir=up');
    expect(badDir.statusCode).toBe(400);
    expect(badDir.body).toContain('dir must be asc or desc');
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?limit=201')).statusCode).toBe(400);
    expect((await list('?sort=total&limit=200')).statusCode).toBe(200);
  });

  it('issues gift cards (once per Idempotency-Key), lists and finds them by code, and they pay at checkout', async () => {
    const site = kit.newSite();
    const issue = (body: Record<string, unknown>, headers: Record<string, string> = {}, roles: number[] = ADMIN) =>
      kit.call('POST', '/api/commerce/store/gift-cards', owner(site, roles, headers), body);
    expect((await issue({ amountCents: 500 }, {}, REPORTING)).statusCode).toBe(403);
    expect((await issue({ amountCents: 0 })).statusCode).toBe(400);
    const key = randomUUID();
    const made = await issue(
      { amountCents: 2500, recipientEmail: 'friend@example.com', note: 'Sorry for the wait' },
      { 'idempotency-key': key },
    );
    expect(made.statusCode).toBe(201);
    const card = made.json<{ giftCard: GiftCardView }>().giftCard;
    expect(card).toMatchObject({
      initial: { value: '2500', currency: 'USD' },
      balance: { value: '2500' },
      orderId: null,
      recipientEmail: 'friend@example.com',
      note: 'Sorry for the wait',
    });
    expect(card.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const again = await issue(
      { amountCents: 2500, recipientEmail: 'friend@example.com', note: 'Sorry for the wait' },
      { 'idempotency-key': key },
    );
    expect(again.json<{ giftCard: GiftCardView }>().giftCard.id).toBe(card.id);
    const other = (await issue({ amountCents: 100 })).json<{ giftCard: GiftCardView }>().giftCard;
    const list = await kit.call('GET', '/api/commerce/store/gift-cards', owner(site, REPORTING));
    expect(list.json<{ giftCards: GiftCardView[] }>().giftCards.map((g) => g.id)).toEqual([other.id, card.id]);
    const found = await kit.call('GET', `/api/commerce/store/gift-cards?q=${card.code.slice(5, 9).toLowerCase()}`, owner(site, REPORTING));
    expect(found.json<{ giftCards: GiftCardView[] }>().giftCards.map((g) => g.id)).toContain(card.id);
    const paged = (await kit.call('GET', '/api/commerce/store/gift-cards?limit=1', owner(site, REPORTING))).json<{
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    const next = await kit.call('GET', `/api/commerce/store/gift-cards?limit=1&cursor=${paged.nextPageCursor}`, owner(site, REPORTING));
    expect(next.json<{ giftCards: GiftCardView[] }>().giftCards.map((g) => g.id)).toEqual([card.id]);
    const p = await kit.product(site, { variants: [{ sku: 'G', price: 2000, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId }]);
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'a@example.com', giftCardCode: card.code, shippingAddress: { name: 'A', line1: '1 St', city: 'X', country: 'US' } },
    );
    expect(paid.json<{ order: Order }>().order).toMatchObject({ giftCardTotal: { value: '2000' }, amountCharged: { value: '0' } });
  });

  it('reads and changes one coupon; unknown codes are 404', async () => {
    const site = kit.newSite();
    await kit.call('POST', '/api/commerce/coupons', owner(site), { code: 'SPRING', kind: 'percentage', value: 1000 });
    expect((await kit.call('GET', '/api/commerce/coupons/SPRING', owner(site, REPORTING))).json()).toEqual({
      coupon: {
        code: 'SPRING',
        kind: 'percentage',
        value: 1000,
        minimumSubtotalCents: 0,
        expiresAt: null,
        combinable: false,
        usageLimit: null,
        timesUsed: 0,
      },
    });
    const changed = await kit.call('PUT', '/api/commerce/coupons/SPRING', owner(site), {
      kind: 'fixed-amount',
      value: 500,
      minimumSubtotalCents: 2000,
    });
    expect(changed.json()).toMatchObject({ coupon: { kind: 'fixed-amount', value: 500, minimumSubtotalCents: 2000 } });
    expect(
      (await kit.call('PUT', '/api/commerce/coupons/SPRING', owner(site, REPORTING), { kind: 'fixed-amount', value: 1 })).statusCode,
    ).toBe(403);
    expect((await kit.call('PUT', '/api/commerce/coupons/SPRING', owner(site), { kind: 'percentage', value: 20_000 })).statusCode).toBe(
      400,
    );
    expect((await kit.call('GET', '/api/commerce/coupons/NONE', owner(site))).json()).toMatchObject({
      status: 404,
      message: CommerceMessages.couponNotFound,
    });
    expect((await kit.call('PUT', '/api/commerce/coupons/NONE', owner(site), { kind: 'free-shipping', value: 0 })).json()).toMatchObject({
      status: 404,
    });
    // A cart sees the new terms at once.
    const p = await kit.product(site, { variants: [{ sku: 'C', price: 3000, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId }]);
    const applied = await kit.call('POST', '/api/commerce/shopping-cart/coupons', { websiteId: site, cart }, { code: 'SPRING' });
    expect(applied.json()).toMatchObject({ discountCents: 500 });
    await kit.call('PUT', '/api/commerce/coupons/SPRING', owner(site), { kind: 'fixed-amount', value: 700 });
    expect((await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json()).toMatchObject({ discountCents: 700 });
  });

  it('a coupon change keeps the uses orders took', async () => {
    const site = kit.newSite();
    await kit.call('POST', '/api/commerce/coupons', owner(site), { code: 'TWICE', kind: 'fixed-amount', value: 100, usageLimit: 2 });
    const p = await kit.product(site, { variants: [{ sku: 'T', price: 3000, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId }]);
    await kit.call('POST', '/api/commerce/shopping-cart/coupons', { websiteId: site, cart }, { code: 'TWICE' });
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 't@example.com', card: CARD, shippingAddress: { name: 'T', line1: '1 St', city: 'X', country: 'US' } },
    );
    expect(paid.statusCode).toBe(201);
    const changed = await kit.call('PUT', '/api/commerce/coupons/TWICE', owner(site), { kind: 'fixed-amount', value: 300, usageLimit: 3 });
    expect(changed.json()).toEqual({
      coupon: {
        code: 'TWICE',
        kind: 'fixed-amount',
        value: 300,
        minimumSubtotalCents: 0,
        expiresAt: null,
        combinable: false,
        usageLimit: 3,
        timesUsed: 1,
      },
    });
    expect((await kit.call('GET', '/api/commerce/coupons/TWICE', owner(site))).json()).toMatchObject({
      coupon: { value: 300, usageLimit: 3, timesUsed: 1 },
    });
  });

  it('adds, changes and removes shipping options and tax rules one at a time, and carts follow', async () => {
    const site = kit.newSite();
    const url = (path: string) => `/api/commerce/${path}`;
    const standard = { id: 'std', name: 'Standard', rateCents: 600, countries: ['US'] };
    expect((await kit.call('POST', url('shipping-options'), owner(site, REPORTING), standard)).statusCode).toBe(403);
    const made = await kit.call('POST', url('shipping-options'), owner(site), standard);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ shippingOption: { ...standard, freeOverCents: null } });
    expect((await kit.call('POST', url('shipping-options'), owner(site), standard)).json()).toMatchObject({
      status: 409,
      message: CommerceMessages.shippingOptionExists,
    });
    expect((await kit.call('POST', url('shipping-options'), owner(site), { ...standard, id: 'bad', rateCents: -1 })).statusCode).toBe(400);
    await kit.call('POST', url('shipping-options'), owner(site), { id: 'exp', name: 'Express', rateCents: 2000 });
    const vat = { id: 'us', name: 'Sales tax', country: 'US', rateBps: 1000 };
    expect((await kit.call('POST', url('tax-rules'), owner(site), vat)).statusCode).toBe(201);
    expect((await kit.call('POST', url('tax-rules'), owner(site), vat)).json()).toMatchObject({
      status: 409,
      message: CommerceMessages.taxRuleExists,
    });

    const p = await kit.product(site, { variants: [{ sku: 'S', price: 1000, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId }]);
    const view = () =>
      kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart }).then((r) => r.json<Record<string, unknown>>());
    await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', { websiteId: site, cart }, { country: 'US' });
    expect(await view()).toMatchObject({ shippingCostCents: 600, taxCents: 100, shippingOptions: [{ id: 'std' }, { id: 'exp' }] });

    const changed = await kit.call('PUT', url('shipping-options/std'), owner(site), {
      name: 'Standard',
      rateCents: 450,
      freeOverCents: 5000,
      countries: ['US'],
    });
    expect(changed.json()).toMatchObject({ shippingOption: { id: 'std', rateCents: 450 } });
    await kit.call('PUT', url('tax-rules/us'), owner(site), { name: 'Sales tax', country: 'US', rateBps: 500, appliesToShipping: true });
    // 5 % of 1000 and of 450 (rounded half up).
    expect(await view()).toMatchObject({ shippingCostCents: 450, taxCents: 50 + 23 });
    expect((await kit.call('PUT', url('tax-rules/none'), owner(site), { name: 'X', country: 'US', rateBps: 1 })).json()).toMatchObject({
      status: 404,
      message: CommerceMessages.taxRuleNotFound,
    });
    expect((await kit.call('PUT', url('shipping-options/none'), owner(site), { name: 'X', rateCents: 1 })).json()).toMatchObject({
      status: 404,
      message: CommerceMessages.shippingOptionNotFound,
    });

    expect((await kit.call('DELETE', url('shipping-options/std'), owner(site))).json()).toEqual({ deleted: true });
    expect((await kit.call('DELETE', url('shipping-options/std'), owner(site))).json()).toEqual({ deleted: false });
    expect((await kit.call('DELETE', url('tax-rules/us'), owner(site))).json()).toEqual({ deleted: true });
    expect(await view()).toMatchObject({ shippingCostCents: 2000, taxCents: 0, shippingOptions: [{ id: 'exp' }] });
    expect((await kit.call('GET', url('shipping-options'), owner(site, REPORTING))).json()).toEqual({
      shippingOptions: [{ id: 'exp', name: 'Express', rateCents: 2000, freeOverCents: null, countries: [] }],
    });
    expect((await kit.call('GET', url('tax-rules'), owner(site, REPORTING))).json()).toEqual({ taxRules: [] });
  });

  it('keeps every one of many concurrent shipping-option additions', async () => {
    const site = kit.newSite();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        kit.call('POST', '/api/commerce/shipping-options', owner(site), { id: `o${i}`, name: `Option ${i}`, rateCents: i }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    const list = (await kit.call('GET', '/api/commerce/shipping-options', owner(site))).json<{ shippingOptions: Array<{ id: string }> }>();
    expect(list.shippingOptions.map((o) => o.id).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `o${i}`));
  });

  it('lists subscriptions newest first, by status and email', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 },
      variants: [{ sku: 'TEA', price: 1200, unlimited: true }],
    });
    const ids: string[] = [];
    for (const email of ['first@example.com', 'second@example.com']) {
      const { cartToken } = (
        await kit.call('POST', '/api/3/commerce/cart/subscription', { websiteId: site }, { itemId: p.productId })
      ).json<{ cartToken: string }>();
      const paid = await kit.call(
        'POST',
        '/api/commerce/checkout',
        { websiteId: site, headers: { 'idempotency-key': randomUUID() } },
        { email, cartToken, card: CARD, shippingAddress: { name: 'S', line1: '1 St', city: 'X', country: 'US' } },
      );
      ids.push(paid.json<{ order: Order }>().order.subscription!.id);
    }
    await kit.call('PUT', `/api/commerce/store/subscriptions/${ids[0]}/status`, owner(site), { status: 'cancelled' });
    const list = (query = '') =>
      kit
        .call('GET', `/api/commerce/store/subscriptions${query}`, owner(site, REPORTING))
        .then((r) => r.json<{ subscriptions: SubscriptionView[] }>().subscriptions);
    const all = await list();
    expect(all.map((s) => s.id)).toEqual([ids[1], ids[0]]);
    expect(all[0]).toMatchObject({
      email: 'second@example.com',
      sku: 'TEA',
      cyclesBilled: 1,
      status: 'active',
      plan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 },
    });
    expect((await list('?status=cancelled')).map((s) => s.id)).toEqual([ids[0]]);
    expect((await list('?q=SECOND')).map((s) => s.id)).toEqual([ids[1]]);
    expect((await kit.call('GET', '/api/commerce/store/subscriptions/nope', owner(site, REPORTING))).json()).toMatchObject({
      status: 404,
      message: CommerceMessages.subscriptionNotFound,
    });
  });
});
