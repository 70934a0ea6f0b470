// The shopper's limits hold against what an attacker can mint for free (issue 40): a made-up cart
// cookie on every write still meets the address's limit of new carts; wrong coupon codes on one
// cart, and then on fresh carts from the same address, meet the per-cart and per-address limits of
// code attempts; gift-card balance look-ups too. Each refusal is SPEC 8's 429 and message; another
// address is not affected. The defaults (120 writes a minute per cart) are the ones under test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CartMessages } from '@sc/contracts';
import { DEFAULT_WRITE_LIMIT } from '../src/cart/limits.js';
import { APP_START_TIMEOUT_MS, cartCookieOf, setup, type Kit } from './kit.js';

const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe('shopper limits keyed on the client address and the cart', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup({ writeLimit: DEFAULT_WRITE_LIMIT });
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  it('limits the carts one address makes, whatever cart cookie each write invents', async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'R', price: 100, unlimited: true }] });
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await kit.call(
        'POST',
        '/api/commerce/shopping-cart/entries',
        { websiteId: site, cart: randomUUID(), headers: { 'x-forwarded-for': from } },
        { itemId: product.productId },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json()).toMatchObject({ crumbFail: false, status: 429, message: CartMessages.rateLimited });
    }
    // 30 carts a minute per address (a quarter of the per-cart write limit), then 429.
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Another address still makes its cart.
    expect(
      (
        await kit.call(
          'POST',
          '/api/commerce/shopping-cart/entries',
          { websiteId: site, headers: { 'x-forwarded-for': address() } },
          { itemId: product.productId },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('limits coupon code attempts per cart, then per address across fresh carts', async () => {
    const site = kit.newSite();
    const product = await kit.product(site, { variants: [{ sku: 'R', price: 100, unlimited: true }] });
    const from = address();
    const newCart = async () =>
      cartCookieOf(
        await kit.call(
          'POST',
          '/api/commerce/shopping-cart/entries',
          { websiteId: site, headers: { 'x-forwarded-for': from } },
          { itemId: product.productId },
        ),
      );
    const tryCode = (cart: string) =>
      kit.call(
        'POST',
        '/api/commerce/shopping-cart/coupons',
        { websiteId: site, cart, headers: { 'x-forwarded-for': from } },
        { code: `GUESS-${randomUUID().slice(0, 8)}` },
      );
    const first = await newCart();
    const onOneCart: number[] = [];
    for (let i = 0; i < 12; i++) onOneCart.push((await tryCode(first!)).statusCode);
    // Ten attempts per cart in ten minutes (wrong codes answer 404), then 429.
    expect(onOneCart).toEqual([...Array<number>(10).fill(404), 429, 429]);
    const across: number[] = [];
    for (let c = 0; c < 3; c++) {
      const cart = await newCart();
      for (let i = 0; i < 8; i++) across.push((await tryCode(cart!)).statusCode);
    }
    // Thirty attempts per address in ten minutes: 12 counted above, 18 more, then 429 on any cart.
    expect(across.slice(0, 18).every((s) => s === 404)).toBe(true);
    expect(across.slice(18).every((s) => s === 429)).toBe(true);
    const last = await tryCode((await newCart())!);
    expect([last.statusCode, last.json().message]).toEqual([429, CartMessages.rateLimited]);
  });

  it('limits gift-card balance look-ups per address', async () => {
    const site = kit.newSite();
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (await kit.call('GET', `/api/commerce/gift-cards/GUESS${i}ABCDEF`, { websiteId: site, headers: { 'x-forwarded-for': from } }))
          .statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
