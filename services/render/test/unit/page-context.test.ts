// Page contexts from content's answers: the SPEC 2 rules for which islands a page carries (cart
// pill, installment pill, restock form, reviews), navigation marks, and cleaned rich text.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_HEADER_FOOTER, DEFAULT_SITE_SETTINGS, type Collection, type ContentItem, type SiteSettings } from '@sc/contracts';
import { blockIslands, cartPage, collectionPage, itemPage, layoutPage } from '../../src/pages/page-context.js';
import { withLiveStock } from '../../src/domain/live-stock.js';
import type { SiteData } from '../../src/pages/site-context.js';

const NOW = Date.UTC(2025, 0, 15);

function site(store: Partial<SiteSettings['store']> = {}, betaFlags: Partial<SiteSettings['betaFlags']> = {}): SiteData {
  return {
    site: {
      id: 'w1',
      title: 'Shop',
      templateId: 't',
      settings: {
        ...DEFAULT_SITE_SETTINGS,
        store: { ...DEFAULT_SITE_SETTINGS.store, ...store },
        betaFlags: { ...DEFAULT_SITE_SETTINGS.betaFlags, ...betaFlags },
      },
    },
    layout: {
      layout: [
        {
          identifier: 'mainNav',
          templateId: 't',
          links: [
            { title: 'Home', url: '/home', collectionId: 'c0', externalLink: null, memberAreaId: null, children: [] },
            { title: 'Shop', url: '/shop', collectionId: 'c1', externalLink: null, memberAreaId: null, children: [] },
          ],
        },
      ],
    },
    headerFooter: DEFAULT_HEADER_FOOTER,
  };
}

const collection = {
  id: 'c1',
  websiteId: 'w1',
  type: 13,
  typeName: 'products',
  title: 'Shop',
  navigationTitle: 'Shop',
  urlId: 'shop',
  fullUrl: '/shop',
  enabled: true,
  ordering: 'user',
  layout: null,
  gallerySettings: null,
  itemCount: 1,
  createdOn: 0,
  updatedOn: 0,
} satisfies Collection;

const usd = (cents: number) => ({ value: String(cents), currency: 'USD' as const });
function product(productType: 1 | 2 | 3 | 4, stock: number[]): ContentItem {
  return {
    id: 'p1',
    websiteId: 'w1',
    collectionId: 'c1',
    recordType: 11,
    title: 'Mug',
    urlId: 'mug',
    fullUrl: '/shop/mug',
    status: 'published',
    statusLabel: null,
    publishOn: null,
    addedOn: 0,
    updatedOn: 0,
    displayIndex: 1,
    body: '<p onmouseover="x()">Body</p>',
    excerpt: '',
    tags: [],
    categories: [],
    starred: false,
    author: null,
    sourceUrl: null,
    externalLink: null,
    passthrough: false,
    promotedBlockType: null,
    commentState: 0,
    likeCount: 0,
    publicCommentCount: 0,
    mainImage: null,
    variantOptionOrdering: [],
    structuredContent: {
      productType,
      variants: stock.map((qty, i) => ({
        id: `v${i}`,
        sku: `S${i}`,
        attributes: {},
        optionValues: [],
        priceMoney: usd(1000 + i * 500),
        salePriceMoney: usd(800),
        onSale: i === 1,
        price: 1000 + i * 500,
        salePrice: 800,
        qtyInStock: qty,
        unlimited: false,
      })),
      isSubscribable: false,
      subscriptionPlan: null,
      priceMoney: usd(1000),
      salePriceMoney: usd(800),
      onSale: stock.length > 1,
      additionalFieldsFormId: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
      giftCardDenominations: [],
    },
  };
}

const islandNames = (page: { context: { islands: Array<{ name: string }> } }) => page.context.islands.map((i) => i.name);

