// The demo website through the real gateway, as a browser sees it: the Host decides the website
// (unknown hosts get the demo site), every non-API path reaches render, and ?format=json gives
// the context of the same path.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { PageType } from '@sc/contracts';
import { SIGNING_KEY, startContent, startRender, type ContentKit, DEMO_START_TIMEOUT_MS } from './kit.js';

describe('the demo website through the gateway', () => {
  let content: ContentKit;
  let render: FastifyInstance;
  let gateway: FastifyInstance;

  // Migrating and seeding the demo website takes a while on a busy machine.
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
      }),
    });
    await gateway.ready();
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.close();
    await render?.close();
    await content?.close();
  });

  const get = (path: string) => request(gateway.server).get(path).set('Host', 'visitor.example.net');

  it.each([
    ['/', PageType.PAGE, 'Made slowly on Fore Street'],
    [
      '/shop',
      PageType.MAIN_CONTENT,
      '<div class="product-price"><span class="sale-price">$27.00</span> <span class="original-price">$36.00</span></div>',
    ],
    ['/shop/merino-wool-throw', PageType.CONTENT_ITEM, '<option value="Oatmeal">Oatmeal</option><option value="Slate">Slate</option>'],
    ['/shop/hand-thrown-serving-bowl', PageType.CONTENT_ITEM, '<div class="product-mark sold-out">sold out</div>'],
    ['/journal', PageType.MAIN_CONTENT, 'A slow Sunday loaf'],
    ['/journal/meet-the-potter-jonah-reyes', PageType.CONTENT_ITEM, '<h1>Meet the potter: Jonah Reyes</h1>'],
    ['/studio', PageType.MAIN_CONTENT, 'class="gallery gallery-grid'],
    ['/events', PageType.MAIN_CONTENT, 'Evening Glaze Workshop'],
    ['/events/holiday-open-studio', PageType.CONTENT_ITEM, '<h1>Holiday Open Studio</h1>'],
    ['/search?q=wool', PageType.SEARCH, 'href="/shop/merino-wool-throw"'],
  ])('%s renders (page type %i)', async (path, pageType, expected) => {
    const response = await get(path).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(`data-page-type="${pageType}"`);
    expect(response.text).toContain(expected);
    expect(response.headers.etag).toBeDefined();
  });

  it('gives the context of the same path with ?format=json', async () => {
    const response = await get('/shop/merino-wool-throw?format=json').expect(200);
    expect(response.body.item.title).toBe('Merino Wool Throw');
    expect(response.body.item.structuredContent.variants.map((v: { priceMoney: { value: string } }) => v.priceMoney.value)).toEqual([
      '14500',
      '21000',
      '14500',
      '21000',
    ]);
    const list = await get('/journal?format=json').expect(200);
    expect(list.body.items.map((i: { title: string }) => i.title)).toContain('Why we wax our canvas by hand');
  });

  it('searches the site through content behind the gateway, the query and page passed on', async () => {
    const response = await get('/search?q=wool&page=1').expect(200);
    expect(response.text).toMatch(/<p class="search-count">\d+ results? for “wool”<\/p>/);
    expect(response.text).toMatch(/<p class="excerpt">[^<]*<mark>wool<\/mark>/i);
    const none = await get('/search?q=quuxly').expect(200);
    expect(none.text).toContain('<p class="search-empty">No results for “quuxly”.</p>');
  });

  it('answers 304 to a browser holding the page, and 404 with its page type', async () => {
    const first = await get('/events').expect(200);
    await get('/events')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    const missing = await get('/no/such/page').expect(404);
    expect(missing.text).toContain(`data-page-type="${PageType.NOT_FOUND}"`);
  });
});
