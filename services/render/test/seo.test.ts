// Issue 37 through the real gateway, as a search engine and a social network read the site: every
// demo page has exactly one canonical link, absolute at the website's public origin and equal to
// the URL that answers 200; JSON-LD parses, has the properties its type requires and agrees with
// the price and stock the page shows; Open Graph tags name an image that answers 200; variants of
// a URL (trailing slash, /home, an item's old slug, the owner's redirects) answer 301 without loops.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { ElementType, parseDocument } from 'htmlparser2';
import request from 'supertest';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { CollectionType, GTIN_MESSAGE, ItemBody, SeoMessages } from '@sc/contracts';
import {
  newStore,
  ownerCall,
  productBody,
  SIGNING_KEY,
  startContent,
  startRender,
  type ContentKit,
  type OwnStore,
  DEMO_START_TIMEOUT_MS,
} from './kit.js';

const PUBLIC_URL = 'https://www.harbour.test';
const XSD = fileURLToPath(new URL('./fixtures/sitemaps/', import.meta.url));
const workDir = mkdtempSync(path.join(tmpdir(), 'sitemaps-'));

/** xmllint's verdict on a document against one of the sitemaps.org schemas (throws with its message when invalid). */
function validate(xml: string, schema: 'siteindex.xsd' | 'sitemap-with-images.xsd'): void {
  const file = path.join(workDir, `doc-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', path.join(XSD, schema), file], { stdio: 'pipe' });
}

const FEEDS = fileURLToPath(new URL('./fixtures/feeds/', import.meta.url));

/** xmllint's verdict on a feed against its RELAX NG schema (fixtures/feeds: RSS 2.0, and RFC 4287's for Atom). */
function validateFeed(xml: string, schema: 'rss-2.0.rng' | 'atom.rng'): void {
  const file = path.join(workDir, `feed-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--relaxng', path.join(FEEDS, schema), file], { stdio: 'pipe' });
}

const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

interface Head {
  canonicals: string[];
  robots: string[];
  meta: Map<string, string[]>;
  jsonLd: unknown[];
  text: string;
}

/** The head's tags of a page, read with a real HTML parser. */
function headOf(html: string): Head {
  const doc = parseDocument(html);
  const head: Head = { canonicals: [], robots: [], meta: new Map(), jsonLd: [], text: '' };
  const walk = (nodes: ReturnType<typeof parseDocument>['children']): void => {
    for (const node of nodes) {
      if (node.type !== ElementType.Tag && node.type !== ElementType.Script) continue;
      const { name, attribs } = node;
      if (name === 'link' && attribs.rel === 'canonical') head.canonicals.push(attribs.href ?? '');
      if (name === 'meta' && attribs.name === 'robots') head.robots.push(attribs.content ?? '');
      if (name === 'meta' && (attribs.property || attribs.name)) {
        const key = attribs.property ?? attribs.name ?? '';
        head.meta.set(key, [...(head.meta.get(key) ?? []), attribs.content ?? '']);
      }
      if (name === 'script' && attribs.type === 'application/ld+json') {
        const text = node.children.map((c) => ('data' in c ? c.data : '')).join('');
        head.jsonLd.push(JSON.parse(text) as unknown);
      }
      walk(node.children);
    }
  };
  walk(doc.children);
  return head;
}

type Ld = Record<string, unknown>;

/**
 * The properties each JSON-LD type must have for search engines to use it (Google's required
 * ones, and the for Product), as dotted paths; a ProductGroup's variants are Products.
 */
const REQUIRED: Record<string, string[]> = {
  Product: ['name', 'image', 'offers.price', 'offers.priceCurrency', 'offers.availability'],
  ProductGroup: ['name', 'image', 'hasVariant'],
  BlogPosting: ['headline', 'datePublished', 'author', 'url'],
  Event: ['name', 'startDate', 'location.@type', 'location.address'],
  BreadcrumbList: ['itemListElement'],
  Organization: ['name', 'url'],
  WebSite: ['name', 'url', 'potentialAction.target', 'potentialAction.query-input'],
};

/** The required properties a JSON-LD block (and its variants, crumbs and offers) lacks, as `Type.path`. */
function missingProperties(block: Ld): string[] {
  const type = String(block['@type']);
  const at = (path: string): unknown =>
    path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Ld)[key] : undefined), block);
  const missing = (REQUIRED[type] ?? [`@type ${type} is not one we write`]).filter((path) => {
    const value = at(path);
    return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  });
  if (type === 'ProductGroup')
    for (const variant of (block.hasVariant as Ld[] | undefined) ?? []) missing.push(...missingProperties({ ...variant }));
  if (type === 'BreadcrumbList') {
    ((block.itemListElement as Ld[] | undefined) ?? []).forEach((crumb, i) => {
      if (crumb.position !== i + 1 || !crumb.name || typeof crumb.item !== 'string') missing.push(`BreadcrumbList.itemListElement.${i}`);
    });
  }
  if (type === 'Event' && block.offers)
    for (const key of ['price', 'priceCurrency', 'availability', 'url'])
      if (!(block.offers as Ld)[key]) missing.push(`Event.offers.${key}`);
  return missing.map((path) => (path.startsWith(`${type}.`) ? path : `${type}.${path}`));
}

