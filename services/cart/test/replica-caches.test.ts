// Two replicas of the cart on one database and one shared cache (Redis with REDIS_URL, else one
// in-memory cache): what one replica learns (an owner's coupon change through its routes, a
// product event only it consumed, as replicas share their durable consumers) is seen through the
// other within LOCAL_CACHE_RECHECK_MS (issue 39), where each replica's store cache used to serve
// its own entries for their 5 s TTL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_CACHE_RECHECK_MS, MemoryCache, openEmbeddedPostgres, type EmbeddedPostgres } from '@sc/platform';
import { mode } from '@sc/platform/test-kit';
import { ADMIN, APP_START_TIMEOUT_MS, setup, type Kit } from './kit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The documented bound, and a margin for the read itself. */
const PAST_THE_BOUND_MS = LOCAL_CACHE_RECHECK_MS + 150;

describe(`store caches across two cart replicas (${mode.database})`, () => {
  let a: Kit;
  let b: Kit;
  let embedded: EmbeddedPostgres | undefined;
  beforeAll(async () => {
    embedded = process.env.DATABASE_URL ? undefined : await openEmbeddedPostgres(':memory:');
    const sharedCache = process.env.REDIS_URL ? undefined : new MemoryCache();
    const shared = { ...(embedded ? { sharedEmbedded: embedded } : {}), ...(sharedCache ? { sharedCache } : {}) };
    a = await setup(shared);
    b = await setup(shared);
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await embedded?.close();
  });
  const owner = (websiteId: string) => ({ websiteId, roles: ADMIN });

  it("shows a coupon changed through replica A in replica B's carts within the bound", async () => {
    const site = a.newSite();
    const product = await a.product(site, { variants: [{ sku: 'C', price: 3000, qty: 5 }] });
    expect(
      (await a.call('POST', '/api/commerce/coupons', owner(site), { code: 'SPRING', kind: 'fixed-amount', value: 500 })).statusCode,
    ).toBe(200);
    const cart = await b.cartWith(site, [{ itemId: product.productId }]);
    expect(
      (await b.call('POST', '/api/commerce/shopping-cart/coupons', { websiteId: site, cart }, { code: 'SPRING' })).json(),
    ).toMatchObject({ discountCents: 500 });
    expect((await b.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json()).toMatchObject({ discountCents: 500 });
    expect((await a.call('PUT', '/api/commerce/coupons/SPRING', owner(site), { kind: 'fixed-amount', value: 700 })).statusCode).toBe(200);
    // Replica A at once; replica B within LOCAL_CACHE_RECHECK_MS.
    expect((await a.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json()).toMatchObject({ discountCents: 700 });
    await sleep(PAST_THE_BOUND_MS);
    expect((await b.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json()).toMatchObject({ discountCents: 700 });
  });

  it('shows a product event that only replica A consumed in replica B within the bound', async () => {
    const site = a.newSite();
    const product = await a.product(site, { title: 'Mug', variants: [{ sku: 'M', price: 1200, qty: 5 }] });
    const cart = await b.cartWith(site, [{ itemId: product.productId, sku: 'M' }]);
    const subtotal = async (kit: Kit) =>
      (await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart })).json<{ subtotalCents: number }>().subtotalCents;
    expect(await subtotal(b)).toBe(1200);
    await a.product(site, {
      id: product.productId,
      version: product.version + 1,
      title: 'Mug',
      variants: [{ sku: 'M', price: 1500, qty: 5 }],
    });
    expect(await subtotal(a)).toBe(1500);
    await sleep(PAST_THE_BOUND_MS);
    expect(await subtotal(b)).toBe(1500);
  });
});
