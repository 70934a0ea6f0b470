// Store collections (SPEC 3/5/7): the SPEC creation calls, the one-call creation, products with
// every SPEC 3 field, categories, the SPEC 9 limits, and the events the cart builds its read model from.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONTENT_LIMITS, ProductType, RecordType, type ContentItem, type ContentProductUpserted } from '@sc/contracts';
import { json } from '../src/shared/db.js';
import { ADMIN, setup, type Kit } from './kit.js';

const usd = (value: number) => ({ value: String(value), currency: 'USD' });
const base = (websiteId: string) => `/api/content-service/product/1.1/websites/${websiteId}`;

const physical = (fields: Record<string, unknown> = {}) => ({
  recordType: RecordType.STORE_ITEM,
  title: 'Linen Apron',
  structuredContent: {
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ['Colour', 'Size'],
    variants: [
      { sku: 'APRON-SND-S', attributes: { Colour: 'Sand', Size: 'S' }, priceMoney: usd(3800), qtyInStock: 4 },
      {
        sku: 'APRON-SND-L',
        attributes: { Colour: 'Sand', Size: 'L' },
        priceMoney: usd(4200),
        salePriceMoney: usd(3500),
        onSale: true,
        qtyInStock: 1,
      },
    ],
  },
  ...fields,
});

