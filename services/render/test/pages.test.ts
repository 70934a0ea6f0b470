// The demo website's pages rendered from the real content service: prices, badges and variants
// on product and collection pages, blog, gallery, events, home, search and cart pages, the page
// types of 404 and error pages, ?format=json, ETag and 304, caching, and invalidation by content
// events.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { DEMO_CONTENT, ItemBody, PageType, ProductFormData, SearchResponse, SiteContextData } from '@sc/contracts';
import { asFromGateway, unique, waitFor } from '@sc/platform/test-kit';
import {
  ownerCall,
  newStore,
  page,
  productBody,
  SIGNING_KEY,
  startContent,
  startRender,
  type ContentKit,
  DEMO_START_TIMEOUT_MS,
} from './kit.js';

/** The parts of a collection page's context these tests read. */
interface ShopContext {
  pageType: number;
  website: Record<string, unknown>;
  websiteSettings: { storeSettings: { selectedCurrency: string } };
  collection: Record<string, unknown>;
  items: Array<{ structuredContent: { variants: Array<{ priceMoney: unknown }> } }>;
  navigation: { main: Array<{ title: string }> };
}

/** The JSON of an island's data tag in a page. */
function islandData(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as unknown) : undefined;
}

describe('site pages', () => {
  let content: ContentKit;
  let render: FastifyInstance;

  // Migrating and seeding the demo website takes a while on a busy machine.
  beforeAll(async () => {
    content = await startContent();
    render = await startRender(content);
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await render?.close();
    await content?.close();
  });

  it('renders the home page (page type page) with its blocks: text, products with prices and badges, gallery, newsletter mount', async () => {
    const response = await page(render, '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain(`data-page-type="${PageType.PAGE}"`);
    expect(html).toContain('<h1>Made slowly on Fore Street</h1>');
    expect(html).toContain('<title>Home — Harbour &amp; Pine</title>');
    expect(html).toMatch(
      /data-item-id="demo-product-serving-bowl"[\s\S]*?<div class="product-mark sold-out">sold out<\/div>[\s\S]*?\$88\.00/,
    );
    expect(html).toMatch(
      /data-item-id="demo-product-candle-trio"[\s\S]*?<div class="product-mark sale">sale<\/div>[\s\S]*?<span class="sale-price">\$27\.00<\/span> <span class="original-price">\$36\.00<\/span>/,
    );
    expect(html).toContain('class="gallery gallery-grid');
    expect(html).toContain('data-island="newsletter"');
    expect(html).toContain('data-island="newsletter" data-form-id="demo-newsletter"');
    expect(islandData(html, 'newsletter-data')).toEqual({
      title: 'Studio letters',
      description: 'A short letter each month: new makes, market dates, no noise.',
      captchaSiteKey: null,
      formId: DEMO_CONTENT.newsletterFormId,
    });
  });

  it('renders the contact page with its form block and names the form island', async () => {
    const html = (await page(render, '/contact')).body;
    expect(html).toContain('<h2>Write to us</h2>');
    expect(html).toContain(`<div class="form-mount" data-island="form" data-form-id="${DEMO_CONTENT.contactFormId}">`);
    expect(islandData(html, 'form-data')).toEqual({ formId: DEMO_CONTENT.contactFormId });
    expect(islandData(html, 'donation-data')).toBeUndefined();
  });

  it('renders the store collection with every product, its price, badge and category links', async () => {
    const html = (await page(render, '/shop')).body;
    expect(html).toContain(`data-page-type="${PageType.MAIN_CONTENT}"`);
    for (const id of Object.values(DEMO_CONTENT.products)) expect(html).toContain(`data-item-id="${id}"`);
    expect(html).toMatch(/Waxed Canvas Market Tote<\/h3>\s*<\/a>\s*<div class="product-price">from \$68\.00<\/div>/);
    expect(html).toMatch(/Merino Wool Throw<\/h3>\s*<\/a>\s*<div class="product-price">from \$145\.00<\/div>/);
    expect(html).toContain('<div class="product-price">$19.00 every month</div>');
    expect(html).toContain('href="/shop/category/kitchen-table">Kitchen &amp; Table</a>');
    // The sold-out bowl carries the badge; the digital guide never does.
    expect(html).toMatch(/data-item-id="demo-product-sourdough-guide"[\s\S]*?<\/article>/);
    expect(/data-item-id="demo-product-sourdough-guide"[\s\S]*?<\/article>/.exec(html)?.[0]).not.toContain('product-mark');
  });

  it('renders a category page with only its products', async () => {
    const html = (await page(render, '/shop/category/kitchen-table')).body;
    expect(html).toContain('<h1>Kitchen &amp; Table</h1>');
    expect(html).toContain('data-item-id="demo-product-serving-bowl"');
    expect(html).not.toContain('data-item-id="demo-product-canvas-tote"');
  });

  it('renders a product page: variant dropdowns, quantity, add-to-cart, badges, mounts and the islands’ data', async () => {
    const response = await page(render, '/shop/waxed-canvas-market-tote');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`data-page-type="${PageType.CONTENT_ITEM}"`);
    expect(html).toContain('<div class="product-price">from $68.00</div>');
    expect(html).toContain(
      '<select aria-label="Select Colour" data-variant-option-name="Colour"><option value="">Select Colour</option><option value="Olive">Olive</option><option value="Navy">Navy</option></select>',
    );
    expect(html).toContain('<option value="Medium">Medium</option><option value="Large">Large</option>');
    expect(html).toContain('type="number" min="1" max="9999" step="1" value="1"');
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
    for (const mount of ['product-form', 'installment-pill', 'restock-form', 'product-reviews', 'cart-pill'])
      expect(html).toContain(`data-island="${mount}"`);
    expect(html).toContain('<div class="product-restock-notification" data-product-id="demo-product-canvas-tote"');
    const form = ProductFormData.parse(islandData(html, 'product-form-data'));
    expect(form.variants.map((v) => [v.sku, v.priceMoney.value, v.qtyInStock])).toEqual([
      ['TOTE-OLV-M', '6800', 6],
      ['TOTE-OLV-L', '7800', 2],
      ['TOTE-NVY-M', '6800', 0],
      ['TOTE-NVY-L', '7800', 9],
    ]);
    expect(form).toMatchObject({ productType: 1, addButtonText: 'Add To Cart', quantityAllowed: true, soldOut: false, currency: 'USD' });
    expect(islandData(html, 'restock-form-data')).toMatchObject({
      productId: 'demo-product-canvas-tote',
      variants: expect.arrayContaining([expect.objectContaining({ soldOut: true })]),
    });
    const site = SiteContextData.parse(islandData(html, 'site-context-data'));
    expect(site).toMatchObject({
      websiteId: 'demo',
      pageType: PageType.CONTENT_ITEM,
      itemId: 'demo-product-canvas-tote',
      collectionId: 'demo-shop',
      currency: 'USD',
    });
  });

  it('shows the sold-out badge and no add button for a sold-out product; subscriptions say Subscribe; custom labels win', async () => {
    const bowl = (await page(render, '/shop/hand-thrown-serving-bowl')).body;
    expect(bowl).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(bowl).not.toContain('sqs-add-to-cart-button-inner');
    const coffee = (await page(render, '/shop/harbour-roast-coffee-subscription')).body;
    expect(coffee).toContain('<div class="sqs-add-to-cart-button-inner">Subscribe</div>');
    expect(coffee).not.toContain('product-quantity-input');
    const notebook = (await page(render, '/shop/engraved-leather-notebook')).body;
    expect(notebook).toContain('<div class="sqs-add-to-cart-button-inner">Personalise &amp; Add</div>');
    const guide = (await page(render, '/shop/the-weekend-sourdough-guide-pdf')).body;
    expect(guide).not.toContain('data-island="installment-pill"');
    expect(guide).not.toContain('data-island="restock-form"');
  });

  it('renders the blog list and a post with date, author, tags and comments', async () => {
    const list = (await page(render, '/journal')).body;
    expect(list).toContain('Why we wax our canvas by hand');
    expect(list).not.toContain('Autumn market dates');
    const post = await page(render, '/journal/why-we-wax-our-canvas-by-hand');
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('<h1>Why we wax our canvas by hand</h1>');
    expect(post.body).toContain(' · Maren Ellis');
    expect(post.body).toContain('href="/journal?tag=canvas">canvas</a>');
    expect(post.body).toContain('class="squarespace-comments"');
  });

  it('renders the gallery in its design with its options, and a gallery image page', async () => {
    const html = (await page(render, '/studio')).body;
    expect(html).toContain(
      'class="gallery gallery-grid auto-crop square-thumbs" style="--per-row: 3; --gap: 20px" data-aspect-ratio="four-three" data-lightbox="true"',
    );
    expect(html.match(/class="gallery-item"/g)).toHaveLength(6);
    const image = await page(render, '/studio/the-cutting-bench');
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('alt="Canvas patterns laid out on a wide wooden bench"');
  });

  it('renders the events list (upcoming first) and an event with its place and calendar link', async () => {
    const list = (await page(render, '/events')).body;
    const market = list.indexOf('Portland Makers Market');
    const studio = list.indexOf('Holiday Open Studio');
    expect(market).toBeGreaterThan(0);
    expect(studio).toBeGreaterThan(market);
    const event = (await page(render, '/events/portland-makers-market')).body;
    expect(event).toContain('<address class="event-location">Thompson\'s Point<br>Portland, ME 04102<br>United States</address>');
    expect(event).toContain('href="http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Portland%20Makers%20Market');
  });

  it("answers the search page (page type search) with content's ranked results, marked excerpts and the search mount", async () => {
    // What content's search route answers is what the page lists, in the same order.
    const answer = await content.app.inject({
      method: 'GET',
      url: '/api/content-service/public/1.0/search?q=canvas',
      headers: asFromGateway({ 'x-website-id': 'demo' }, SIGNING_KEY),
    });
    expect(answer.statusCode).toBe(200);
    const found = SearchResponse.parse(answer.json());
    expect(found.results.map((r) => r.url)).toContain('/shop/waxed-canvas-market-tote');
    const html = (await page(render, '/search?q=canvas')).body;
    expect(html).toContain(`data-page-type="${PageType.SEARCH}"`);
    expect(html).toContain('data-island="search"');
    expect(html).toContain(`<p class="search-count">${found.total} results for “canvas”</p>`);
    expect(html).toContain('<input id="search-q" type="search" name="q" value="canvas" maxlength="200">');
    const listed = [...html.matchAll(/<a class="search-result-title" href="([^"]*)">([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(listed).toEqual(found.results.map((r) => r.url));
    expect(html).toContain(
      '<span class="search-result-kind">Product</span> <a class="search-result-title" href="/shop/waxed-canvas-market-tote">Waxed Canvas Market Tote</a><p class="excerpt">',
    );
    expect(html).toMatch(/<p class="excerpt">[^<]*<mark>canvas<\/mark>/i);
    expect(html).not.toContain('search-pagination');
    // SPEC 2: no page-view record for /search; the storefront script reads the page type from here.
    expect(SiteContextData.parse(islandData(html, 'site-context-data')).pageType).toBe(PageType.SEARCH);
    expect(islandData(html, 'search-data')).toMatchObject({
      query: 'canvas',
      collections: expect.arrayContaining([{ id: 'demo-shop', title: 'Shop', fullUrl: '/shop' }]),
    });
  });

  it('shows the query box alone before a search, and a no-results message (query escaped) when nothing matches', async () => {
    const empty = (await page(render, '/search')).body;
    expect(empty).toContain('<input id="search-q" type="search" name="q" value="" maxlength="200">');
    for (const absent of ['search-count', 'search-results', 'search-empty']) expect(empty).not.toContain(absent);
    const blank = (await page(render, '/search?q=%20%20')).body;
    expect(blank).not.toContain('search-empty');
    const none = (await page(render, '/search?q=%3Cb%3Equuxly')).body;
    expect(none).toContain('<p class="search-empty">No results for “&lt;b&gt;quuxly”.</p>');
    expect(none).toContain('value="&lt;b&gt;quuxly"');
    expect(none).not.toContain('search-results');
  });

  it('pages through many results with links to the pages before and after', async () => {
    const store = await newStore(content, 'Glazed Mug 0');
    const items = content.parts.items;
    for (let i = 1; i < 12; i++) {
      await items.create(
        store.websiteId,
        store.storeId,
        ItemBody.parse({ ...productBody(`Glazed Mug ${i}`, 2400), urlId: `glazed-mug-${i}` }),
        'store',
      );
    }
    const first = (await page(render, '/search?q=glazed', store.websiteId)).body;
    expect(first).toContain('<p class="search-count">12 results for “glazed” · 1–10</p>');
    expect(first.match(/<li class="search-result /g)).toHaveLength(10);
    expect(first).toContain('<ol class="search-results" start="1">');
    expect(first).toContain('<a class="next-page" rel="next" href="/search?q=glazed&amp;page=2">Next</a>');
    expect(first).not.toContain('previous-page');
    const second = (await page(render, '/search?q=glazed&page=2', store.websiteId)).body;
    expect(second).toContain('<p class="search-count">12 results for “glazed” · 11–12</p>');
    expect(second.match(/<li class="search-result /g)).toHaveLength(2);
    expect(second).toContain('<ol class="search-results" start="11">');
    expect(second).toContain('<a class="previous-page" rel="prev" href="/search?q=glazed">Previous</a>');
    expect(second).not.toContain('next-page');
    // A page that is not a whole number from 1 to 100 is the first page.
    for (const bad of ['abc', '0', '101', '-2']) {
      expect((await page(render, `/search?q=glazed&page=${bad}`, store.websiteId)).body).toContain('· 1–10</p>');
    }
    const json = (await page(render, '/search?q=glazed&page=2&format=json', store.websiteId)).json<{ search: Record<string, unknown> }>();
    expect(json.search).toMatchObject({
      query: 'glazed',
      searched: true,
      total: 12,
      page: 2,
      pageSize: 10,
      pageCount: 2,
      first: 11,
      last: 12,
      nextPageUrl: null,
      previousPageUrl: '/search?q=glazed',
    });
  });

  it('answers the cart page (page type cart) with the cart mount and no cart pill', async () => {
    const html = (await page(render, '/cart')).body;
    expect(html).toContain(`data-page-type="${PageType.CART}"`);
    expect(html).toContain('data-island="cart-page"');
    expect(html).not.toContain('data-island="cart-pill"');
  });

  it('answers 404 with the not-found page type for unknown paths, items and draft posts', async () => {
    for (const path of ['/no-such-page', '/shop/no-such-product', '/journal/autumn-market-dates']) {
      const response = await page(render, path);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(`data-page-type="${PageType.NOT_FOUND}"`);
      expect(response.body).toContain('<h1>Page not found</h1>');
    }
  });

  it('returns the page context with ?format=json, collection pages with their items', async () => {
    const response = await page(render, '/shop?format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const context = response.json<ShopContext>();
    expect(context.pageType).toBe(PageType.MAIN_CONTENT);
    expect(context.website).toMatchObject({ id: 'demo', siteTitle: 'Harbour & Pine', language: 'en-US', timeZone: 'America/New_York' });
    expect(context.websiteSettings.storeSettings.selectedCurrency).toBe('USD');
    expect(context.collection).toMatchObject({ id: 'demo-shop', typeName: 'products' });
    expect(context.items).toHaveLength(9);
    expect(context.items[0]?.structuredContent.variants[0]?.priceMoney).toEqual({ value: '6800', currency: 'USD' });
    expect(context.navigation.main.map((l) => l.title)).toEqual(['Home', 'Shop', 'Journal', 'Studio', 'Events', 'About', 'Contact']);
    const item = (await page(render, '/shop/waxed-canvas-market-tote?format=json')).json<{
      item: { structuredContent: { productType: number } };
    }>();
    expect(item.item.structuredContent.productType).toBe(1);
  });

  it('sends an ETag and Cache-Control, answers 304 to If-None-Match, and serves repeats from the cache', async () => {
    const first = await page(render, '/journal');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Browsers revalidate; shared caches keep it as long as render does (PAGE_CACHE_TTL_MS), purged by its keys.
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(first.headers['surrogate-key']).toMatch(/^w-demo i-demo-journal( i-[\w-]+)+$/);
    expect(first.headers['cache-tag']).toBe((first.headers['surrogate-key'] as string).replaceAll(' ', ','));
    expect((await page(render, '/nothing-here')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await page(render, '/journal');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const revalidated = await page(render, '/journal', 'demo', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await page(render, '/journal', 'demo', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Parameters the page does not read share its cache entry.
    expect((await page(render, '/journal?utm_source=x')).headers['x-render-cache']).toBe('hit');
  });

  it('sends security headers, and a CSP whose nonce is on the island scripts of that page only', async () => {
    // A web build whose manifest names the cart pill's script, so pages load an island script.
    const dist = mkdtempSync(path.join(tmpdir(), 'render-csp-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/islands/cart-pill.tsx': { file: 'assets/cart-pill-b2.js', isEntry: true } }),
    );
    const withScripts = await startRender(content, { settings: { webDist: dist } });
    try {
      const policyOf = (response: { headers: Record<string, unknown> }) => String(response.headers['content-security-policy']);
      const first = await page(withScripts, '/shop');
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policyOf(first))?.[1] as string;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(first.body).toContain(`<script type="module" nonce="${nonce}" src="/assets/cart-pill-b2.js"></script>`);
      // Every script that can run carries it; data tags (never run) do not need it.
      for (const tag of first.body.match(/<script\b[^>]*>/g) ?? [])
        if (!tag.includes('application/json')) expect(tag).toContain(`nonce="${nonce}"`);
      expect(policyOf(first)).toContain("frame-ancestors 'self'");
      expect(policyOf(first)).toContain("object-src 'none'");
      expect(policyOf(first)).toContain("script-src-attr 'none'");
      expect(policyOf(first)).not.toContain('unsafe-eval');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
      // The cached page keeps its nonce (body and policy agree); another page has its own.
      const again = await page(withScripts, '/shop', 'demo', { 'accept-encoding': 'gzip' });
      expect(again.headers['x-render-cache']).toBe('hit');
      expect(policyOf(again)).toBe(policyOf(first));
      expect(gunzipSync(again.rawPayload).toString('utf8')).toContain(`nonce="${nonce}"`);
      expect(policyOf(await page(withScripts, '/journal'))).not.toContain(nonce);
      // Stripe's hosts on the cart page (its checkout's card step) only.
      expect(policyOf(first)).not.toContain('stripe');
      const cart = policyOf(await page(withScripts, '/cart?view=checkout'));
      expect(cart).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com 'nonce-[A-Za-z0-9+/=]+'/);
      expect(cart).toContain("connect-src 'self' https://api.stripe.com");
      expect(cart).toContain(
        'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
      );
      // Other answers get the headers too, without a nonce.
      const json = await page(withScripts, '/shop?format=json');
      expect(json.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.stringify(json.json())).not.toContain(nonce);
    } finally {
      await withScripts.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends the page gzipped to clients that accept it, as its own representation', async () => {
    const plain = await page(render, '/shop');
    const zipped = await page(render, '/shop', 'demo', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await page(render, '/shop', 'demo', { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves the theme stylesheet under a digest path for ever', async () => {
    const html = (await page(render, '/about')).body;
    const href = /<link rel="stylesheet" href="(\/_theme\/theme\.[0-9a-f]+\.css)">/.exec(html)?.[1] as string;
    const css = await page(render, href);
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('.product-grid');
  });

  it('drops a website’s cached pages when a content event arrives for it', async () => {
    const own = await newStore(content, 'Blue Mug');
    const first = await page(render, '/shop/test-mug', own.websiteId);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1 class="product-title">Blue Mug</h1>');
    // The events of the website's creation may still be arriving: once they are in, the page stays cached.
    await waitFor(
      async () => (await page(render, '/shop/test-mug', own.websiteId)).headers['x-render-cache'] === 'hit',
      10_000,
      'the page to be cached',
    );
    const replaced = await ownerCall(
      content,
      'PUT',
      `/api/content-service/product/1.1/websites/${own.websiteId}/products/${own.storeId}/items/${own.product.id}`,
      own.websiteId,
      productBody('Green Mug', 2900),
    );
    expect(replaced.statusCode).toBe(200);
    const fresh = await waitFor(
      async () => {
        const response = await page(render, '/shop/test-mug', own.websiteId);
        return response.body.includes('Green Mug') ? response : undefined;
      },
      10_000,
      'the page to show the change',
    );
    expect(fresh.body).toContain('<div class="product-price">$29.00</div>');
    expect(fresh.body).not.toContain('Blue Mug');
    // Content drops its own cached answers before its event leaves, so the page render made on the
    // event (and cached) is already the new one: nothing has to make it stale a second time.
    const cached = await waitFor(
      async () => {
        const response = await page(render, '/shop/test-mug', own.websiteId);
        return response.headers['x-render-cache'] === 'hit' ? response : undefined;
      },
      10_000,
      'the changed page to be cached',
    );
    expect(cached.body).toContain('Green Mug');
    // The demo website's pages stay cached.
    expect((await page(render, '/journal')).headers['x-render-cache']).toBe('hit');
  });

  it('escapes what owners write in titles and cleans their rich text', async () => {
    const own = await newStore(content);
    const body = {
      ...productBody('<script>alert(1)</script> & "Mug"', 1000),
      body: '<p onclick="x()">Hi<script>alert(2)</script><a href="javascript:alert(3)">link</a></p>',
    };
    expect(
      (
        await ownerCall(
          content,
          'PUT',
          `/api/content-service/product/1.1/websites/${own.websiteId}/products/${own.storeId}/items/${own.product.id}`,
          own.websiteId,
          body,
        )
      ).statusCode,
    ).toBe(200);
    const html = (
      await waitFor(async () => {
        const response = await page(render, '/shop/test-mug', own.websiteId);
        return response.body.includes('alert(1)') ? response : undefined;
      })
    ).body;
    expect(html).toContain('<h1 class="product-title">&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Mug"</h1>');
    expect(html).toContain('<div class="product-body"><p>Hi<a>link</a></p></div>');
    expect(html).not.toContain('<script>alert');
    const form = islandData(html, 'product-form-data') as { title: string };
    expect(form.title).toBe('<script>alert(1)</script> & "Mug"');
  });
});

describe('when content does not answer', () => {
  let render: FastifyInstance;

  beforeAll(async () => {
    render = await startRender(undefined, { settings: { contentUrl: 'http://127.0.0.1:9', contentTimeoutMs: 1_000 } });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await render?.close();
  });

  it('answers 503 with the error page type, not cached', async () => {
    // A website of its own: with a shared Redis the demo's pages may be cached by another suite.
    const websiteId = unique('down');
    const response = await page(render, '/shop', websiteId);
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`data-page-type="${PageType.ERROR}"`);
    expect(response.body).toContain('<h1>Something went wrong</h1>');
    expect((await page(render, '/shop', websiteId)).headers['x-render-cache']).toBe('miss');
  });
});