describe('page contexts', () => {
  it('a physical product with a sold-out variant carries the form, installment pill, restock form and reviews', () => {
    const page = itemPage(
      site({ installmentsEnabled: true, nativeReviewsEnabled: true }),
      collection,
      product(1, [0, 4]),
      '/shop/mug',
      NOW,
    );
    expect(islandNames(page)).toEqual(['site-context', 'cart-pill', 'product-form', 'installment-pill', 'restock-form', 'product-reviews']);
    const pill = page.context.islands.find((i) => i.name === 'installment-pill');
    // The lowest price paid: the second variant is on sale at 8.00.
    expect(pill?.data).toMatchObject({ priceMoney: usd(800), installmentCount: 4 });
  });

  it('no installment pill for non-physical products or when the store has none; no restock form with stock; no reviews under the kill switch', () => {
    expect(islandNames(itemPage(site({ installmentsEnabled: true }), collection, product(3, [2]), '/shop/mug', NOW))).toEqual([
      'site-context',
      'cart-pill',
      'product-form',
    ]);
    expect(islandNames(itemPage(site(), collection, product(1, [2]), '/shop/mug', NOW))).toEqual([
      'site-context',
      'cart-pill',
      'product-form',
    ]);
    expect(
      islandNames(
        itemPage(site({ importedReviewsEnabled: true }, { productReviewsKillSwitch: true }), collection, product(1, [2]), '/shop/mug', NOW),
      ),
    ).not.toContain('product-reviews');
  });

  it('digital products are never sold out; services follow the store’s quantity rule', () => {
    const digital = itemPage(site(), collection, product(2, [0]), '/shop/mug', NOW).context.islands.find(
      (i) => i.name === 'product-form',
    )?.data;
    expect(digital).toMatchObject({ soldOut: false, quantityAllowed: false });
    const service = itemPage(
      site({ allowMultipleQuantityForServices: false }),
      collection,
      product(3, [0]),
      '/shop/mug',
      NOW,
    ).context.islands.find((i) => i.name === 'product-form')?.data;
    expect(service).toMatchObject({ soldOut: true, quantityAllowed: false });
  });

  it('SPEC 2: no cart pill with express checkout, a custom cart, or on the cart page', () => {
    expect(islandNames(cartPage(site(), '/cart', NOW))).not.toContain('cart-pill');
    expect(cartPage(site(), '/cart', NOW).context.showCartPill).toBe(false);
    expect(islandNames(itemPage(site({ expressCheckout: true }), collection, product(1, [1]), '/shop/mug', NOW))).not.toContain(
      'cart-pill',
    );
    expect(islandNames(itemPage(site({ customCart: true }), collection, product(1, [1]), '/shop/mug', NOW))).not.toContain('cart-pill');
  });

  it('marks the current navigation entry, cleans rich text and links the next page', () => {
    const page = collectionPage(site(), collection, {
      path: '/shop',
      now: NOW,
      page: { items: [product(1, [1])], hasNextPage: true, nextPageCursor: 'abc' },
      categories: [],
      category: null,
      filter: { tag: 'blue' },
    });
    expect(page.context.navigation.main.map((l) => l.active)).toEqual([false, true]);
    expect((page.context.items as Array<{ body: string }>)[0]?.body).toBe('<p>Body</p>');
    expect(page.context.pagination).toEqual({ nextPage: true, nextPageUrl: '/shop?tag=blue&cursor=abc' });
    expect(page.template).toBe('products.list');
  });

  it('the cart page carries the store’s installment offer for the cart’s pill (none when the store has none)', () => {
    const data = (page: ReturnType<typeof cartPage>) => page.context.islands.find((i) => i.name === 'cart-page')?.data;
    expect(data(cartPage(site({ installmentsEnabled: true }), '/cart', NOW))).toEqual({
      currency: 'USD',
      locale: DEFAULT_SITE_SETTINGS.locale,
      expressCheckout: false,
      installments: { installmentCount: 4, country: 'US', minCents: 100, maxCents: 200_000 },
    });
    expect(data(cartPage(site(), '/cart', NOW))).toMatchObject({ installments: null });
  });

  it('names the islands of a layout’s newsletter, form and donation blocks, with the first block’s data', () => {
    const page = {
      ...collection,
      id: 'c9',
      type: 10,
      typeName: 'page',
      layout: {
        blocks: [
          { type: 9, data: {} },
          { type: 9, data: { formId: 'contact' } },
          { type: 9, data: { formId: 'second' } },
          { type: 51, data: { title: 'Letters', formId: 'news' } },
          { type: 52, data: { title: 'Support us', description: 'Keeps the kiln fired.' } },
        ],
      },
    } as Collection;
    const islands = layoutPage(site(), page, new Map(), '/page', NOW).context.islands;
    expect(islands.filter((i) => ['form', 'newsletter', 'donation'].includes(i.name))).toEqual([
      { name: 'newsletter', dataId: 'newsletter-data', data: { title: 'Letters', description: '', captchaSiteKey: null, formId: 'news' } },
      { name: 'form', dataId: 'form-data', data: { formId: 'contact' } },
      { name: 'donation', dataId: 'donation-data', data: { title: 'Support us', description: 'Keeps the kiln fired.', currency: 'USD' } },
    ]);
    // A form block without a form, alone, names no island.
    expect(blockIslands(site(), [{ typeName: 'form', data: {} }])).toEqual([]);
  });

  it('shows live stock over content’s: the sold-out badge follows the cart', () => {
    const mug = product(1, [3, 3]);
    const live = new Map([
      ['v0', { qtyInStock: 0, unlimited: false }],
      ['v1', { qtyInStock: 0, unlimited: false }],
    ]);
    const sold = withLiveStock(mug, live);
    expect(sold.structuredContent?.variants.map((v) => v.qtyInStock)).toEqual([0, 0]);
    expect(mug.structuredContent?.variants.map((v) => v.qtyInStock)).toEqual([3, 3]);
    const form = itemPage(site(), collection, sold, '/shop/mug', NOW).context.islands.find((i) => i.name === 'product-form')?.data;
    expect(form).toMatchObject({ soldOut: true });
    expect(islandNames(itemPage(site(), collection, sold, '/shop/mug', NOW))).toContain('restock-form');
    expect(withLiveStock(mug, new Map([['other', { qtyInStock: 0, unlimited: false }]]))).toBe(mug);
    expect(withLiveStock(mug, new Map([['v1', { qtyInStock: 0, unlimited: true }]])).structuredContent?.variants[1]).toMatchObject({
      qtyInStock: 0,
      unlimited: true,
    });
  });
});