describe('search engines and social cards on the demo website', () => {
  let content: ContentKit;
  let render: FastifyInstance;
  let gateway: FastifyInstance;
  let own: OwnStore;
  let ownHost: string;

  // The gateway's own page cache is left out (PAGE_CACHE_MAX_BYTES 0): it follows render's website
  // generation in Redis, which this test's render (its own cache) does not write; these tests are
  // about render's pages, and gateway/test/page-cache.test.ts is about that cache.
  beforeAll(async () => {
    content = await startContent();
    render = await startRender(content);
    const renderUrl = await render.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        IDENTITY_SIGNING_KEY: SIGNING_KEY,
        CONTENT_URL: content.url,
        RENDER_URL: renderUrl,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
        PUBLIC_URL,
        PAGE_CACHE_MAX_BYTES: '0',
      }),
    });
    await gateway.ready();
    own = await newStore(content);
    ownHost = `${own.websiteId.replaceAll('_', '-')}.render.example`;
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.close();
    await render?.close();
    await content?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const get = (path: string, host = 'visitor.example.net') => request(gateway.server).get(path).set('Host', host).redirects(0);
  /**
   * Runs `check` until it passes (at most 15 s): after a change, pages follow once content's event
   * has reached render, which with NATS between them is a moment later, not at once.
   */
  const eventually = async (check: () => Promise<void>): Promise<void> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  /** Every page of the demo website a crawler finds: the navigation's pages, their items and categories. */
  async function demoPages(): Promise<string[]> {
    const home = await get('/?format=json').expect(200);
    const paths = new Set<string>(['/']);
    for (const link of home.body.navigation.main as Array<{ url: string; external: boolean }>) if (!link.external) paths.add(link.url);
    for (const path of [...paths]) {
      const context = (await get(`${path}?format=json`).expect(200)).body as {
        items?: Array<{ fullUrl: string }>;
        categories?: Array<{ fullUrl: string }>;
      };
      for (const item of context.items ?? []) paths.add(item.fullUrl);
      for (const category of context.categories ?? []) paths.add(category.fullUrl);
    }
    return [...paths];
  }

  it('gives every demo page exactly one canonical link, absolute, equal to the URL that answers 200, and Open Graph tags with an image that answers 200', async () => {
    const paths = await demoPages();
    expect(paths.length).toBeGreaterThanOrEqual(13);
    const images = new Set<string>();
    let breadcrumbs = 0;
    for (const path of paths) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 200]);
      const head = headOf(response.text);
      expect([path, head.canonicals]).toEqual([path, [`${PUBLIC_URL}${path}`]]);
      expect(head.robots).toEqual([]);
      expect([path, response.text.includes('hreflang')]).toEqual([path, false]);
      expect(head.meta.get('og:url')).toEqual([`${PUBLIC_URL}${path}`]);
      expect(head.meta.get('og:title')?.[0]).toBeTruthy();
      expect(head.meta.get('description')?.[0]).toBeTruthy();
      expect(head.meta.get('twitter:card')?.[0]).toMatch(/^summary/);
      const image = head.meta.get('og:image')?.[0];
      expect([path, image?.startsWith(`${PUBLIC_URL}/`)]).toEqual([path, true]);
      if (image) images.add(image);
      // Every JSON-LD block has the schema.org context and the properties its type requires.
      for (const block of head.jsonLd as Ld[]) {
        expect([path, block['@context']]).toEqual([path, 'https://schema.org']);
        expect([path, missingProperties(block)]).toEqual([path, []]);
      }
      // The BreadcrumbList is the breadcrumb the page shows: its link, then the page itself.
      const shown = /class="breadcrumb"[^>]*><a href="([^"]*)">([^<]*)<\/a>/.exec(response.text);
      const crumbs = (head.jsonLd as Ld[]).find((b) => b['@type'] === 'BreadcrumbList')?.itemListElement as Ld[] | undefined;
      if (shown) {
        breadcrumbs++;
        expect([path, crumbs?.map((c) => c.item)]).toEqual([path, [`${PUBLIC_URL}${shown[1]}`, `${PUBLIC_URL}${path}`]]);
        expect(crumbs?.[0]?.name).toBe(shown[2]?.replaceAll('&amp;', '&'));
      }
      if (image?.includes('?format=')) {
        expect(Number(head.meta.get('og:image:width')?.[0])).toBeGreaterThan(0);
        expect(Number(head.meta.get('og:image:height')?.[0])).toBeGreaterThan(0);
      }
    }
    for (const image of images) await get(image.slice(PUBLIC_URL.length)).expect(200);
    expect(breadcrumbs).toBeGreaterThanOrEqual(9);
  }, 120_000);

  it('marks product, post and other pages with their og:type and puts price tags on products', async () => {
    const product = headOf((await get('/shop/merino-wool-throw').expect(200)).text);
    expect(product.meta.get('og:type')).toEqual(['product']);
    expect(product.meta.get('product:price:amount')).toEqual(['145.00']);
    expect(product.meta.get('product:price:currency')).toEqual(['USD']);
    const post = headOf((await get('/journal/meet-the-potter-jonah-reyes').expect(200)).text);
    expect(post.meta.get('og:type')).toEqual(['article']);
    expect(headOf((await get('/about').expect(200)).text).meta.get('og:type')).toEqual(['website']);
  });

  it('gives products JSON-LD with an Offer per variant that agrees with the price and stock the page shows', async () => {
    const checked: string[] = [];
    for (const path of (await demoPages()).filter((p) => p.startsWith('/shop/') && !p.includes('/category/'))) {
      const response = await get(path).expect(200);
      const context = (await get(`${path}?format=json`).expect(200)).body as {
        item: {
          title: string;
          structuredContent: {
            variants: Array<{
              sku: string;
              onSale: boolean;
              priceMoney: { value: string };
              salePriceMoney: { value: string };
              qtyInStock: number;
              unlimited: boolean;
            }>;
          };
        };
      };
      const blocks = headOf(response.text).jsonLd as Ld[];
      const product = blocks.find((b) => b['@type'] === 'Product' || b['@type'] === 'ProductGroup');
      expect([path, product?.name]).toEqual([path, context.item.title]);
      const offers = product!['@type'] === 'Product' ? [product!.offers as Ld] : (product!.hasVariant as Ld[]).map((v) => v.offers as Ld);
      expect(offers).toHaveLength(context.item.structuredContent.variants.length);
      expect((product!.image as string[]).length).toBeGreaterThan(0);
      context.item.structuredContent.variants.forEach((variant, i) => {
        const offer = offers[i]!;
        const paid = variant.onSale ? variant.salePriceMoney.value : variant.priceMoney.value;
        expect(offer.price).toBe((Number(paid) / 100).toFixed(2));
        expect(offer.priceCurrency).toBe('USD');
        expect(offer.availability).toBe(
          variant.unlimited || variant.qtyInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        );
        expect(offer.sku).toBe(variant.sku);
      });
      // The price the page shows (the lowest paid, "from" when they vary) is the lowest offered.
      const shown = /<div class="product-price">([\s\S]*?)<\/div>/.exec(response.text)?.[1] ?? '';
      const lowest = Math.min(...offers.map((o) => Number(o.price)));
      expect([path, shown]).toEqual([path, expect.stringContaining(`$${lowest.toLocaleString('en-US', { minimumFractionDigits: 2 })}`)]);
      const soldOut = response.text.includes('<div class="product-mark sold-out">sold out</div>');
      expect(offers.every((o) => o.availability === 'https://schema.org/OutOfStock')).toBe(soldOut);
      const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ item: string; name: string }> };
      expect(crumbs.itemListElement.map((e) => e.item)).toEqual([`${PUBLIC_URL}/shop`, `${PUBLIC_URL}${path}`]);
      checked.push(path);
    }
    expect(checked.length).toBeGreaterThanOrEqual(9);
    expect(checked).toContain('/shop/hand-thrown-serving-bowl');
  }, 60_000);

  it("gives each variant's Product its GTIN when the owner set one, and refuses a GTIN whose check digit is wrong", async () => {
    const items = content.parts.items;
    const body = productBody('Test Mug', 2400);
    const gtins = ['4006381333931', '036000291452'];
    const withGtin = {
      ...body,
      structuredContent: { ...body.structuredContent, variants: body.structuredContent.variants.map((v, i) => ({ ...v, gtin: gtins[i] })) },
    };
    await items.replace(own.websiteId, own.product.id, ItemBody.parse(withGtin), 'store');
    await eventually(async () => {
      const group = (headOf((await get('/shop/test-mug', ownHost).expect(200)).text).jsonLd as Ld[]).find(
        (b) => b['@type'] === 'ProductGroup',
      )!;
      expect((group.hasVariant as Ld[]).map((v) => [v.sku, v.gtin])).toEqual([
        ['MUG-Small', gtins[0]],
        ['MUG-Large', gtins[1]],
      ]);
    });
    const wrong = {
      ...body,
      structuredContent: {
        ...body.structuredContent,
        variants: body.structuredContent.variants.map((v) => ({ ...v, gtin: '4006381333932' })),
      },
    };
    const refused = await ownerCall(
      content,
      'PUT',
      `/api/content-service/1.0/websites/${own.websiteId}/items/${own.product.id}`,
      own.websiteId,
      wrong,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(GTIN_MESSAGE);
    await items.replace(own.websiteId, own.product.id, ItemBody.parse(body), 'store');
    await eventually(async () => {
      const group = (headOf((await get('/shop/test-mug', ownHost).expect(200)).text).jsonLd as Ld[]).find(
        (b) => b['@type'] === 'ProductGroup',
      )!;
      expect((group.hasVariant as Ld[]).every((v) => v.gtin === undefined)).toBe(true);
    });
  });

  it('gives posts BlogPosting, events Event and the home page Organization and WebSite with a SearchAction', async () => {
    const post = headOf((await get('/journal/meet-the-potter-jonah-reyes').expect(200)).text).jsonLd as Ld[];
    const posting = post.find((b) => b['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({ headline: 'Meet the potter: Jonah Reyes', url: `${PUBLIC_URL}/journal/meet-the-potter-jonah-reyes` });
    expect(typeof posting.datePublished).toBe('string');
    expect(posting.author).toBeDefined();
    const event = (headOf((await get('/events/holiday-open-studio').expect(200)).text).jsonLd as Ld[]).find((b) => b['@type'] === 'Event')!;
    expect(event).toMatchObject({ name: 'Holiday Open Studio' });
    expect(typeof event.startDate).toBe('string');
    expect((event.location as Ld)['@type']).toBe('Place');
    const home = headOf((await get('/').expect(200)).text).jsonLd as Ld[];
    expect(home.map((b) => b['@type'])).toEqual(['Organization', 'WebSite']);
    // The business as the site's settings describe it: its name, address and country.
    expect(home[0]).toMatchObject({
      name: 'Harbour & Pine',
      url: `${PUBLIC_URL}/`,
      address: { '@type': 'PostalAddress', addressCountry: 'US' },
    });
    expect((home[1]!.potentialAction as Ld)['query-input']).toBe('required name=search_term_string');
  });

  it("gives an event's JSON-LD an Offer with the ticket price the page shows (free, priced, sold out), and none when the event names no tickets", async () => {
    const events = await content.parts.collections.create(own.websiteId, {
      type: CollectionType.GENERIC,
      kind: 'events',
      title: 'Events',
      urlId: 'events',
    });
    const items = content.parts.items;
    const event = (title: string, tickets: unknown) =>
      ItemBody.parse({
        recordType: 12,
        title,
        startDate: '2031-03-01T18:00:00Z',
        endDate: '2031-03-01T21:00:00Z',
        location: { addressLine1: '41 Fore Street', addressLine2: 'Portland, ME', addressCountry: 'United States' },
        tickets,
      });
    const priced = await items.create(
      own.websiteId,
      events.id,
      event('Glaze night', { price: { value: '4500', currency: 'USD' }, url: 'https://tickets.example/glaze?a=1&b=2' }),
      'content',
    );
    await items.create(own.websiteId, events.id, event('Open day', { price: { value: '0', currency: 'USD' } }), 'content');
    await items.create(own.websiteId, events.id, event('Kiln talk', null), 'content');
    const eventOf = async (path: string) => {
      const response = await get(path, ownHost).expect(200);
      return { html: response.text, ld: (headOf(response.text).jsonLd as Ld[]).find((b) => b['@type'] === 'Event')! };
    };
    let glaze = await eventOf('/events/glaze-night');
    expect(glaze.html).toContain(
      '<p class="event-tickets">Tickets <span class="event-price">$45.00</span> · <a href="https://tickets.example/glaze?a=1&amp;b=2" rel="noopener">Get tickets</a></p>',
    );
    expect(glaze.ld.offers).toEqual({
      '@type': 'Offer',
      url: 'https://tickets.example/glaze?a=1&b=2',
      price: '45.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(missingProperties(glaze.ld)).toEqual([]);
    const open = await eventOf('/events/open-day');
    expect(open.html).toContain('<p class="event-tickets">Free admission</p>');
    expect(open.ld).toMatchObject({
      isAccessibleForFree: true,
      offers: {
        price: '0.00',
        priceCurrency: 'USD',
        url: `https://${ownHost}/events/open-day`,
        availability: 'https://schema.org/InStock',
      },
    });
    const talk = await eventOf('/events/kiln-talk');
    expect(talk.html).not.toContain('event-tickets');
    expect(talk.ld.offers).toBeUndefined();
    // Sold out: the page says so and the Offer follows.
    await items.replace(
      own.websiteId,
      priced.id,
      event('Glaze night', { price: { value: '4500', currency: 'USD' }, soldOut: true }),
      'content',
    );
    await eventually(async () => {
      glaze = await eventOf('/events/glaze-night');
      expect(glaze.html).toContain('<p class="event-tickets">Sold out</p>');
    });
    expect(glaze.ld.offers).toMatchObject({
      price: '45.00',
      availability: 'https://schema.org/SoldOut',
      url: `https://${ownHost}/events/glaze-night`,
    });
    // A price in another currency than the store's, or below zero, is refused with the field named.
    for (const price of [
      { value: '100', currency: 'EUR' },
      { value: '-1', currency: 'USD' },
    ]) {
      const refused = await ownerCall(
        content,
        'POST',
        `/api/content-service/1.0/websites/${own.websiteId}/collections/${events.id}/items`,
        own.websiteId,
        { recordType: 12, title: 'Bad', startDate: '2031-03-01T18:00:00Z', endDate: '2031-03-01T21:00:00Z', tickets: { price } },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('tickets.price');
    }
  });

  it('names no hreflang alternates: each page has one URL, in the language the website is set to (html lang, og:locale), even with languages listed for translation', async () => {
    // The multilingual settings list languages for a translation tool, but the site serves no
    // page in them (no /fr/...): an alternate would send search engines to a 404.
    const saved = await ownerCall(content, 'PUT', '/api/multilingual/languages', own.websiteId, {
      languages: [
        { languageCode: 'en-US', isDefault: true, published: true },
        { languageCode: 'fr-FR', isDefault: false, published: true },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await get('/fr/shop', ownHost).expect(404);
    await get('/shop?lang=fr-FR', ownHost).expect(200);
    for (const path of ['/shop', '/shop/test-mug']) {
      const html = (await get(path, ownHost).expect(200)).text;
      expect(html).toMatch(/^<!doctype html>\n<html lang="en-US">/);
      expect(html).not.toContain('hreflang');
      expect(headOf(html).meta.get('og:locale')).toEqual(['en_US']);
      expect(headOf(html).meta.get('og:locale:alternate')).toBeUndefined();
    }
  });

  it('asks search engines not to index the cart, search, account and member pages', async () => {
    // Checkout is the cart page's view (/cart?view=checkout); order pages are noindex by their page type.
    for (const path of ['/cart', '/cart?view=checkout', '/search?q=wool', '/search', '/members/nobody', '/account']) {
      const response = await get(path);
      expect([path, headOf(response.text).robots]).toEqual([path, ['noindex']]);
    }
  });

  it('canonicalises query strings that do not change the page to the bare URL', async () => {
    const head = headOf((await get('/shop/merino-wool-throw?utm_source=news&ref=x&format=html').expect(200)).text);
    expect(head.canonicals).toEqual([`${PUBLIC_URL}/shop/merino-wool-throw`]);
    const filtered = headOf((await get('/journal?tag=bread&utm_campaign=x').expect(200)).text);
    expect(filtered.canonicals).toEqual([`${PUBLIC_URL}/journal?tag=bread`]);
  });

  it('answers 301 from a trailing slash (query kept) and from /home to /, never to another host', async () => {
    const slash = await get('/shop/?utm_source=x').expect(301);
    expect(slash.headers.location).toBe('/shop?utm_source=x');
    await get('/shop/merino-wool-throw/').expect(301).expect('location', '/shop/merino-wool-throw');
    expect((await get('/home').expect(301)).headers.location).toBe('/');
    expect((await get('/home/').expect(301)).headers.location).toBe('/home');
    // A path of many slashes is never a protocol-relative Location.
    expect((await get('//evil.example/').expect(301)).headers.location).toBe('/evil.example');
    // The header's link to the home page is '/', not a redirect.
    expect(headOf((await get('/').expect(200)).text).canonicals).toEqual([`${PUBLIC_URL}/`]);
    expect((await get('/?format=json').expect(200)).body.navigation.main[0].url).toBe('/');
  });

  it("answers 301 from an item's old slug after a rename, at the website's own domain", async () => {
    const items = content.parts.items;
    await items.replace(own.websiteId, own.product.id, ItemBody.parse({ ...productBody('Test Mug', 2400), urlId: 'big-mug' }), 'store');
    await items.replace(own.websiteId, own.product.id, ItemBody.parse({ ...productBody('Test Mug', 2400), urlId: 'huge-mug' }), 'store');
    await eventually(async () => expect((await get('/shop/test-mug', ownHost).expect(301)).headers.location).toBe('/shop/huge-mug'));
    await eventually(async () => expect((await get('/shop/big-mug', ownHost).expect(301)).headers.location).toBe('/shop/huge-mug'));
    const moved = await get('/shop/huge-mug', ownHost).expect(200);
    expect(headOf(moved.text).canonicals).toEqual([`https://${ownHost}/shop/huge-mug`]);
    // Renamed back: the old URL is the item's again, and its newer one now leads to it.
    await items.replace(own.websiteId, own.product.id, ItemBody.parse({ ...productBody('Test Mug', 2400), urlId: 'test-mug' }), 'store');
    await eventually(async () => void (await get('/shop/test-mug', ownHost).expect(200)));
    await eventually(async () => expect((await get('/shop/huge-mug', ownHost).expect(301)).headers.location).toBe('/shop/test-mug'));
    await get('/shop/never-was', ownHost).expect(404);
  });

  it("answers 301 from a collection's old URL, and every path under it, after the collection is renamed", async () => {
    const collections = content.parts.collections;
    const diary = await collections.create(own.websiteId, { type: CollectionType.GENERIC, kind: 'blog', title: 'Diary', urlId: 'diary' });
    await content.parts.items.create(
      own.websiteId,
      diary.id,
      ItemBody.parse({ recordType: 1, title: 'First firing', urlId: 'first-firing' }),
      'content',
    );
    await eventually(async () => void (await get('/diary/first-firing', ownHost).expect(200)));
    await collections.update(own.websiteId, diary.id, { urlId: 'logbook' }, 'content');
    await eventually(async () => expect((await get('/diary', ownHost).expect(301)).headers.location).toBe('/logbook'));
    expect((await get('/diary/first-firing', ownHost).expect(301)).headers.location).toBe('/logbook/first-firing');
    expect((await get('/diary/first-firing/', ownHost).expect(301)).headers.location).toBe('/diary/first-firing');
    const moved = await get('/logbook/first-firing', ownHost).expect(200);
    expect(headOf(moved.text).canonicals).toEqual([`https://${ownHost}/logbook/first-firing`]);
    // A page that never was under the old URL leads to one that is not there either (one hop, then 404).
    expect((await get('/diary/never-was', ownHost).expect(301)).headers.location).toBe('/logbook/never-was');
    await get('/logbook/never-was', ownHost).expect(404);
    // Renamed back: the old URL is the collection's again, and the newer one leads to it; no loop.
    await collections.update(own.websiteId, diary.id, { urlId: 'diary' }, 'content');
    await eventually(async () => void (await get('/diary', ownHost).expect(200)));
    await eventually(async () =>
      expect((await get('/logbook/first-firing', ownHost).expect(301)).headers.location).toBe('/diary/first-firing'),
    );
    await get('/diary/first-firing', ownHost).expect(200);
    // A collection that takes an old URL is served there: the live one always wins.
    await collections.create(own.websiteId, { type: CollectionType.PAGE, title: 'Logbook', urlId: 'logbook' });
    await eventually(async () => void (await get('/logbook', ownHost).expect(200)));
  });

  it("follows the owner's redirects (301 and 302, wildcards) before the site's own pages, and refuses loops", async () => {
    const put = (redirects: unknown) =>
      ownerCall(content, 'PUT', `/api/content-service/1.0/websites/${own.websiteId}/settings`, own.websiteId, { seo: { redirects } });
    const saved = await put([
      { from: '/old-shop/*', to: '/shop/*', status: 301 },
      { from: '/blog/[post]', to: '/journal/[post]', status: 302 },
      { from: '/shop', to: 'https://elsewhere.example/store', status: 302 },
      { from: '/promo', to: '/shop/test-mug?from=promo' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect((await get('/old-shop/test-mug', ownHost).expect(301)).headers.location).toBe('/shop/test-mug');
    expect((await get('/blog/hello', ownHost).expect(302)).headers.location).toBe('/journal/hello');
    expect((await get('/shop', ownHost).expect(302)).headers.location).toBe('https://elsewhere.example/store');
    expect((await get('/promo', ownHost).expect(301)).headers.location).toBe('/shop/test-mug?from=promo');
    // The same list from another website's Host does nothing there.
    await get('/old-shop/merino-wool-throw').expect(404);

    const loop = await put([
      { from: '/a', to: '/b', status: 301 },
      { from: '/b', to: '/a', status: 301 },
    ]);
    expect(loop.statusCode).toBe(400);
    expect(loop.body).toContain(SeoMessages.redirectLoop.replace('{from}', '/a').replace('{path}', '/a'));
    const wildLoop = await put([{ from: '/x/*', to: '/x/*', status: 301 }]);
    expect(wildLoop.statusCode).toBe(400);
    const bad = await put([{ from: 'no-slash', to: '/x', status: 301 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SeoMessages.redirectFrom);
    // Nothing of a refused list was kept.
    expect((await get('/blog/hello', ownHost).expect(302)).headers.location).toBe('/journal/hello');
    await put([]);
  });

  /** Every URL the sitemaps of a host list, each file checked against the schemas. */
  async function sitemapUrls(host?: string): Promise<{ index: string; files: string[]; urls: string[]; images: string[] }> {
    const index = await get('/sitemap.xml', host).expect(200).expect('content-type', 'application/xml; charset=utf-8');
    validate(index.text, 'siteindex.xsd');
    const files = locs(index.text);
    const urls: string[] = [];
    const images: string[] = [];
    for (const file of files) {
      const origin = new URL(file).origin;
      const response = await get(file.slice(origin.length), host).expect(200);
      validate(response.text, 'sitemap-with-images.xsd');
      urls.push(...[...response.text.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? ''));
      images.push(...[...response.text.matchAll(/<image:loc>([^<]*)<\/image:loc>/g)].map((m) => m[1] ?? ''));
    }
    return { index: index.text, files, urls, images };
  }

  it('lists every public page of the demo in a sitemap index of per-type sitemaps that validate against the sitemaps.org schemas', async () => {
    const { files, urls, images, index } = await sitemapUrls();
    expect(files).toEqual(
      ['pages', 'products', 'posts', 'events', 'galleries', 'categories'].map((type) => `${PUBLIC_URL}/sitemaps/${type}-1.xml`),
    );
    expect(index).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    const pages = await demoPages();
    expect([...urls].sort()).toEqual(pages.map((p) => `${PUBLIC_URL}${p}`).sort());
    expect(new Set(urls).size).toBe(urls.length);
    expect(images.length).toBeGreaterThanOrEqual(9);
    for (const image of images.slice(0, 3)) await get(image.slice(PUBLIC_URL.length)).expect(200);
    await get('/sitemaps/products-2.xml').expect(404);
    await get('/sitemaps/nothing-1.xml').expect(404);
    await get('/sitemaps/products-0.xml').expect(404);
  }, 60_000);

  it("lists only a website's public, published items, at the website's own domain", async () => {
    const items = content.parts.items;
    const made = async (title: string, status: string) =>
      items.create(
        own.websiteId,
        own.storeId,
        ItemBody.parse({ ...productBody(title, 1000), urlId: title.toLowerCase().replaceAll(' ', '-'), status }),
        'store',
      );
    await made('Draft Mug', 'draft');
    await made('Private Mug', 'private');
    const gone = await made('Deleted Mug', 'published');
    await items.delete(own.websiteId, gone.id, 'store');
    await made('Listed Mug', 'published');
    const { urls, files } = await sitemapUrls(ownHost);
    expect(files.every((f) => f.startsWith(`https://${ownHost}/sitemaps/`))).toBe(true);
    expect(urls.filter((u) => u.includes('/shop/')).sort()).toEqual([
      `https://${ownHost}/shop/listed-mug`,
      `https://${ownHost}/shop/test-mug`,
    ]);
    expect(urls).toContain(`https://${ownHost}/shop`);
    for (const url of urls) await get(new URL(url).pathname, ownHost).expect(200);
  }, 60_000);

  it("writes robots.txt: the private paths kept out, the owner's lines, the sitemap at the website's origin", async () => {
    const demo = await get('/robots.txt').expect(200).expect('content-type', 'text/plain; charset=utf-8');
    for (const path of ['/cart', '/checkout', '/account', '/search', '/config']) expect(demo.text).toContain(`Disallow: ${path}\n`);
    expect(demo.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml\n`);
    const saved = await ownerCall(content, 'PUT', `/api/content-service/1.0/websites/${own.websiteId}/settings`, own.websiteId, {
      seo: { robotsTxt: 'Disallow: /drafts/\nSitemap: https://evil.example/s.xml\n\nUser-agent: BadBot\nDisallow: /' },
    });
    expect(saved.statusCode).toBe(200);
    const ownRobots = await get('/robots.txt', ownHost).expect(200);
    expect(ownRobots.text).toBe(
      [
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /account',
        'Disallow: /search',
        'Disallow: /config',
        'Disallow: /api/',
        'Allow: /api/content-service/public/1.0/assets/',
        'Disallow: /drafts/',
        '',
        'User-agent: BadBot',
        'Disallow: /',
        '',
        `Sitemap: https://${ownHost}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('gives each blog an RSS 2.0 feed, named by a link tag on its pages, that validates and has the required elements', async () => {
    const journal = await get('/journal').expect(200);
    expect(journal.text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Journal — Harbour &amp; Pine" href="${PUBLIC_URL}/journal?format=rss">`,
    );
    const feed = await get('/journal?format=rss').expect(200).expect('content-type', 'application/rss+xml; charset=utf-8');
    validateFeed(feed.text, 'rss-2.0.rng');
    const channel = /<channel>([\s\S]*?)<item>/.exec(feed.text)?.[1] ?? '';
    expect(channel).toContain('<title>Journal — Harbour &amp; Pine</title>');
    expect(channel).toContain(`<link>${PUBLIC_URL}/journal</link>`);
    expect(channel).toMatch(/<description>[^<]+<\/description>/);
    expect(channel).toContain(`<atom:link href="${PUBLIC_URL}/journal?format=rss" rel="self" type="application/rss+xml"/>`);
    const items = [...feed.text.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      const link = /<link>([^<]+)<\/link>/.exec(item)?.[1] ?? '';
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toContain(`<guid isPermaLink="true">${link}</guid>`);
      expect(new Date(/<pubDate>([^<]+)<\/pubDate>/.exec(item)?.[1] ?? '').getTime()).toBeGreaterThan(0);
      await get(link.slice(PUBLIC_URL.length)).expect(200);
    }
    expect(feed.text).toContain(`<link>${PUBLIC_URL}/journal/meet-the-potter-jonah-reyes</link>`);
    await get('/shop?format=rss').expect(404);
    await get('/journal/meet-the-potter-jonah-reyes?format=rss').expect(404);
    expect(headOf((await get('/shop').expect(200)).text).canonicals).toEqual([`${PUBLIC_URL}/shop`]);
  });

  it('gives each blog an Atom feed, named by a link tag on its pages, that validates against RFC 4287 and lists the same posts as the RSS feed', async () => {
    const journal = await get('/journal/meet-the-potter-jonah-reyes').expect(200);
    expect(journal.text).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Journal — Harbour &amp; Pine" href="${PUBLIC_URL}/journal?format=atom">`,
    );
    const feed = await get('/journal?format=atom').expect(200).expect('content-type', 'application/atom+xml; charset=utf-8');
    validateFeed(feed.text, 'atom.rng');
    const head = feed.text.slice(0, feed.text.indexOf('<entry>'));
    expect(head).toContain(`<id>${PUBLIC_URL}/journal</id>`);
    expect(head).toContain(`<link rel="self" type="application/atom+xml" href="${PUBLIC_URL}/journal?format=atom"/>`);
    expect(head).toContain(`<link rel="alternate" type="text/html" href="${PUBLIC_URL}/journal"/>`);
    // RFC 4287's rules beyond its schema: the feed has an author (so every entry has one), every
    // entry an alternate link (none has content), ids are unique.
    expect(head).toMatch(/<author><name>Harbour &amp; Pine<\/name>/);
    const entries = [...feed.text.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1] ?? '');
    const ids = entries.map((entry) => /<id>([^<]+)<\/id>/.exec(entry)?.[1] ?? '');
    expect(new Set(ids).size).toBe(entries.length);
    for (const entry of entries) expect(entry).toMatch(/<link rel="alternate" type="text\/html" href="[^"]+"\/>/);
    const rss = (await get('/journal?format=rss').expect(200)).text;
    expect(ids).toEqual([...rss.matchAll(/<guid isPermaLink="true">([^<]+)<\/guid>/g)].map((m) => m[1]));
    await get('/shop?format=atom').expect(404);
    await get('/journal/meet-the-potter-jonah-reyes?format=atom').expect(404);
    // A post whose title and tags try to break out of the XML still validates, and reads back as written.
    const blog = await content.parts.collections.create(own.websiteId, {
      type: CollectionType.GENERIC,
      kind: 'blog',
      title: 'Notes <&>',
      urlId: 'notes',
    });
    const hostile = 'Mugs ]]> </title><script>x</script> & "more" \u0001';
    await content.parts.items.create(
      own.websiteId,
      blog.id,
      ItemBody.parse({
        recordType: 1,
        title: hostile,
        tags: ['a&b', '<c>'],
        excerpt: '<p>Fired &amp; glazed</p>',
        author: { displayName: 'Jo <Potter>' },
      }),
      'content',
    );
    await eventually(async () => {
      const atom = (await get('/notes?format=atom', ownHost).expect(200)).text;
      validateFeed(atom, 'atom.rng');
      expect(atom).toContain('<title type="text">Mugs ]]&gt; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &amp; &quot;more&quot; </title>');
      expect(atom).toContain('<category term="a&amp;b"/><category term="&lt;c&gt;"/>');
      validateFeed((await get('/notes?format=rss', ownHost).expect(200)).text, 'rss-2.0.rng');
    });
  });

  it("uses a product's own SEO title, description and social image in its head, with the site's title left alone", async () => {
    const items = content.parts.items;
    const seo = {
      title: 'The Mug — handmade </script>',
      description: 'Our best mug, <b>fired</b> twice.',
      socialImage: 'https://cdn.example/mug-card.jpg',
    };
    await items.replace(
      own.websiteId,
      own.product.id,
      ItemBody.parse({ ...productBody('Test Mug', 2400), urlId: 'test-mug', seo }),
      'store',
    );
    const stored = await items.get(own.websiteId, own.product.id, 'store');
    expect(stored.seo).toEqual(seo);
    let response = await get('/shop/test-mug', ownHost).expect(200);
    await eventually(async () => {
      response = await get('/shop/test-mug', ownHost).expect(200);
      expect(response.text).toContain('<title>The Mug — handmade &lt;/script&gt;</title>');
    });
    const head = headOf(response.text);
    expect(head.meta.get('description')).toEqual([seo.description]);
    expect(head.meta.get('og:title')).toEqual([seo.title]);
    expect(head.meta.get('og:image')).toEqual([seo.socialImage]);
    expect(head.meta.get('twitter:image')).toEqual([seo.socialImage]);
    // Saved without them, the page's own come back.
    await items.replace(own.websiteId, own.product.id, ItemBody.parse({ ...productBody('Test Mug', 2400), urlId: 'test-mug' }), 'store');
    await eventually(async () =>
      expect(headOf((await get('/shop/test-mug', ownHost).expect(200)).text).meta.get('og:title')).toEqual(['Test Mug']),
    );
  });

  it("uses a collection's own SEO fields on its page", async () => {
    const seo = { title: 'Mugs & cups from the studio', description: 'Every mug we make.' };
    await content.parts.collections.update(own.websiteId, own.storeId, { seo }, 'store');
    await eventually(async () => expect(headOf((await get('/shop', ownHost).expect(200)).text).meta.get('og:title')).toEqual([seo.title]));
    const head = headOf((await get('/shop', ownHost).expect(200)).text);
    expect(head.meta.get('description')).toEqual([seo.description]);
    expect(head.canonicals).toEqual([`https://${ownHost}/shop`]);
  });
});
