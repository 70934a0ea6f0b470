import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { mode, testConfig, unique } from '@sc/platform/test-kit';
import { buildApp, CART_COOKIE } from '../src/index.js';
import { APP_START_TIMEOUT_MS } from './kit.js';

function cartCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
}

describe(`cart service (${mode.database})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), relay: { autoStart: false } });
    await app.ready();
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await app.close();
  });

  const get = (websiteId: string, token?: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/commerce/shopping-cart${query}`,
      headers: { 'x-website-id': websiteId, ...(token ? { cookie: `${CART_COOKIE}=${token}` } : {}) },
    });

  it('creates a guest cart with every SPEC field and a cookie, and writes the event in the same transaction', async () => {
    const site = unique('site');
    const response = await get(site);
    expect(response.statusCode).toBe(200);
    const cart = response.json<Record<string, unknown>>();
    expect(Object.keys(cart).sort()).toEqual(
      [
        'id',
        'websiteId',
        'orderId',
        'created',
        'isPurchased',
        'entries',
        'shippingOptions',
        'selectedShippingOption',
        'shippingLocation',
        'applicableTaxRules',
        'coupons',
        'validCoupons',
        'invalidCoupons',
        'subtotalCents',
        'taxCents',
        'shippingCostCents',
        'discountCents',
        'grandTotalCents',
        'totalQuantity',
        'hasDigital',
        'purelyDigital',
        'requiresShipping',
        'minimumOrderSubtotalCents',
        // Ours beside SPEC's: whether the prices contain the tax (taxCents is then not added).
        'pricesIncludeTax',
      ].sort(),
    );
    // No store rule yet: no minimum order subtotal, tax added to the prices.
    expect(cart.minimumOrderSubtotalCents).toBe(0);
    expect(cart.pricesIncludeTax).toBe(false);
    expect(cart.websiteId).toBe(site);
    expect(response.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(response.headers['set-cookie']).toMatch(/SameSite=Lax/);
    const outbox = await app
      .serviceContext!.db.selectFrom('outbox' as never)
      .select(['type' as never, 'data' as never, 'published_at' as never])
      .where('website_id' as never, '=', site as never)
      .execute();
    expect(outbox).toEqual([{ type: 'commerce.cart.created', data: { cartId: cart.id, websiteId: site }, published_at: null }]);
  });

  it('makes the cart cookie Secure when the visitor reached the gateway over HTTPS', async () => {
    const site = unique('site');
    const headers = { 'x-website-id': site };
    const overTls = await app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      headers: { ...headers, 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['set-cookie']).toMatch(/; Secure/);
    const plain = await app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      headers: { ...headers, 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['set-cookie']).not.toMatch(/; Secure/);
  });

  it('reads the same cart back with its cookie and creates nothing new', async () => {
    const site = unique('site');
    const first = await get(site);
    const token = cartCookie(first.headers['set-cookie']);
    const second = await get(site, token, '?calculateSubtotal=true&timecode=123');
    expect(second.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it("never hands one website's cart to another website", async () => {
    const a = await get(unique('siteA'));
    const token = cartCookie(a.headers['set-cookie']);
    const b = await get(unique('siteB'), token);
    expect(b.json<{ id: string }>().id).not.toBe(a.json<{ id: string }>().id);
  });

  it('gives a new cart for an unknown or malformed cookie', async () => {
    const site = unique('site');
    const response = await get(site, 'not-a-real-token');
    expect(response.statusCode).toBe(200);
    expect(cartCookie(response.headers['set-cookie'])).toBeDefined();
  });

  it('refuses unknown query parameters with a clear 400 and writes nothing', async () => {
    const site = unique('site');
    const response = await get(site, undefined, '?bogus=1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const rows = await app
      .serviceContext!.db.selectFrom('outbox' as never)
      .select('id' as never)
      .where('website_id' as never, '=', site as never)
      .execute();
    expect(rows).toEqual([]);
  });
});
