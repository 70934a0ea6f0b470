// The money rules and order reads of issue 19 through the cart's HTTP routes, on the configured
// database: codes on gift cards and stacked codes, gift cards that cannot buy gift cards, usage
// limits and gift-card balances under concurrent checkouts (a fast-check property over random
// limits, balances and prices), and who may read an order.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CommerceMessages, ProductType, type CommerceShoppingCart, type Order } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { redeemCoupon, releaseCoupon } from '../src/rules/coupons.repository.js';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, DECLINED_CARD, REPORTING, setup, type Kit } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe(`money rules and order reads (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
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
  const coupon = (websiteId: string, body: Record<string, unknown>) =>
    kit.call('POST', '/api/commerce/coupons', { websiteId, roles: ADMIN }, body);
  const apply = (websiteId: string, cart: string, code: string) =>
    kit.call('POST', '/api/commerce/shopping-cart/coupons', { websiteId, cart }, { code });

  it('two 60 % codes on a $100 gift card: neither discounts it', async () => {
    const site = kit.newSite();
    const gift = await kit.product(site, { productType: ProductType.GIFT_CARD, variants: [{ sku: 'GC-100', price: 10_000 }] });
    for (const code of ['SIXTY', 'SIXTYTOO'])
      expect((await coupon(site, { code, kind: 'percentage', value: 6000, combinable: true })).statusCode).toBe(200);
    const cart = await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-100' }]);
    const first = await apply(site, cart, 'SIXTY');
    expect(first.statusCode).toBe(200);
    expect(first.json<CommerceShoppingCart>()).toMatchObject({ discountCents: 0, grandTotalCents: 10_000 });
    await apply(site, cart, 'SIXTYTOO');
    const bought = await checkout(site, cart, { card: CARD });
    expect(bought.statusCode).toBe(201);
    expect(bought.json<{ order: Order }>().order).toMatchObject({
      discountTotal: { value: '0' },
      grandTotal: { value: '10000' },
      amountCharged: { value: '10000' },
    });
  });

  it('two 60 % codes on a $27 physical cart: the second is refused unless both are combinable', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'MUG', price: 2700, qty: 10 }] });
    await coupon(site, { code: 'A60', kind: 'percentage', value: 6000 });
    await coupon(site, { code: 'B60', kind: 'percentage', value: 6000 });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, sku: 'MUG' }]);
    expect((await apply(site, cart, 'A60')).json<CommerceShoppingCart>()).toMatchObject({ discountCents: 1620 });
    const second = await apply(site, cart, 'B60');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ message: CommerceMessages.couponNotCombinable });
    const view = (await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json<CommerceShoppingCart>();
    expect(view).toMatchObject({ coupons: ['A60'], discountCents: 1620, grandTotalCents: 1080 });

    // Made combinable by the owner, the two apply one after the other: 60 %, then 60 % of the rest.
    for (const code of ['A60', 'B60']) {
      const put = await kit.call(
        'PUT',
        `/api/commerce/coupons/${code}`,
        { websiteId: site, roles: ADMIN },
        { kind: 'percentage', value: 6000, combinable: true },
      );
      expect(put.json()).toMatchObject({ coupon: { code, combinable: true, usageLimit: null, timesUsed: 0 } });
    }
    expect((await apply(site, cart, 'B60')).json<CommerceShoppingCart>()).toMatchObject({ discountCents: 2268, grandTotalCents: 432 });
  });

  it('a gift card pays for the goods but not for gift cards in the same order', async () => {
    const site = kit.newSite();
    const gift = await kit.product(site, { productType: ProductType.GIFT_CARD, variants: [{ sku: 'GC-50', price: 5000 }] });
    const book = await kit.product(site, { productType: ProductType.DIGITAL, variants: [{ sku: 'BOOK', price: 1200, unlimited: true }] });
    const card = (await checkout(site, await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-50' }]), { card: CARD })).json<{
      order: Order;
    }>().order.giftCardsIssued[0]!.code;
    const onlyCards = await checkout(site, await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-50' }]), {
      giftCardCode: card,
      card: CARD,
    });
    expect(onlyCards.statusCode).toBe(400);
    expect(onlyCards.json()).toMatchObject({ message: CommerceMessages.giftCardForGiftCard });
    const mixed = await checkout(site, await kit.cartWith(site, [{ itemId: gift.productId, sku: 'GC-50' }, { itemId: book.productId }]), {
      giftCardCode: card,
      card: CARD,
    });
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json<{ order: Order }>().order).toMatchObject({
      grandTotal: { value: '6200' },
      giftCardTotal: { value: '1200' },
      amountCharged: { value: '5000' },
    });
  });

  it('under concurrent checkouts, a code is used at most its limit and a gift card never goes below zero (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          limit: fc.integer({ min: 1, max: 4 }),
          buyers: fc.integer({ min: 2, max: 8 }),
          balance: fc.integer({ min: 500, max: 6000 }),
          price: fc.integer({ min: 100, max: 3000 }),
          percent: fc.integer({ min: 1, max: 10_000 }),
          declined: fc.integer({ min: 0, max: 2 }),
        }),
        async ({ limit, buyers, balance, price, percent, declined }) => {
          const site = kit.newSite();
          const item = await kit.product(site, { productType: ProductType.DIGITAL, variants: [{ sku: 'E', price, unlimited: true }] });
          await coupon(site, { code: 'LIMITED', kind: 'percentage', value: percent, usageLimit: limit });
          const issued = await kit.call(
            'POST',
            '/api/commerce/store/gift-cards',
            { websiteId: site, roles: ADMIN },
            { amountCents: balance },
          );
          expect(issued.statusCode).toBe(201);
          const code = issued.json<{ giftCard: { code: string } }>().giftCard.code;
          const carts = await Promise.all(Array.from({ length: buyers }, () => kit.cartWith(site, [{ itemId: item.productId }])));
          // Every cart took the code before anyone checked out (the limit is only met at checkout).
          for (const cart of carts) expect((await apply(site, cart, 'LIMITED')).statusCode).toBe(200);
          const results = await Promise.all(
            carts.map((cart, i) => checkout(site, cart, { giftCardCode: code, card: i < declined ? DECLINED_CARD : CARD })),
          );
          expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
          const paid = results.filter((r) => r.statusCode === 201).map((r) => r.json<{ order: Order }>().order);
          const used = await kit.ctx.db.selectFrom('coupons').select('times_used').where('website_id', '=', site).executeTakeFirstOrThrow();
          // Uses taken = paid orders that carried the code (a failed payment gave its use back).
          const paidRows = await kit.ctx.db
            .selectFrom('orders')
            .select('coupon_codes')
            .where('website_id', '=', site)
            .where('status', '=', 'paid')
            .execute();
          expect(paidRows).toHaveLength(paid.length);
          expect(used.times_used).toBe(paidRows.filter((o) => o.coupon_codes.includes('LIMITED')).length);
          expect(used.times_used).toBeLessThanOrEqual(limit);
          expect(used.times_used).toBeGreaterThanOrEqual(0);
          const left = await kit.ctx.db
            .selectFrom('gift_cards')
            .select('balance_cents')
            .where('website_id', '=', site)
            .executeTakeFirstOrThrow();
          expect(left.balance_cents).toBeGreaterThanOrEqual(0);
          expect(left.balance_cents).toBe(balance - paid.reduce((sum, o) => sum + Number(o.giftCardTotal.value), 0));
          for (const r of results.filter((x) => x.statusCode !== 201)) expect([400, 402, 409]).toContain(r.statusCode);
        },
      ),
      {
        numRuns: 6,
        // Found by this property: a declined buyer's give-back (gift card, then code) deadlocked
        // with a checkout holding the code and waiting for the gift card.
        examples: [[{ limit: 2, buyers: 2, balance: 500, price: 522, percent: 14, declined: 1 }]],
      },
    );
  }, 240_000);

  it('concurrent redemptions of a code take exactly min(limit, attempts) uses; give-backs never go below zero (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        async (limit, attempts, giveBacks) => {
          const site = kit.newSite();
          await coupon(site, { code: 'RACE', kind: 'fixed-amount', value: 100, usageLimit: limit });
          const taken = await Promise.all(
            Array.from({ length: attempts }, () => kit.ctx.transaction((trx) => redeemCoupon(trx, site, 'RACE'))),
          );
          const usedOf = async () =>
            (await kit.ctx.db.selectFrom('coupons').select('times_used').where('website_id', '=', site).executeTakeFirstOrThrow())
              .times_used;
          expect(taken.filter(Boolean)).toHaveLength(Math.min(limit, attempts));
          expect(await usedOf()).toBe(Math.min(limit, attempts));
          await Promise.all(Array.from({ length: giveBacks }, () => kit.ctx.transaction((trx) => releaseCoupon(trx, site, 'RACE'))));
          expect(await usedOf()).toBe(Math.max(0, Math.min(limit, attempts) - giveBacks));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('an order is read by its buyer, the site owner, or its receipt token; not by its id alone', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'LAMP', price: 3000, qty: 5 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, sku: 'LAMP' }]);
    const placed = await checkout(site, cart, { shippingAddress: ADDRESS, card: CARD });
    const order = placed.json<{ order: Order }>().order;
    expect(order.receiptToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const read = (caller: { cart?: string; roles?: number[]; siteUserId?: string }, query = '') =>
      kit.call('GET', `/api/commerce/orders/${order.id}${query}`, { websiteId: site, ...caller });
    expect((await read({ cart })).statusCode).toBe(200);
    expect((await read({ roles: REPORTING })).statusCode).toBe(200);
    const byToken = await read({}, `?receiptToken=${order.receiptToken!}`);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['cache-control']).toBe('private, no-store');
    for (const response of [
      await read({}),
      await read({ cart: await kit.cartWith(site, [{ itemId: p.productId, sku: 'LAMP' }]) }),
      await read({ siteUserId: 'someone' }),
      await read({}, '?receiptToken=AAAAAAAAAAAAAAAAAAAAAA'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CommerceMessages.orderNotFound });
    }
    expect(
      (await kit.call('GET', `/api/commerce/orders/${order.id}?receiptToken=${order.receiptToken!}`, { websiteId: kit.newSite() }))
        .statusCode,
    ).toBe(404);
  });
});
