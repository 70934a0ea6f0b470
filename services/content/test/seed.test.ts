// The demo website (issue 4 "Must do"): every kind of product, a blog, a gallery, events,
// navigation, header and footer; idempotent; announced through the outbox for the cart and render.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_CONTENT, DEMO_WEBSITE_ID, ProductType, type ContentItem, type ContentProductUpserted } from '@sc/contracts';
import { asFromGateway } from '@sc/platform/test-kit';
import sharp from 'sharp';
import { contentService } from '../src/app.js';
import type { ContentParts } from '../src/module.js';
import { setup, SIGNING_KEY, type Kit } from './kit.js';

describe('demo seed', () => {
  let kit: Kit;
  let products: ContentItem[];
  const visitor = { websiteId: DEMO_WEBSITE_ID };

  beforeAll(async () => {
    kit = await setup();
    await contentService.seed!(kit.ctx, kit.app.serviceParts as ContentParts);
    const page = await kit.call(
      'GET',
      `/api/content-service/public/1.0/collections/${DEMO_CONTENT.shopCollectionId}/items?limit=200`,
      visitor,
    );
    products = page.json<{ items: ContentItem[] }>().items;
  }, 120_000);
  afterAll(async () => kit.close());

  it('is idempotent: a second run adds nothing and announces nothing', async () => {
    const before = await kit.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', DEMO_WEBSITE_ID)
      .executeTakeFirstOrThrow();
    await contentService.seed!(kit.ctx, kit.app.serviceParts as ContentParts);
    const after = await kit.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', DEMO_WEBSITE_ID)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(products).toHaveLength(Object.keys(DEMO_CONTENT.products).length);
  });

  it('ships its pictures: every image of every item is a file of our own store, served through the pipeline', async () => {
    // Every assetUrl anywhere in the items, with the originalSize beside it (variants name the product's images).
    const urls = new Map<string, string | undefined>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(collect);
      if (!value || typeof value !== 'object') return;
      const { assetUrl, originalSize } = value as { assetUrl?: unknown; originalSize?: unknown };
      if (typeof assetUrl === 'string') urls.set(assetUrl, typeof originalSize === 'string' ? originalSize : urls.get(assetUrl));
      Object.values(value).forEach(collect);
    };
    for (const id of [DEMO_CONTENT.shopCollectionId, DEMO_CONTENT.journalCollectionId, DEMO_CONTENT.galleryCollectionId]) {
      collect((await kit.call('GET', `/api/content-service/public/1.0/collections/${id}/items?limit=200`, visitor)).json());
    }
    expect(urls.size).toBeGreaterThanOrEqual(15);
    for (const [url, size] of urls) {
      expect(url.startsWith(`/api/content-service/public/1.0/assets/${DEMO_WEBSITE_ID}/`)).toBe(true);
      const original = await kit.call('GET', url, visitor);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(original.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(size);
    }
    const first = [...urls.keys()][0]!;
    const small = await kit.call('GET', `${first}?format=300w`, { ...visitor, headers: { accept: 'image/webp' } });
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(300);
  });

  it('answers for localhost and 127.0.0.1', async () => {
    for (const host of ['localhost:8080', '127.0.0.1']) {
      expect(
        (
          await kit.app.inject({ method: 'GET', url: `/internal/websites/by-domain?host=${host}`, headers: asFromGateway({}, SIGNING_KEY) })
        ).json(),
      ).toEqual({ websiteId: DEMO_WEBSITE_ID });
    }
  });

  const product = (id: string) => products.find((p) => p.id === id)!.structuredContent!;

  it('has physical products with two-option variants and limited stock', () => {
    const tote = product(DEMO_CONTENT.products.tote);
    expect(tote.productType).toBe(ProductType.PHYSICAL);
    expect(tote.variants[0]!.optionValues.map((o) => o.optionName)).toEqual(['Colour', 'Size']);
    expect(tote.variants.every((v) => !v.unlimited)).toBe(true);
    // Each colour shows its own picture.
    const pictures = new Map(tote.variants.map((v) => [v.attributes.Colour, v.mainImage?.assetUrl]));
    expect([...pictures.keys()].sort()).toEqual(['Navy', 'Olive']);
    // Our own asset store: a path, right on any host and port, and never another host.
    expect(pictures.get('Olive')).toMatch(
      new RegExp(`^/api/content-service/public/1\\.0/assets/${DEMO_WEBSITE_ID}/[A-Za-z0-9_-]{22}\\.jpg$`),
    );
    expect(pictures.get('Navy')).not.toBe(pictures.get('Olive'));
    expect(tote.variants.every((v) => v.mainImage?.assetUrl === pictures.get(v.attributes.Colour) && v.mainImage?.altText !== '')).toBe(
      true,
    );
    expect(tote.variants.some((v) => v.qtyInStock > 0) && tote.variants.some((v) => v.qtyInStock === 0)).toBe(true);
  });

  it('has a sold-out product, one on sale, a digital one, a service, a gift card, a subscription and one with an additional-fields form', () => {
    const P = DEMO_CONTENT.products;
    expect(product(P.bowl).variants.every((v) => !v.unlimited && v.qtyInStock === 0)).toBe(true);
    expect(product(P.candles)).toMatchObject({
      onSale: true,
      salePriceMoney: { value: '2700', currency: 'USD' },
      priceMoney: { value: '3600', currency: 'USD' },
    });
    expect(product(P.guide).productType).toBe(ProductType.DIGITAL);
    expect(product(P.workshop).productType).toBe(ProductType.SERVICE);
    expect(product(P.giftCard)).toMatchObject({
      productType: ProductType.GIFT_CARD,
      giftCardDenominations: [{ value: '2500' }, { value: '5000' }, { value: '10000' }],
    });
    expect(product(P.coffee)).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    });
    expect(product(P.notebook)).toMatchObject({ additionalFieldsFormId: DEMO_CONTENT.engravingFormId, useCustomAddButtonText: true });
  });

  it('announced every product with its variants for the cart', async () => {
    const events = await kit.events(DEMO_WEBSITE_ID, 'content.product.upserted');
    const announced = new Map(events.map((e) => [(e.data as ContentProductUpserted).productId, e.data as ContentProductUpserted]));
    for (const id of Object.values(DEMO_CONTENT.products)) expect(announced.get(id)?.variants.length).toBeGreaterThan(0);
    expect(announced.get(DEMO_CONTENT.products.tote)).toMatchObject({ currency: 'USD', visible: true, productType: 1 });
  });

  it('has a blog with published posts (and a draft kept out), a gallery, events, navigation, header and footer', async () => {
    const posts = (
      await kit.call('GET', `/api/content-service/public/1.0/collections/${DEMO_CONTENT.journalCollectionId}/items`, visitor)
    ).json<{ items: ContentItem[] }>().items;
    expect(posts.length).toBe(3);
    expect(posts[0]).toMatchObject({ author: { displayName: 'Maren Ellis' }, commentState: 1 });
    expect(posts.every((p) => p.excerpt.length > 0 && p.tags.length > 0 && p.categories.length > 0)).toBe(true);
    const images = (
      await kit.call('GET', `/api/content-service/public/1.0/collections/${DEMO_CONTENT.galleryCollectionId}/items`, visitor)
    ).json<{ items: ContentItem[] }>().items;
    expect(images.length).toBe(6);
    expect(images[0]!.image).toMatchObject({ originalSize: '1600x1200', colorData: { centerAverage: expect.any(String) } });
    const gallery = (
      await kit.call('GET', `/api/content-service/public/1.0/collections/${DEMO_CONTENT.galleryCollectionId}`, visitor)
    ).json();
    expect(gallery.gallerySettings).toMatchObject({ design: 'grid', 'thumbnails-per-row': 3, lightbox: true });
    const events = (
      await kit.call('GET', `/api/content-service/public/1.0/collections/${DEMO_CONTENT.eventsCollectionId}/items`, visitor)
    ).json<{ items: ContentItem[] }>().items;
    expect(events.length).toBe(3);
    expect(events.every((e) => e.startDate! < e.endDate! && e.location!.addressLine1.length > 0)).toBe(true);
    const layout = (await kit.call('GET', '/api/commondata/GetSiteLayout', visitor)).json();
    expect(layout.layout[0].links.map((l: { title: string }) => l.title)).toEqual([
      'Home',
      'Shop',
      'Journal',
      'Studio',
      'Events',
      'About',
      'Contact',
    ]);
    const headerFooter = (await kit.call('GET', '/api/site-header-footer', visitor)).json();
    // One site title: the demo sets no header text of its own, so the header shows the website's title.
    expect(headerFooter.header.siteTitle).toBe('');
    expect(headerFooter.footer.text).toContain('Fore Street');
    const home = (await kit.call('GET', '/api/content-service/public/1.0/resolve?path=/', visitor)).json();
    expect(home.collection).toMatchObject({ id: DEMO_CONTENT.homeCollectionId, typeName: 'page' });
  });
});
