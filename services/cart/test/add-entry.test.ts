// The one-round-trip add (cart.add_entry) against the configured database: concurrent adds to one
// cart never pass the stock or lose a line, the answers keep the contract (they skip the zod
// response pass), the cart is found by cookie, by site user or made, and the store cache sees
// this process's changes at once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { AddEntryResponse, AddToCartMessages, CommerceMessages, CommerceShoppingCart, type Order } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { sql } from 'kysely';
import { addEntryAtomically } from '../src/cart/cart.repository.js';
import { applyContentEvent } from '../src/index.js';
import { ADMIN, CARD, cartCookieOf, envelope, productEvent, setup, type Kit, APP_START_TIMEOUT_MS } from './kit.js';

describe(`add to cart in one round trip (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
  });

  const add = (websiteId: string, body: Record<string, unknown>, caller: { cart?: string; siteUserId?: string } = {}) =>
    kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId, ...caller }, body);
  const lineQuantities = async (cartId: string) =>
    (await kit.ctx.db.selectFrom('cart_entries').select(['quantity', 'additional_fields']).where('cart_id', '=', cartId).execute()).map(
      (e) => e.quantity,
    );

  it('lets 12 concurrent adds to one cart take exactly what stock allows, on one line, with one event each', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'RACE', price: 300, qty: 5 }] });
    const first = await add(site, { itemId: p.productId, quantity: 1 });
    const cart = cartCookieOf(first)!;
    const cartId = first.json<{ shoppingCart: { id: string } }>().shoppingCart.id;
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(site, { itemId: p.productId, quantity: 1 }, { cart })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.json()).toMatchObject({ crumbFail: false, status: 409, message: AddToCartMessages.notEnoughStock });
    expect(await lineQuantities(cartId)).toEqual([5]);
    expect(await kit.events(site, 'commerce.cart.entry-added')).toHaveLength(5);
  });

  it('answers the add and the cart in the shapes of the contract, and counts lines with form answers against stock', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { title: 'Engraved Cup', variants: [{ sku: 'CUP', price: 1800, sale: 1500, qty: 4 }] });
    const plain = await add(site, { itemId: p.productId, quantity: 2 });
    expect(plain.statusCode).toBe(200);
    const cart = cartCookieOf(plain)!;
    const body = AddEntryResponse.parse(plain.json());
    expect(body.newlyAdded).toMatchObject({ quantity: 2, purchasePriceCents: 1500, subTotal: 3000, additionalFields: null });
    const engraved = await add(site, { itemId: p.productId, quantity: 1, additionalFields: '{"text":"AB"}' }, { cart });
    const withFields = AddEntryResponse.parse(engraved.json());
    expect(withFields.shoppingCart.entries.map((e) => [e.quantity, e.additionalFields])).toEqual([
      [2, null],
      [1, '{"text":"AB"}'],
    ]);
    expect(withFields.shoppingCart).toMatchObject({ subtotalCents: 4500, totalQuantity: 3 });
    // 2 + 1 are in the cart; 2 more would need 5 of the 4 in stock.
    expect((await add(site, { itemId: p.productId, quantity: 2, additionalFields: '{"text":"CD"}' }, { cart })).json()).toMatchObject({
      status: 409,
      message: AddToCartMessages.notEnoughStock,
    });
    const view = await kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart });
    expect(CommerceShoppingCart.parse(view.json()).entries).toHaveLength(2);
  });

  it('commits an add synchronously: an answered add is on disk, never only in memory', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'DURABLE', price: 100, qty: 3 }] });
    const first = await add(site, { itemId: p.productId, quantity: 1 });
    const cartId = first.json<{ shoppingCart: { id: string } }>().shoppingCart.id;
    const variantId = first.json<{ newlyAdded: { variantId: string } }>().newlyAdded.variantId;
    // The setting the transaction commits with, read right after the call inside it (0003 set it
    // off for the rest of the transaction; 0005 keeps that inside the function).
    const setting = await kit.ctx.db.transaction().execute(async (trx) => {
      await addEntryAtomically(trx, {
        websiteId: site,
        cart: { by: 'id', id: cartId },
        productId: p.productId,
        variantId,
        entryId: `entry-${randomUUID()}`,
        quantity: 1,
        additionalFields: '',
        tracksStock: true,
        maxLine: 9999,
        event: { id: randomUUID(), occurredAt: new Date().toISOString(), data: {}, headers: {} },
      });
      return (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit;
    });
    expect(setting).toBe('on');
  });

  it('refuses to take a merged line past 9999 without writing anything', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'BULK', price: 1, unlimited: true }] });
    const first = await add(site, { itemId: p.productId, quantity: 9999 });
    const cart = cartCookieOf(first)!;
    const more = await add(site, { itemId: p.productId, quantity: 1 }, { cart });
    expect(more.json()).toMatchObject({ status: 400, message: CommerceMessages.quantityOutOfRange });
    expect(await lineQuantities(first.json<{ shoppingCart: { id: string } }>().shoppingCart.id)).toEqual([9999]);
    expect(await kit.events(site, 'commerce.cart.entry-added')).toHaveLength(1);
  });

  it("finds a signed-in user's own cart and points the cookie at it", async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'U', price: 100, qty: 10 }] });
    const user = `user-${randomUUID()}`;
    const first = await add(site, { itemId: p.productId, quantity: 1 }, { siteUserId: user });
    expect(first.statusCode).toBe(200);
    const token = cartCookieOf(first);
    expect(token).toBeDefined();
    // Another device: no cookie, or a cookie of some other cart.
    const second = await add(site, { itemId: p.productId, quantity: 2 }, { siteUserId: user, cart: 'another-device' });
    expect(cartCookieOf(second)).toBe(token);
    expect(second.json()).toMatchObject({
      shoppingCart: { id: first.json<{ shoppingCart: { id: string } }>().shoppingCart.id, totalQuantity: 3 },
    });
    const third = await add(site, { itemId: p.productId, quantity: 1 }, { siteUserId: user, cart: token });
    expect(third.headers['set-cookie']).toBeUndefined();
  });

  it('gives a visitor whose cart was checked out a new cart on the next add', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'D', price: 700, qty: 10 }] });
    const first = await add(site, { itemId: p.productId, quantity: 1 });
    const cart = cartCookieOf(first)!;
    const paid = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'a@example.com', card: CARD, shippingAddress: { name: 'A', line1: '1 St', city: 'X', country: 'US' } },
    );
    expect(paid.json<{ order: Order }>().order.status).toBe('paid');
    const next = await add(site, { itemId: p.productId, quantity: 1 }, { cart });
    expect(next.statusCode).toBe(200);
    expect(cartCookieOf(next)).not.toBe(cart);
    expect(next.json<{ shoppingCart: { id: string; totalQuantity: number } }>().shoppingCart).toMatchObject({ totalQuantity: 1 });
    expect(next.json<{ shoppingCart: { id: string } }>().shoppingCart.id).not.toBe(
      first.json<{ shoppingCart: { id: string } }>().shoppingCart.id,
    );
  });

  it('prices carts with the newest product and rules as soon as this process sees them', async () => {
    const site = kit.newSite();
    const v1 = productEvent({ title: 'Old', variants: [{ sku: 'P', price: 1000, qty: 10 }] });
    await applyContentEvent(kit.ctx, envelope('content.product.upserted', site, v1), kit.parts.storeCache);
    const cart = cartCookieOf(await add(site, { itemId: v1.productId, quantity: 2 }))!;
    const v2 = {
      ...v1,
      version: 2,
      title: 'New',
      variants: v1.variants.map((v) => ({ ...v, priceMoney: { value: '1200', currency: 'USD' as const } })),
    };
    await applyContentEvent(kit.ctx, envelope('content.product.upserted', site, v2), kit.parts.storeCache);
    const view = () =>
      kit.call('GET', '/api/commerce/shopping-cart', { websiteId: site, cart }).then((r) => r.json<Record<string, unknown>>());
    expect(await view()).toMatchObject({ subtotalCents: 2400, entries: [{ title: 'New', purchasePriceCents: 1200 }] });
    await kit.call(
      'PUT',
      '/api/commerce/store-rules',
      { websiteId: site, roles: ADMIN },
      { taxRules: [{ id: 'fr', name: 'TVA', country: 'FR', rateBps: 2000 }] },
    );
    await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', { websiteId: site, cart }, { country: 'FR' });
    expect(await view()).toMatchObject({ taxCents: 480, applicableTaxRules: [{ id: 'fr' }] });
    await kit.call('PUT', '/api/commerce/store-rules', { websiteId: site, roles: ADMIN }, { taxRules: [] });
    expect(await view()).toMatchObject({ taxCents: 0, applicableTaxRules: [] });
    await applyContentEvent(
      kit.ctx,
      envelope('content.product.deleted', site, { productId: v1.productId, collectionId: 'shop', version: 3, urls: [] }),
      kit.parts.storeCache,
    );
    expect(await view()).toMatchObject({ entries: [], subtotalCents: 0 });
    expect((await add(site, { itemId: v1.productId }, { cart })).json()).toMatchObject({
      status: 404,
      message: CommerceMessages.productUnavailable,
    });
  });
});