describe('store collections', () => {
  let kit: Kit;
  let site: string;
  const owner = () => ({ websiteId: site, roles: ADMIN });

  beforeAll(async () => {
    kit = await setup();
    site = await kit.newWebsite();
  });
  afterAll(async () => kit.close());

  async function newStore(title = 'Shop'): Promise<string> {
    const response = await kit.call('POST', `${base(site)}/products`, owner(), {
      navigationTitle: title,
      title,
      urlId: title.toLowerCase().replaceAll(' ', '-'),
      description: '',
      enabled: true,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string }>().id;
  }

  describe('SPEC 7 POST .../websites/{websiteId}/products then .../categories', () => {
    it('creates the collection from the SPEC body (description kept, enabled true) and answers with its id', async () => {
      const response = await kit.call('POST', `${base(site)}/products`, owner(), {
        navigationTitle: 'Market',
        title: 'Market',
        urlId: 'market',
        description: '',
        enabled: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: expect.any(String),
        type: 13,
        typeName: 'products',
        title: 'Market',
        navigationTitle: 'Market',
        urlId: 'market',
        description: '',
        enabled: true,
        fullUrl: '/market',
      });
    });

    it('leaves the description out when the client omitted it (isSevenOne)', async () => {
      const response = await kit.call('POST', `${base(site)}/products`, owner(), {
        navigationTitle: 'Seven',
        title: 'Seven',
        urlId: 'seven',
        enabled: true,
      });
      expect(response.statusCode).toBe(200);
      expect('description' in response.json()).toBe(false);
    });

    it('refuses a URL id that is not one', async () => {
      const response = await kit.call('POST', `${base(site)}/products`, owner(), {
        navigationTitle: 'X',
        title: 'X',
        urlId: 'Not A Url!',
        enabled: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Not A Url! is not a valid page URL');
    });

    it('creates the SPEC root category', async () => {
      const collectionId = await newStore('Root Test');
      const response = await kit.call('POST', `${base(site)}/products/${collectionId}/categories`, owner(), {
        websiteId: site,
        collectionId,
        displayName: 'All',
        parentCategoryId: '',
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        websiteId: site,
        collectionId,
        displayName: 'All',
        parentCategoryId: '',
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      const again = await kit.call('POST', `${base(site)}/products/${collectionId}/categories`, owner(), {
        displayName: 'Everything',
        parentCategoryId: '',
        type: 'ROOT',
      });
      expect(again.json().error.message).toBe('This collection already has a root category.');
    });
  });

  describe('one-call store creation (SPEC 3 input)', () => {
    const input = (fields: Record<string, unknown> = {}) => ({
      storeTitle: 'Spring Market',
      addToMainNav: true,
      fallbackStoreTitle: 'Store',
      allCategoryDisplayName: 'All Products',
      websiteId: site,
      templateId: 'harbour',
      isSevenOne: false,
      storeUrls: [] as string[],
      ...fields,
    });

    it('makes the collection, its root category and the main navigation entry', async () => {
      const response = await kit.call('POST', `${base(site)}/stores`, owner(), input());
      expect(response.statusCode).toBe(201);
      const { collection, rootCategoryId } = response.json<{
        collection: { id: string; urlId: string; description: string };
        rootCategoryId: string;
      }>();
      expect(collection).toMatchObject({ urlId: 'spring-market', title: 'Spring Market', description: '', enabled: true });
      const categories = await kit.call('GET', `${base(site)}/products/${collection.id}/categories`, owner());
      expect(categories.json().items).toEqual([
        expect.objectContaining({
          id: rootCategoryId,
          displayName: 'All Products',
          type: 'ROOT',
          parentCategoryId: '',
          pageRendering: 'LIST_VIEW',
          displayIndex: 1,
        }),
      ]);
      const layout = await kit.call('GET', '/api/commondata/GetSiteLayout', { websiteId: site });
      expect(layout.json().layout[0].links.map((l: { collectionId: string }) => l.collectionId)).toContain(collection.id);
    });

    it('falls back to the fallback title under 3 characters and suffixes against storeUrls and existing pages', async () => {
      const first = await kit.call(
        'POST',
        `${base(site)}/stores`,
        owner(),
        input({ storeTitle: 'ab', fallbackStoreTitle: 'Boutique', addToMainNav: false, storeUrls: ['/boutique'] }),
      );
      expect(first.json().collection).toMatchObject({ title: 'Boutique', urlId: 'boutique-1' });
      // boutique-1 now exists on the website, so the next one is -2 even if the client does not list it.
      const second = await kit.call(
        'POST',
        `${base(site)}/stores`,
        owner(),
        input({ storeTitle: '', fallbackStoreTitle: 'Boutique', addToMainNav: false, storeUrls: ['boutique'] }),
      );
      expect(second.json().collection.urlId).toBe('boutique-2');
    });

    it('omits the description when isSevenOne', async () => {
      const response = await kit.call(
        'POST',
        `${base(site)}/stores`,
        owner(),
        input({ storeTitle: 'Seven One', isSevenOne: true, addToMainNav: false }),
      );
      expect('description' in response.json().collection).toBe(false);
    });

    it('refuses a websiteId other than the path one', async () => {
      const response = await kit.call('POST', `${base(site)}/stores`, owner(), input({ websiteId: 'someone-else' }));
      expect(response.statusCode).toBe(400);
    });
  });

  describe('products', () => {
    let storeId: string;
    beforeAll(async () => {
      storeId = await newStore('Products');
    });

    it('stores a physical product with two-option variants and announces it with what the cart needs', async () => {
      const created = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), physical());
      expect(created.statusCode).toBe(201);
      const item = created.json();
      expect(item).toMatchObject({
        recordType: 11,
        urlId: 'linen-apron',
        fullUrl: '/products/linen-apron',
        status: 'published',
        variantOptionOrdering: ['Colour', 'Size'],
      });
      expect(item.structuredContent.variants[1]).toMatchObject({
        sku: 'APRON-SND-L',
        optionValues: [
          { optionName: 'Colour', value: 'Sand' },
          { optionName: 'Size', value: 'L' },
        ],
        priceMoney: usd(4200),
        salePriceMoney: usd(3500),
        onSale: true,
        qtyInStock: 1,
        unlimited: false,
      });
      const [event] = await kit
        .events(site, 'content.product.upserted')
        .then((list) => list.filter((e) => (e.data as ContentProductUpserted).productId === item.id));
      expect(event?.data).toMatchObject({
        productId: item.id,
        collectionId: storeId,
        version: 1,
        productType: 1,
        currency: 'USD',
        status: 'published',
        visible: true,
        variantOptionOrdering: ['Colour', 'Size'],
        isSubscribable: false,
        subscriptionPlan: null,
        additionalFieldsFormId: null,
        urls: ['/products/linen-apron', '/products'],
      });
      expect((event?.data as ContentProductUpserted).variants[0]).toEqual({
        id: item.structuredContent.variants[0].id,
        sku: 'APRON-SND-S',
        attributes: { Colour: 'Sand', Size: 'S' },
        optionValues: [
          { optionName: 'Colour', value: 'Sand' },
          { optionName: 'Size', value: 'S' },
        ],
        priceMoney: usd(3800),
        salePriceMoney: null,
        onSale: false,
        qtyInStock: 4,
        unlimited: false,
        mainImage: null,
      });
    });

    it('gives a variant its own image: one of the product images by its URL, or a full image, in the answers and the events', async () => {
      const photo = (name: string) => ({
        assetUrl: `https://images.example.com/${name}.jpg`,
        originalSize: '1200x900',
        filename: `${name}.jpg`,
        altText: `${name} apron`,
      });
      const created = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        ...physical({ title: 'Picture Apron', images: [photo('sand'), photo('clay')] }),
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variantOptionOrdering: ['Colour'],
          variants: [
            { sku: 'PA-SAND', attributes: { Colour: 'Sand' }, priceMoney: usd(3800), mainImage: { assetUrl: photo('sand').assetUrl } },
            {
              sku: 'PA-CLAY',
              attributes: { Colour: 'Clay' },
              priceMoney: usd(3800),
              mainImage: { assetUrl: photo('clay').assetUrl, altText: 'Clay apron, folded' },
            },
            { sku: 'PA-MOSS', attributes: { Colour: 'Moss' }, priceMoney: usd(3800), mainImage: photo('moss') },
            { sku: 'PA-PLAIN', attributes: { Colour: 'Plain' }, priceMoney: usd(3800) },
          ],
        },
      });
      expect(created.statusCode).toBe(201);
      const item = created.json<ContentItem>();
      const images = item.structuredContent!.variants.map((v) =>
        v.mainImage ? [v.mainImage.assetUrl, v.mainImage.altText, v.mainImage.originalSize] : null,
      );
      expect(images).toEqual([
        ['https://images.example.com/sand.jpg', 'sand apron', '1200x900'],
        ['https://images.example.com/clay.jpg', 'Clay apron, folded', '1200x900'],
        ['https://images.example.com/moss.jpg', 'moss apron', '1200x900'],
        null,
      ]);
      expect(item.structuredContent!.variants[0]!.mainImage).toMatchObject({
        mediaFocalPoint: { x: 0.5, y: 0.5 },
        colorData: null,
        filename: 'sand.jpg',
      });
      const shown = (await kit.call('GET', `/api/content-service/public/1.0/items/${item.id}`, { websiteId: site })).json<ContentItem>();
      expect(shown.structuredContent!.variants.map((v) => v.mainImage?.assetUrl ?? null)).toEqual(images.map((i) => i?.[0] ?? null));
      const listed = (await kit.call('GET', `/api/content-service/public/1.0/collections/${storeId}/items`, { websiteId: site })).json<{
        items: ContentItem[];
      }>().items;
      expect(listed.find((i) => i.id === item.id)?.structuredContent?.variants[1]?.mainImage?.altText).toBe('Clay apron, folded');
      const [event] = (await kit.events(site, 'content.product.upserted')).filter(
        (e) => (e.data as ContentProductUpserted).productId === item.id,
      );
      expect((event?.data as ContentProductUpserted).variants.map((v) => v.mainImage?.assetUrl ?? null)).toEqual(
        images.map((i) => i?.[0] ?? null),
      );
    });

    it("refuses a variant image that is neither one of the product's nor a complete image", async () => {
      const refused = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        ...physical({ title: 'Stray Apron' }),
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: [{ sku: 'SA-1', priceMoney: usd(100), mainImage: { assetUrl: 'https://images.example.com/elsewhere.jpg' } }],
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: "A variant image that is not one of the product's images needs its originalSize and filename.",
        fields: {
          'structuredContent.variants.0.mainImage':
            "A variant image that is not one of the product's images needs its originalSize and filename.",
        },
      });
      const badUrl = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        ...physical({ title: 'Stray Apron' }),
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: [{ sku: 'SA-1', priceMoney: usd(100), mainImage: { assetUrl: 'javascript:alert(1)' } }],
        },
      });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json().error.message).toBe('javascript:alert(1) is not a valid page URL');
    });

    it('stores gift cards, subscriptions, additional-field forms and custom add-button text', async () => {
      const gift = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        recordType: 11,
        title: 'Gift Card',
        structuredContent: { productType: ProductType.GIFT_CARD, giftCardDenominations: [usd(2500), usd(5000)] },
      });
      expect(gift.json().structuredContent.giftCardDenominations).toEqual([usd(2500), usd(5000)]);
      const subscription = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        recordType: 11,
        title: 'Tea Club',
        structuredContent: {
          productType: ProductType.SERVICE,
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
          additionalFieldsFormId: 'form-123',
          useCustomAddButtonText: true,
          customAddButtonText: 'Join the club',
          variants: [{ sku: 'TEA', priceMoney: usd(1500), unlimited: true }],
        },
      });
      expect(subscription.statusCode).toBe(201);
      expect(subscription.json().structuredContent).toMatchObject({
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
        additionalFieldsFormId: 'form-123',
        useCustomAddButtonText: true,
        customAddButtonText: 'Join the club',
      });
    });

    it('refuses a subscribable digital product with the rule message', async () => {
      const response = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), {
        recordType: 11,
        title: 'E-book club',
        structuredContent: {
          productType: ProductType.DIGITAL,
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 0 },
          variants: [{ sku: 'EBOOK', priceMoney: usd(900) }],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Only physical and service products can be sold as subscriptions.');
    });

    it('keeps variant ids on edit, bumps the version and announces the change; deletion is announced too', async () => {
      const created = (await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), physical({ title: 'Edit Me' }))).json();
      const edited = await kit.call(
        'PUT',
        `${base(site)}/products/${storeId}/items/${created.id}`,
        owner(),
        physical({ title: 'Edited', status: 'private' }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json().structuredContent.variants.map((v: { id: string }) => v.id)).toEqual(
        created.structuredContent.variants.map((v: { id: string }) => v.id),
      );
      expect(edited.json()).toMatchObject({ title: 'Edited', status: 'private', statusLabel: 'Private', urlId: 'edit-me' });
      const upserts = (await kit.events(site, 'content.product.upserted')).filter(
        (e) => (e.data as ContentProductUpserted).productId === created.id,
      );
      expect(upserts.map((e) => [(e.data as ContentProductUpserted).version, (e.data as ContentProductUpserted).visible])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect((await kit.call('DELETE', `${base(site)}/products/${storeId}/items/${created.id}`, owner())).statusCode).toBe(204);
      const deleted = (await kit.events(site, 'content.product.deleted')).find(
        (e) => (e.data as { productId: string }).productId === created.id,
      );
      expect(deleted?.data).toMatchObject({ collectionId: storeId, version: 3 });
      expect((await kit.call('GET', `${base(site)}/products/${storeId}/items/${created.id}`, owner())).statusCode).toBe(404);
    });

    it('refuses a URL id another product has (409) and a URL id that is not one', async () => {
      await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), physical({ title: 'Taken', urlId: 'taken-url' }));
      const clash = await kit.call(
        'POST',
        `${base(site)}/products/${storeId}/items`,
        owner(),
        physical({ title: 'Other', urlId: 'taken-url' }),
      );
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toBe('The URL taken-url is already used by another page.');
      const bad = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), physical({ title: 'Bad', urlId: 'bad url' }));
      expect(bad.json().error.message).toBe('bad url is not a valid page URL');
    });

    it('refuses prices in another currency and a currency change while products exist', async () => {
      const eur = physical({
        structuredContent: { productType: 1, variants: [{ sku: 'E', priceMoney: { value: '100', currency: 'EUR' } }] },
      });
      const response = await kit.call('POST', `${base(site)}/products/${storeId}/items`, owner(), eur);
      expect(response.json().error.message).toBe('Prices must be in the store currency (USD).');
      const change = await kit.call('PUT', `/api/content-service/1.0/websites/${site}/settings`, owner(), { currency: 'EUR' });
      expect(change.statusCode).toBe(400);
      expect(change.json().error.message).toBe('The store currency cannot change while the store has products; their prices are in USD.');
    });

    it(`refuses the product after ${CONTENT_LIMITS.productsPerCollection} in a collection (SPEC 9)`, async () => {
      const full = await newStore('Full Store');
      // 199 products straight into the table, then the API adds the 200th and refuses the 201st.
      const rows = Array.from({ length: CONTENT_LIMITS.productsPerCollection - 1 }, (_, i) => ({
        id: `${full}-p${i}`,
        website_id: site,
        collection_id: full,
        record_type: 11,
        url_id: `p-${i}`,
        title: `P ${i}`,
        status: 'published' as const,
        publish_on: null,
        display_index: i,
        sort_date: new Date().toISOString(),
        product_type: 1,
        data: json({}),
      }));
      await kit.ctx.db.insertInto('items').values(rows).execute();
      expect(
        (await kit.call('POST', `${base(site)}/products/${full}/items`, owner(), physical({ title: 'Two hundredth' }))).statusCode,
      ).toBe(201);
      const over = await kit.call('POST', `${base(site)}/products/${full}/items`, owner(), physical({ title: 'One too many' }));
      expect(over.statusCode).toBe(400);
      expect(over.json().error.message).toBe('A store collection can hold at most 200 products.');
    });

    it('re-announces its products when a store is switched off, and the storefront counts only what it shows', async () => {
      const store = await newStore('Seasonal');
      const live = (await kit.call('POST', `${base(site)}/products/${store}/items`, owner(), physical({ title: 'Live one' }))).json();
      await kit.call('POST', `${base(site)}/products/${store}/items`, owner(), physical({ title: 'Draft one', status: 'draft' }));
      const shown = await kit.call('GET', `/api/content-service/public/1.0/collections/${store}`, { websiteId: site });
      expect(shown.json().itemCount).toBe(1);
      expect((await kit.call('PUT', `${base(site)}/products/${store}`, owner(), { enabled: false })).statusCode).toBe(200);
      const last = (await kit.events(site, 'content.product.upserted'))
        .filter((e) => (e.data as ContentProductUpserted).productId === live.id)
        .at(-1);
      expect(last?.data).toMatchObject({ visible: false, collectionId: store });
      expect((await kit.call('GET', `/api/content-service/public/1.0/collections/${store}`, { websiteId: site })).statusCode).toBe(404);
    });

    it('is not reachable through the content routes, nor content collections through the store routes', async () => {
      const listed = await kit.call('GET', `/api/content-service/1.0/websites/${site}/collections/${storeId}/items`, owner());
      expect(listed.statusCode).toBe(404);
      const page = (
        await kit.call('POST', `/api/content-service/1.0/websites/${site}/collections`, owner(), { type: 1, title: 'Notes' })
      ).json();
      expect((await kit.call('GET', `${base(site)}/products/${page.id}/items`, owner())).statusCode).toBe(404);
      const made = await kit.call('POST', `/api/content-service/1.0/websites/${site}/collections`, owner(), {
        type: 13,
        title: 'Sneaky store',
      });
      expect(made.json().error.message).toBe('Store collections are made through the store routes.');
    });
  });

  describe('categories', () => {
    let storeId: string;
    let rootId: string;
    beforeAll(async () => {
      const made = await kit.call('POST', `${base(site)}/stores`, owner(), {
        storeTitle: 'Categorised',
        addToMainNav: false,
        fallbackStoreTitle: 'Store',
        allCategoryDisplayName: 'All',
        websiteId: site,
        templateId: 'harbour',
        isSevenOne: false,
        storeUrls: [],
      });
      storeId = made.json().collection.id;
      rootId = made.json().rootCategoryId;
    });
    const create = (body: Record<string, unknown>) =>
      kit.call('POST', `${base(site)}/products/${storeId}/categories`, owner(), { type: 'CATEGORY', parentCategoryId: rootId, ...body });

    it('nests categories and gives each a URL under its parent', async () => {
      const kitchen = (await create({ displayName: 'Kitchen', displayIndex: 2 })).json();
      const mugs = (await create({ displayName: 'Mugs & Cups', parentCategoryId: kitchen.id, displayIndex: 3 })).json();
      expect(mugs).toMatchObject({
        parentCategoryId: kitchen.id,
        urlSlug: 'kitchen/mugs-cups',
        fullUrl: '/categorised/category/kitchen/mugs-cups',
      });
      const renamed = await kit.call('PUT', `${base(site)}/products/${storeId}/categories/${kitchen.id}`, owner(), {
        displayName: 'Kitchenware',
      });
      expect(renamed.json().urlSlug).toBe('kitchenware');
      const listed = (await kit.call('GET', `${base(site)}/products/${storeId}/categories`, owner())).json();
      expect(listed.items.find((c: { id: string }) => c.id === mugs.id).urlSlug).toBe('kitchenware/mugs-cups');
      const remove = await kit.call('DELETE', `${base(site)}/products/${storeId}/categories/${kitchen.id}`, owner());
      expect(remove.json().error.message).toBe('Remove the subcategories of this category first.');
      const cycle = await kit.call('PUT', `${base(site)}/products/${storeId}/categories/${kitchen.id}`, owner(), {
        parentCategoryId: mugs.id,
      });
      expect(cycle.json().error.message).toBe('A category cannot be moved under itself.');
    });

    it("refuses a sibling with the same name: 'This category already exists'", async () => {
      await create({ displayName: 'Candles' });
      const again = await create({ displayName: 'candles' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe('This category already exists');
    });

    it('refuses a category name over 25 characters (SPEC 9)', async () => {
      const response = await create({ displayName: 'x'.repeat(CONTENT_LIMITS.categoryLength + 1) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Categories can be at most 25 characters long.');
      expect((await create({ displayName: 'y'.repeat(CONTENT_LIMITS.categoryLength) })).statusCode).toBe(200);
    });

    it('takes a deleted category off its products', async () => {
      const sale = (await create({ displayName: 'Sale' })).json();
      const product = (
        await kit.call(
          'POST',
          `${base(site)}/products/${storeId}/items`,
          owner(),
          physical({ title: 'Sale Apron', categoryIds: [sale.id] }),
        )
      ).json();
      expect(product.categoryIds).toEqual([sale.id]);
      const missing = await kit.call(
        'POST',
        `${base(site)}/products/${storeId}/items`,
        owner(),
        physical({ title: 'Lost', categoryIds: ['nope'] }),
      );
      expect(missing.json().error.message).toBe('The category nope does not exist in this collection.');
      expect((await kit.call('DELETE', `${base(site)}/products/${storeId}/categories/${sale.id}`, owner())).statusCode).toBe(204);
      expect((await kit.call('GET', `${base(site)}/products/${storeId}/items/${product.id}`, owner())).json().categoryIds).toEqual([]);
    });

    it(`refuses the category after ${CONTENT_LIMITS.nestedCategories} in a collection (SPEC 9)`, async () => {
      const store = (
        await kit.call('POST', `${base(site)}/stores`, owner(), {
          storeTitle: 'Huge',
          addToMainNav: false,
          fallbackStoreTitle: 'Store',
          allCategoryDisplayName: 'All',
          websiteId: site,
          templateId: 'harbour',
          isSevenOne: false,
          storeUrls: [],
        })
      ).json();
      const rows = Array.from({ length: CONTENT_LIMITS.nestedCategories - 2 }, (_, i) => ({
        id: `${store.collection.id}-c${i}`,
        website_id: site,
        collection_id: store.collection.id,
        parent_id: store.rootCategoryId,
        display_name: `C${i}`,
        type: 'CATEGORY' as const,
        page_rendering: 'LIST_VIEW' as const,
        display_index: i + 2,
        url_slug: `c${i}`,
      }));
      for (let i = 0; i < rows.length; i += 2_000)
        await kit.ctx.db
          .insertInto('categories')
          .values(rows.slice(i, i + 2_000))
          .execute();
      const path = `${base(site)}/products/${store.collection.id}/categories`;
      expect(
        (await kit.call('POST', path, owner(), { displayName: 'Last one', type: 'CATEGORY', parentCategoryId: store.rootCategoryId }))
          .statusCode,
      ).toBe(200);
      const over = await kit.call('POST', path, owner(), {
        displayName: 'One more',
        type: 'CATEGORY',
        parentCategoryId: store.rootCategoryId,
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().error.message).toBe('A collection can have at most 10000 categories.');
    });
  });
});
