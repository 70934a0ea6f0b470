// The content service behind the real gateway: the Host header picks the website (domains from
// content, cached by the gateway), unknown hosts get the configured fallback website (or, without
// one, a 404 page), a client's
// own X-Website-Id is ignored, and a 200-product store lists through the gateway in one page.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { ProductType, WebsiteMessages } from '@sc/contracts';
import { testConfig } from '@sc/platform/test-kit';
import { buildApp } from '../src/app.js';
import { ItemService } from '../src/items/items.service.js';
import { CollectionService } from '../src/collections/collections.service.js';
import { WebsiteService } from '../src/websites/websites.service.js';
import type { ContentDB } from '../src/tables.js';
import type { ServiceContext } from '@sc/platform';
import { ItemBody } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';

describe('content through the gateway', () => {
  let content: FastifyInstance;
  let gateway: FastifyInstance;
  let siteA: string;
  let fallback: string;
  let domainA: string;
  let storeId: string;
  let contentUrl: string;

  beforeAll(async () => {
    content = await buildApp({ config: testConfig() });
    const url = await content.listen({ port: 0, host: '127.0.0.1' });
    contentUrl = url;
    const ctx = content.serviceContext as ServiceContext<ContentDB>;
    const websites = new WebsiteService(ctx);
    siteA = unique('gw');
    fallback = unique('fallback');
    domainA = `${siteA.replaceAll('_', '-')}.shop.example`;
    await websites.create({ id: siteA, title: 'Gateway A', templateId: 'harbour', domains: [domainA] });
    await websites.create({ id: fallback, title: 'Fallback', templateId: 'harbour', domains: [] });
    const store = await new CollectionService(ctx).createStore(siteA, {
      navigationTitle: 'Shop',
      title: 'Shop',
      urlId: 'shop',
      enabled: true,
    });
    storeId = store.id;
    const items = new ItemService(ctx);
    for (let i = 0; i < 200; i++) {
      const body = ItemBody.parse({
        recordType: 11,
        title: `Product ${i}`,
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variantOptionOrdering: ['Size'],
          variants: ['S', 'M', 'L'].map((size) => ({
            sku: `P${i}-${size}`,
            attributes: { Size: size },
            priceMoney: { value: String(1000 + i), currency: 'USD' },
            qtyInStock: 5,
          })),
        },
      });
      await items.create(siteA, storeId, body, 'store');
    }
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        CONTENT_URL: url,
        FALLBACK_WEBSITE_ID: fallback,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
      }),
    });
    await gateway.ready();
    // 200 products written one by one: about 15 s alone, over 30 s on a loaded CI machine.
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await content?.close();
  });

  it('picks the website from the Host header', async () => {
    const response = await request(gateway.server).get('/api/content-service/public/1.0/site').set('Host', `${domainA}:8080`).expect(200);
    expect(response.body).toMatchObject({ id: siteA, title: 'Gateway A' });
  });

  it('sends hosts no website has to the configured fallback website', async () => {
    const response = await request(gateway.server)
      .get('/api/content-service/public/1.0/site')
      .set('Host', 'unknown.example.net')
      .expect(200);
    expect(response.body.id).toBe(fallback);
  });

  it("ignores a client's own X-Website-Id", async () => {
    const response = await request(gateway.server)
      .get('/api/content-service/public/1.0/site')
      .set('Host', 'unknown.example.net')
      .set('X-Website-Id', siteA)
      .expect(200);
    expect(response.body.id).toBe(fallback);
  });

  it('has no fallback website unless configured: a host no website has gets a 404 page, and nothing of any website', async () => {
    expect(GatewayEnv.parse({}).FALLBACK_WEBSITE_ID).toBeUndefined();
    const strict = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        CONTENT_URL: contentUrl,
        FALLBACK_WEBSITE_ID: undefined,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
      }),
    });
    await strict.ready();
    try {
      const page = await request(strict.server).get('/').set('Host', 'unknown.example.net').expect(404);
      expect(page.text).toContain(WebsiteMessages.unknownHost);
      expect(page.text).not.toContain('Gateway A');
      const api = await request(strict.server)
        .get('/api/content-service/public/1.0/site')
        .set('Host', 'unknown.example.net')
        .set('X-Website-Id', siteA)
        .expect(404);
      expect(api.body).toEqual({ error: { code: 'NOT_FOUND', message: WebsiteMessages.unknownHost } });
      const known = await request(strict.server).get('/api/content-service/public/1.0/site').set('Host', domainA).expect(200);
      expect(known.body.id).toBe(siteA);
      await request(strict.server).get('/healthz').set('Host', 'unknown.example.net').expect(200);
    } finally {
      await strict.close();
    }
  });

  it('lists a 200-product store in one page', async () => {
    const response = await request(gateway.server)
      .get(`/api/content-service/public/1.0/collections/${storeId}/items?limit=200`)
      .set('Host', domainA)
      .expect(200);
    expect(response.body.items).toHaveLength(200);
    expect(response.body.hasNextPage).toBe(false);
    expect(response.body.items[199].structuredContent.variants).toHaveLength(3);
    // Browsers ask for gzip: the cached listing crosses the gateway compressed, and reads the same.
    const gzipped = await request(gateway.server)
      .get(`/api/content-service/public/1.0/collections/${storeId}/items?limit=200`)
      .set('Host', domainA)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toEqual(response.body);
    // The same store is not there for another host.
    await request(gateway.server)
      .get(`/api/content-service/public/1.0/collections/${storeId}/items`)
      .set('Host', 'unknown.example.net')
      .expect(404);
  });
});
