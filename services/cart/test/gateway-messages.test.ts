// Every SPEC 5 "Add to cart" message, provoked through the gateway (crumb cookie and header, the
// website the gateway decides), plus the crumb failure and the SPEC 8 rate-limit answer.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { AddToCartMessages, CartMessages, CommerceMessages, ProductType } from '@sc/contracts';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { freePort, mode, unique } from '@sc/platform/test-kit';
import { CART_COOKIE } from '../src/index.js';
import { cartCookieOf, setup, type Kit, APP_START_TIMEOUT_MS, SIGNING_KEY } from './kit.js';

describe(`SPEC 5 add-to-cart messages through the gateway (${mode.database})`, () => {
  let kit: Kit;
  let gateway: FastifyInstance;
  let limited: FastifyInstance;
  const site = unique('gwshop');
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    kit = await setup();
    const cartUrl = await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const env = (extra: Record<string, string>) =>
      GatewayEnv.parse({
        ...process.env,
        IDENTITY_SIGNING_KEY: SIGNING_KEY,
        LOG_LEVEL: 'silent',
        CART_URL: cartUrl,
        CONTENT_URL: `http://127.0.0.1:${port}`,
        FALLBACK_WEBSITE_ID: site,
        ...extra,
      });
    const port = await freePort();
    gateway = await buildGateway({ config: env({ RATE_LIMIT_MAX: '100000' }) });
    limited = await buildGateway({ config: env({ RATE_LIMIT_MAX: '2', REDIS_URL: '' }) });
    await gateway.ready();
    await limited.ready();
    ids.tote = (
      await kit.product(site, {
        optionOrdering: ['Colour', 'Size', 'Strap'],
        variants: [
          { sku: 'T-OS', price: 6800, qty: 2, attributes: { Colour: 'Olive', Size: 'M', Strap: 'Long' } },
          { sku: 'T-NS', price: 6800, qty: 2, attributes: { Colour: 'Navy', Size: 'M', Strap: 'Long' } },
        ],
      })
    ).productId;
    ids.shirt = (
      await kit.product(site, {
        optionOrdering: ['Colour', 'Size'],
        variants: [
          { sku: 'S-OS', price: 3000, qty: 5, attributes: { Colour: 'Olive', Size: 'S' } },
          { sku: 'S-NL', price: 3000, qty: 5, attributes: { Colour: 'Navy', Size: 'L' } },
        ],
      })
    ).productId;
    ids.gift = (
      await kit.product(site, {
        productType: ProductType.GIFT_CARD,
        variants: [
          { sku: 'G25', price: 2500 },
          { sku: 'G50', price: 5000 },
        ],
      })
    ).productId;
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await gateway.close();
    await limited.close();
    await kit.close();
  });

  async function add(body: Record<string, unknown>, app = gateway, cart?: string) {
    const crumb = 'crumb-for-cart-tests-0123';
    const cookies = [`crumb=${crumb}`, ...(cart ? [`${CART_COOKIE}=${cart}`] : [])].join('; ');
    return request(app.server).post('/api/commerce/shopping-cart/entries').set('Cookie', cookies).set('X-CSRF-Token', crumb).send(body);
  }
  const failure = (message: string, status = 400) => ({ crumbFail: false, status, message, error: expect.objectContaining({ message }) });

  it.each([
    ['one unselected option', { attributes: { Colour: 'Olive', Size: 'M' } }, 'Please select the Strap option.'],
    ['two unselected options', { attributes: { Colour: 'Olive' } }, 'Please select the Size and Strap options.'],
    ['three unselected options', { attributes: {} }, 'Please select the Colour, Size and Strap options.'],
    [
      'a combination that does not exist',
      { attributes: { Colour: 'Olive', Size: 'L', Strap: 'Long' } },
      AddToCartMessages.variantUnavailable,
    ],
    ['an unknown sku', { sku: 'NOPE' }, AddToCartMessages.variantUnavailable],
  ])('%s', async (_name, choice, message) => {
    const response = await add({ itemId: ids.tote, quantity: 1, ...choice });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(failure(message));
  });

  it.each([
    ['abc', AddToCartMessages.quantityNotNumber],
    ['', AddToCartMessages.quantityNotNumber],
    ['1.5', AddToCartMessages.quantityNotWhole],
    [2.5, AddToCartMessages.quantityNotWhole],
    [0, CommerceMessages.quantityOutOfRange],
    [10000, CommerceMessages.quantityOutOfRange],
  ])('quantity %p', async (quantity, message) => {
    const response = await add({ itemId: ids.shirt, sku: 'S-OS', quantity });
    expect(response.body).toMatchObject(failure(message));
  });

  it('a gift card without a denomination', async () => {
    expect((await add({ itemId: ids.gift, quantity: 1 })).body).toMatchObject(failure(AddToCartMessages.giftCardDenominationRequired));
    expect((await add({ itemId: ids.gift, sku: 'G50', quantity: 1 })).status).toBe(200);
  });

  it('not enough stock, counting what the cart holds', async () => {
    const first = await add({ itemId: ids.shirt, attributes: { Colour: 'Navy', Size: 'L' }, quantity: 4 });
    expect(first.status).toBe(200);
    expect(first.body.newlyAdded).toMatchObject({ chosenVariant: { sku: 'S-NL', attributes: { Colour: 'Navy', Size: 'L' } } });
    const cart = (first.headers['set-cookie'] as unknown as string[])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${CART_COOKIE}=`))!
      .split('=')[1];
    const second = await add({ itemId: ids.shirt, sku: 'S-NL', quantity: 2 }, gateway, cart);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject(failure(AddToCartMessages.notEnoughStock, 409));
  });

  it('a crumb failure and a rate limit answer with the SPEC 8 messages', async () => {
    const noCrumb = await request(gateway.server).post('/api/commerce/shopping-cart/entries').send({ itemId: ids.shirt, sku: 'S-OS' });
    expect(noCrumb.status).toBe(401);
    expect(noCrumb.body).toMatchObject({ crumbFail: true, message: CartMessages.sessionExpired });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await add({ itemId: ids.shirt, sku: 'S-OS', quantity: 1 }, limited);
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(last!.body).toMatchObject({ status: 429, message: CartMessages.rateLimited });
  });

  it(
    "the cart's own write limit answers 429 with the same message",
    async () => {
      const strict = await setup({ writeLimit: { max: 2, windowMs: 60_000 } });
      try {
        // Its own website: the counts live in the shared cache (Redis in distributed mode).
        const own = strict.newSite();
        const p = await strict.product(own, { variants: [{ sku: 'R', price: 100, unlimited: true }] });
        const call = (cart?: string) =>
          strict.call('POST', '/api/commerce/shopping-cart/entries', { websiteId: own, cart }, { itemId: p.productId });
        const cart = cartCookieOf(await call());
        // The first call had no cart cookie yet (counted by address); the cart's own count starts here.
        await call(cart);
        await call(cart);
        const third = await call(cart);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({ crumbFail: false, status: 429, message: CartMessages.rateLimited });
      } finally {
        await strict.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );
});
