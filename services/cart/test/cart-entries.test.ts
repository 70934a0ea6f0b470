// Entries, totals, coupons, shipping, tax, the stock route and the read model, against the
// configured database.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AddToCartMessages, CommerceMessages, ProductType } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { applyContentEvent } from '../src/index.js';
import { ADMIN, cartCookieOf, envelope, productEvent, REPORTING, setup, type Kit, APP_START_TIMEOUT_MS } from './kit.js';

describe(`cart entries and totals (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
  });

  const add = (websiteId: string, body: Record<string, unknown>, cart?: string) =>
    kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId, cart }, body);

  it('adds an entry, answers shoppingCart and newlyAdded, merges a second add and writes entry-added', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { title: 'Mug', variants: [{ sku: 'MUG', price: 1250, qty: 5 }] });
    const first = await add(site, { itemId: p.productId, sku: 'MUG', quantity: 2 });
    expect(first.statusCode).toBe(200);
    const cart = cartCookieOf(first);
    const body = first.json<{ shoppingCart: Record<string, unknown>; newlyAdded: Record<string, unknown> }>();
    expect(body.newlyAdded).toMatchObject({
      itemId: p.productId,
      quantity: 2,
      title: 'Mug',
      purchasePriceCents: 1250,
      subTotal: 2500,
      chosenVariant: { sku: 'MUG', attributes: {} },
    });
    expect(body.shoppingCart).toMatchObject({
      subtotalCents: 2500,
      grandTotalCents: 2500,
      totalQuantity: 2,
      requiresShipping: true,
      hasDigital: false,
      purelyDigital: false,
    });
    const second = await add(site, { itemId: p.productId, sku: 'MUG', quantity: '1' }, cart);
    expect(second.json<{ shoppingCart: { entries: unknown[]; totalQuantity: number } }>().shoppingCart).toMatchObject({ totalQuantity: 3 });
    expect(second.json<{ shoppingCart: { entries: unknown[] } }>().shoppingCart.entries).toHaveLength(1);
    const events = await kit.events(site, 'commerce.cart.entry-added');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ itemId: p.productId, sku: 'MUG', quantity: 2, unitPrice: { value: '1250', currency: 'USD' } }),
      expect.objectContaining({ quantity: 1 }),
    ]);
  });

  it('counts what the cart already holds against stock', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'A', price: 100, qty: 3 }] });
    const first = await add(site, { itemId: p.productId, quantity: 2 });
    const cart = cartCookieOf(first);
    const second = await add(site, { itemId: p.productId, quantity: 2 }, cart);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      crumbFail: false,
      status: 409,
      message: AddToCartMessages.notEnoughStock,
      error: { message: AddToCartMessages.notEnoughStock },
    });
    expect((await add(site, { itemId: p.productId, quantity: 1 }, cart)).statusCode).toBe(200);
  });

  it('never sells out digital products and gift cards, and reports stock per variant', async () => {
    const site = kit.newSite();
    const digital = await kit.product(site, { productType: ProductType.DIGITAL, variants: [{ sku: 'PDF', price: 500, qty: 0 }] });
    const gift = await kit.product(site, {
      productType: ProductType.GIFT_CARD,
      variants: [
        { sku: 'GC-25', price: 2500 },
        { sku: 'GC-50', price: 5000 },
      ],
    });
    const physical = await kit.product(site, {
      variants: [
        { sku: 'S', price: 100, qty: 4, attributes: { Size: 'S' } },
        { sku: 'L', price: 100, unlimited: true, attributes: { Size: 'L' } },
      ],
    });
    const response = await add(site, { itemId: digital.productId, quantity: 50 });
    expect(response.statusCode).toBe(200);
    const cart = cartCookieOf(response);
    expect((await add(site, { itemId: gift.productId, sku: 'GC-50', quantity: 3 }, cart)).statusCode).toBe(200);
    const view = (await kit.call('GET', '/api/commerce/shopping-cart?calculateSubtotal=true', { websiteId: site, cart })).json<
      Record<string, unknown>
    >();
    expect(view).toMatchObject({
      subtotalCents: 50 * 500 + 3 * 5000,
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      shippingCostCents: 0,
    });
    const stock = await kit.call('GET', `/api/commerce/inventory/stock/?itemId=${digital.productId}`, { websiteId: site });
    expect(stock.json()).toEqual({
      results: [{ itemId: digital.productId, variantId: `${digital.productId}-v0`, sku: 'PDF', unlimited: true, qtyInStock: 0 }],
    });
    const sized = await kit.call('GET', `/api/commerce/inventory/stock/?itemId=${physical.productId}`, { websiteId: site });
    expect(sized.json<{ results: unknown[] }>().results).toEqual([
      expect.objectContaining({ sku: 'S', unlimited: false, qtyInStock: 4 }),
      expect.objectContaining({ sku: 'L', unlimited: true }),
    ]);
  });

  it('changes a quantity, removes an entry and updates additional fields', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'N', price: 700, qty: 5 }] });
    const added = await add(site, { itemId: p.productId, quantity: 1, additionalFields: '{"initials":"AB"}' });
    const cart = cartCookieOf(added);
    const entryId = added.json<{ newlyAdded: { id: string; additionalFields: string } }>().newlyAdded.id;
    expect(added.json<{ newlyAdded: { additionalFields: string } }>().newlyAdded.additionalFields).toBe('{"initials":"AB"}');
    const fields = await kit.call(
      'PUT',
      `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
      { websiteId: site, cart },
      { itemId: p.productId, additionalFields: '{"initials":"CD"}' },
    );
    expect(fields.statusCode).toBe(200);
    expect(fields.json()).toMatchObject({
      updatedEntry: { id: entryId, additionalFields: '{"initials":"CD"}' },
      shoppingCart: { subtotalCents: 700 },
    });
    const tooMany = await kit.call('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { websiteId: site, cart }, { quantity: 6 });
    expect(tooMany.json()).toMatchObject({ status: 409, message: AddToCartMessages.notEnoughStock });
    const changed = await kit.call('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { websiteId: site, cart }, { quantity: 5 });
    expect(changed.json()).toMatchObject({ subtotalCents: 3500, totalQuantity: 5 });
    const removed = await kit.call('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`, { websiteId: site, cart });
    expect(removed.json()).toMatchObject({ entries: [], subtotalCents: 0 });
    const again = await kit.call('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`, { websiteId: site, cart });
    expect(again.json()).toMatchObject({ status: 404, message: CommerceMessages.entryNotFound });
    expect((await kit.events(site, 'commerce.cart.entry-removed')).map((e) => e.data)).toEqual([
      expect.objectContaining({ entryId, quantity: 5, sku: 'N' }),
    ]);
  });

  it('applies coupons, shipping by location and tax rules, with the totals adding up', async () => {
    const site = kit.newSite();
    const owner = { websiteId: site, roles: ADMIN };
    expect(
      (
        await kit.call('PUT', '/api/commerce/store-rules', owner, {
          taxRules: [{ id: 'me', name: 'Maine', country: 'US', region: 'ME', rateBps: 550, appliesToShipping: true }],
          shippingOptions: [
            { id: 'std', name: 'Standard', rateCents: 800, freeOverCents: 20000, countries: ['US'] },
            { id: 'intl', name: 'International', rateCents: 2500, countries: [] },
          ],
        })
      ).statusCode,
    ).toBe(200);
    for (const coupon of [
      // The owner lets these two go together (a cart otherwise holds one code).
      { code: 'TENOFF', kind: 'percentage', value: 1000, combinable: true },
      { code: 'FIVE', kind: 'fixed-amount', value: 500, minimumSubtotalCents: 10000 },
      { code: 'SHIPFREE', kind: 'free-shipping', value: 0, combinable: true },
      { code: 'OLD', kind: 'percentage', value: 5000, expiresAt: '2001-01-01T00:00:00.000Z' },
    ]) {
      expect((await kit.call('POST', '/api/commerce/coupons', owner, coupon)).statusCode).toBe(200);
    }
    const p = await kit.product(site, { variants: [{ sku: 'T', price: 4000, qty: 10 }] });
    const cart = await kit.cartWith(site, [{ itemId: p.productId, quantity: 2 }]);
    const caller = { websiteId: site, cart };
    const located = await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', caller, {
      country: 'US',
      region: 'ME',
      postalCode: '04101',
    });
    // 8000 + 800 shipping + 5.5 % of 8000 (440) + 5.5 % of 800 (44)
    expect(located.json()).toMatchObject({
      subtotalCents: 8000,
      shippingCostCents: 800,
      taxCents: 484,
      grandTotalCents: 9284,
      selectedShippingOption: { id: 'std' },
      applicableTaxRules: [{ id: 'me' }],
    });
    const ten = await kit.call('POST', '/api/commerce/shopping-cart/coupons', caller, { code: 'tenoff' });
    // 10 % off 8000 = 800; tax on 7200 = 396 plus 44 on shipping
    expect(ten.json()).toMatchObject({
      discountCents: 800,
      taxCents: 440,
      grandTotalCents: 8000 - 800 + 800 + 440,
      validCoupons: [{ code: 'TENOFF', kind: 'percentage', discountCents: 800 }],
    });
    const five = await kit.call('POST', '/api/commerce/shopping-cart/coupons', caller, { code: 'FIVE' });
    expect(five.json()).toMatchObject({ status: 400, message: 'Your order subtotal must be $100.00 or more to use this coupon.' });
    const old = await kit.call('POST', '/api/commerce/shopping-cart/coupons', caller, { code: 'OLD' });
    expect(old.json()).toMatchObject({ status: 400, message: CommerceMessages.couponExpired });
    const unknown = await kit.call('POST', '/api/commerce/shopping-cart/coupons', caller, { code: 'NOPE' });
    expect(unknown.json()).toMatchObject({ status: 404, message: CommerceMessages.couponUnknown });
    const free = await kit.call('POST', '/api/commerce/shopping-cart/coupons', caller, { code: 'SHIPFREE' });
    expect(free.json()).toMatchObject({
      shippingCostCents: 0,
      taxCents: 396,
      grandTotalCents: 7200 + 396,
      coupons: ['TENOFF', 'SHIPFREE'],
    });
    const removed = await kit.call('DELETE', '/api/commerce/shopping-cart/coupons/SHIPFREE', caller);
    expect(removed.json()).toMatchObject({ shippingCostCents: 800, coupons: ['TENOFF'] });
    const intl = await kit.call('PUT', '/api/commerce/shopping-cart/shipping-option', caller, { optionId: 'intl' });
    expect(intl.json()).toMatchObject({ shippingCostCents: 2500, selectedShippingOption: { id: 'intl' } });
    const abroad = await kit.call('PUT', '/api/commerce/shopping-cart/shipping-location', caller, { country: 'FR' });
    expect(abroad.json()).toMatchObject({ taxCents: 0, applicableTaxRules: [], shippingOptions: [{ id: 'intl' }] });
    const notHere = await kit.call('PUT', '/api/commerce/shopping-cart/shipping-option', caller, { optionId: 'std' });
    expect(notHere.json()).toMatchObject({ status: 400, message: CommerceMessages.shippingOptionNotForLocation });
  });

  it('keeps the newest product version, hides deleted and invisible products', async () => {
    const site = kit.newSite();
    const v2 = productEvent({ version: 2, title: 'New title', variants: [{ sku: 'X', price: 900, qty: 3 }] });
    await applyContentEvent(kit.ctx, envelope('content.product.upserted', site, v2), kit.parts.storeCache);
    const v1 = {
      ...v2,
      version: 1,
      title: 'Old title',
      variants: v2.variants.map((v) => ({ ...v, priceMoney: { value: '100', currency: 'USD' as const } })),
    };
    await applyContentEvent(kit.ctx, envelope('content.product.upserted', site, v1), kit.parts.storeCache);
    const added = await add(site, { itemId: v2.productId, quantity: 1 });
    expect(added.json()).toMatchObject({ newlyAdded: { title: 'New title', purchasePriceCents: 900 } });
    await applyContentEvent(
      kit.ctx,
      envelope('content.product.deleted', site, { productId: v2.productId, collectionId: 'shop', version: 3, urls: [] }),
      kit.parts.storeCache,
    );
    expect((await add(site, { itemId: v2.productId })).json()).toMatchObject({ status: 404, message: CommerceMessages.productUnavailable });
    const hidden = await kit.product(site, { visible: false });
    expect((await add(site, { itemId: hidden.productId })).statusCode).toBe(404);
  });

  it('lets owners read and change stock, announcing back-in-stock; others are refused', async () => {
    const site = kit.newSite();
    const p = await kit.product(site, { variants: [{ sku: 'B', price: 100, qty: 0 }] });
    const variantId = `${p.productId}-v0`;
    const url = `/api/commerce/inventory/${p.productId}/${variantId}`;
    expect((await kit.call('PUT', url, { websiteId: site }, { qtyInStock: 5 })).statusCode).toBe(401);
    expect((await kit.call('PUT', url, { websiteId: site, roles: REPORTING }, { qtyInStock: 5 })).statusCode).toBe(403);
    const set = await kit.call('PUT', url, { websiteId: site, roles: ADMIN }, { qtyInStock: 5 });
    expect(set.json()).toMatchObject({ sku: 'B', qtyInStock: 5, unlimited: false });
    const adjusted = await kit.call('PUT', url, { websiteId: site, roles: ADMIN }, { adjustBy: -2 });
    expect(adjusted.json()).toMatchObject({ qtyInStock: 3 });
    expect((await kit.call('PUT', url, { websiteId: site, roles: ADMIN }, { adjustBy: -4 })).statusCode).toBe(400);
    const list = await kit.call('GET', '/api/commerce/inventory', { websiteId: site, roles: REPORTING });
    expect(list.json()).toEqual({ inventory: [expect.objectContaining({ itemId: p.productId, qtyInStock: 3 })] });
    const events = (await kit.events(site, 'commerce.stock.changed')).map((e) => e.data);
    expect(events).toEqual([
      expect.objectContaining({ previousQtyInStock: 0, qtyInStock: 5, backInStock: true, reason: 'inventory' }),
      expect.objectContaining({ previousQtyInStock: 5, qtyInStock: 3, backInStock: false }),
    ]);
  });
});
