// Multi-tenancy and permissions: website A's owner can neither read nor change website B's
// content, whether by guessing B's ids, by naming B in the path, or by sending B's Host (which the
// gateway turns into B's website id, for which A's owner has no role); roles follow the table.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role } from '@sc/contracts';
import { ADMIN, setup, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const usd = (value: number) => ({ value: String(value), currency: 'USD' });

describe('tenancy and permissions', () => {
  let kit: Kit;
  let siteA: string;
  let siteB: string;
  let bStore: string;
  let bProduct: string;
  let bBlog: string;
  let bDraft: string;
  let bCategory: string;

  beforeAll(async () => {
    kit = await setup();
    siteA = await kit.newWebsite();
    siteB = await kit.newWebsite();
    const ownerB = { websiteId: siteB, roles: ADMIN };
    const store = (
      await kit.call('POST', `/api/content-service/product/1.1/websites/${siteB}/stores`, ownerB, {
        storeTitle: 'B Store',
        addToMainNav: true,
        fallbackStoreTitle: 'Store',
        allCategoryDisplayName: 'All',
        websiteId: siteB,
        templateId: 'harbour',
        isSevenOne: false,
        storeUrls: [],
      })
    ).json();
    bStore = store.collection.id;
    bCategory = store.rootCategoryId;
    bProduct = (
      await kit.call('POST', `/api/content-service/product/1.1/websites/${siteB}/products/${bStore}/items`, ownerB, {
        recordType: 11,
        title: 'B Secret Product',
        status: 'draft',
        structuredContent: { productType: 1, variants: [{ sku: 'B1', priceMoney: usd(1000) }] },
      })
    ).json().id;
    bBlog = (await kit.call('POST', `/api/content-service/1.0/websites/${siteB}/collections`, ownerB, { type: 1, title: 'B Blog' })).json()
      .id;
    bDraft = (
      await kit.call('POST', `/api/content-service/1.0/websites/${siteB}/collections/${bBlog}/items`, ownerB, {
        recordType: 1,
        title: 'B draft',
        status: 'draft',
      })
    ).json().id;
    // Generous: starting an embedded database on a busy machine takes a while.
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit.close());

  const ownerA = () => ({ websiteId: siteA, roles: ADMIN });

  it("does not find B's content when A's owner guesses B's ids on A's website", async () => {
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/content-service/1.0/websites/${siteA}/items/${bDraft}`],
      ['PUT', `/api/content-service/1.0/websites/${siteA}/items/${bDraft}`, { recordType: 1, title: 'Hijacked' }],
      ['DELETE', `/api/content-service/1.0/websites/${siteA}/items/${bDraft}`],
      ['GET', `/api/content-service/1.0/websites/${siteA}/collections/${bBlog}`],
      ['GET', `/api/content-service/1.0/websites/${siteA}/collections/${bBlog}/items`],
      ['PUT', `/api/content-service/1.0/websites/${siteA}/collections/${bBlog}`, { title: 'Hijacked' }],
      ['DELETE', `/api/content-service/1.0/websites/${siteA}/collections/${bBlog}`],
      ['GET', `/api/content-service/product/1.1/websites/${siteA}/products/${bStore}/items/${bProduct}`],
      [
        'PUT',
        `/api/content-service/product/1.1/websites/${siteA}/products/${bStore}/items/${bProduct}`,
        { recordType: 11, title: 'X', structuredContent: { productType: 1, variants: [{ sku: 'X', priceMoney: usd(1) }] } },
      ],
      ['DELETE', `/api/content-service/product/1.1/websites/${siteA}/products/${bStore}`],
      [
        'POST',
        `/api/content-service/product/1.1/websites/${siteA}/products/${bStore}/categories`,
        { displayName: 'Mine', type: 'CATEGORY', parentCategoryId: bCategory },
      ],
      ['DELETE', `/api/content-service/product/1.1/websites/${siteA}/products/${bStore}/categories/${bCategory}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await kit.call(method, url, ownerA(), body);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    const navigation = await kit.call('POST', '/api/widget/UpdateNavigation', ownerA(), {
      fieldName: 'mainNav',
      templateId: 'harbour',
      navigation: { items: [{ collectionId: bBlog }] },
    });
    expect(navigation.json().error.message).toBe('Unable to locate content');
  });

  it("refuses A's owner naming B in the path (403), and a forged identity for B (401)", async () => {
    const byPath = await kit.call('GET', `/api/content-service/1.0/websites/${siteB}/items/${bDraft}`, ownerA());
    expect(byPath.statusCode).toBe(403);
    // An identity signed for A does not verify on a request for B: the caller is a visitor.
    const forged = await kit.call('GET', `/api/content-service/1.0/websites/${siteB}/items/${bDraft}`, {
      websiteId: siteB,
      roles: ADMIN,
      identityWebsiteId: siteA,
    });
    expect(forged.statusCode).toBe(401);
  });

  it("refuses A's owner on B's Host: no role there (403)", async () => {
    // Through the gateway B's Host becomes B's website id; A's owner holds no role on B.
    const noRole = { websiteId: siteB, roles: [] as number[] };
    expect((await kit.call('GET', `/api/content-service/1.0/websites/${siteB}/items/${bDraft}`, noRole)).statusCode).toBe(403);
    expect((await kit.call('PUT', '/api/site-header-footer', noRole, { header: { siteTitle: 'pwned' }, footer: {} })).statusCode).toBe(403);
    expect((await kit.call('PUT', '/api/v1/commerce-preferences/checkout', noRole, { a: 1 })).statusCode).toBe(403);
    expect((await kit.call('GET', '/api/multilingual/settings', noRole)).statusCode).toBe(403);
    expect((await kit.call('GET', '/api/site-header-footer', { websiteId: siteB })).json().header.siteTitle).toBe('');
  });

  it("keeps B's drafts out of the storefront of B and of A", async () => {
    expect((await kit.call('GET', `/api/content-service/public/1.0/items/${bDraft}`, { websiteId: siteB })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/content-service/public/1.0/items/${bProduct}`, { websiteId: siteB })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/content-service/public/1.0/collections/${bBlog}/items`, { websiteId: siteA })).statusCode).toBe(
      404,
    );
    const layoutOfA = await kit.call('GET', '/api/commondata/GetSiteLayout', { websiteId: siteA });
    expect(layoutOfA.statusCode).toBe(404);
  });

  it('asks anonymous callers to sign in on every owner route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', `/api/content-service/1.0/websites/${siteA}`],
      ['PUT', `/api/content-service/1.0/websites/${siteA}/settings`],
      ['POST', `/api/content-service/1.0/websites/${siteA}/collections`],
      ['POST', `/api/content-service/product/1.1/websites/${siteA}/products`],
      ['POST', '/api/widget/UpdateNavigation'],
      ['PUT', '/api/site-header-footer'],
      ['GET', '/api/multilingual/status'],
      ['DELETE', '/api/multilingual/connection'],
      ['GET', '/api/v1/commerce-preferences/checkout'],
    ];
    for (const [method, url] of routes) {
      const response = await kit.call(method, url, { websiteId: siteA }, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([method, url, response.statusCode, response.json().error.message]).toEqual([method, url, 401, 'Please sign in to continue.']);
    }
  });

  it.each([
    ['editor', Role.EDITOR, { content: 201, store: 403, settings: 403, readSettings: 200 }],
    ['store manager', Role.STORE_MANAGER, { content: 403, store: 200, settings: 403, readSettings: 403 }],
    ['viewer', Role.VIEWER, { content: 403, store: 403, settings: 403, readSettings: 200 }],
    ['website manager', Role.WEBSITE_MANAGER, { content: 201, store: 200, settings: 200, readSettings: 200 }],
  ])('follows the permission table for a %s', async (_name, role, expected) => {
    const caller = { websiteId: siteA, roles: [role] };
    const content = await kit.call('POST', `/api/content-service/1.0/websites/${siteA}/collections`, caller, {
      type: 10,
      title: `Page by ${role}`,
    });
    const store = await kit.call('POST', `/api/content-service/product/1.1/websites/${siteA}/products`, caller, {
      navigationTitle: 'S',
      title: 'S',
      urlId: `s-${role}`,
      enabled: true,
    });
    const settings = await kit.call('PUT', `/api/content-service/1.0/websites/${siteA}/settings`, caller, { commentsEnabled: false });
    const readSettings = await kit.call('GET', `/api/content-service/1.0/websites/${siteA}/settings`, caller);
    expect({
      content: content.statusCode,
      store: store.statusCode,
      settings: settings.statusCode,
      readSettings: readSettings.statusCode,
    }).toEqual(expected);
  });

  it('checks the permission before the body: a refused caller learns nothing about its input', async () => {
    const response = await kit.call(
      'POST',
      `/api/content-service/1.0/websites/${siteA}/collections`,
      { websiteId: siteA, roles: [Role.VIEWER] },
      { nonsense: true },
    );
    expect(response.statusCode).toBe(403);
  });
});
