// The gateway in front of the real cart service and a small echo service (to see exactly what the
// gateway forwards). Real Postgres/NATS/Redis when their URLs are set, embedded ones otherwise.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import request from 'supertest';
import { buildApp as buildCart, CART_COOKIE } from '@sc/cart';
import { CartMessages, DEMO_WEBSITE_ID, type EventEnvelope } from '@sc/contracts';
import { freePort, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { buildGateway, GatewayEnv, ROUTES, serviceFor } from '../src/index.js';

function cookiesOf(response: request.Response): Record<string, string> {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  return Object.fromEntries((header ?? []).map((c) => c.split(';')[0]!.split('=') as [string, string]));
}

describe('route table', () => {
  it.each([
    ['/api/commerce/shopping-cart', 'cart'],
    ['/api/3/commerce/cart/subscription', 'cart'],
    ['/api/commerce/fullstory/getId', 'analytics'],
    ['/api/form/FormSubmissionKey', 'forms'],
    ['/api/rest/forms/validate/abc', 'forms'],
    ['/api/template/GetTemplateSchema', 'forms'],
    ['/api/site-users/account/notifications/restock/groups', 'restock'],
    ['/api/site-users/account/session', 'identity'],
    ['/api/site-users/account/locale', 'identity'],
    ['/api/auth/session', 'identity'],
    ['/api/census/RecordHit', 'analytics'],
    ['/api/events/RecordEvent', 'analytics'],
    ['/api/1/performance/records', 'analytics'],
    ['/api/content-service/product/1.1/websites/w/products', 'content'],
    ['/api/commondata/GetSiteLayout', 'content'],
    ['/api/widget/UpdateNavigation', 'content'],
    ['/api/site-header-footer', 'content'],
    ['/api/multilingual/settings', 'content'],
    ['/api/v1/commerce-preferences/checkout', 'content'],
    ['/', 'render'],
    ['/shop/p/linen-shirt', 'render'],
    ['/api/nothing-here', undefined],
  ])('%s → %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it('has no prefix twice', () => {
    const prefixes = ROUTES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('gateway in front of services', () => {
  let cart: FastifyInstance;
  let echo: FastifyInstance;
  let gateway: FastifyInstance;
  const seen: Array<{ url: string; headers: Record<string, unknown>; body: unknown }> = [];

  beforeAll(async () => {
    cart = await buildCart({ config: testConfig() });
    const cartUrl = await cart.listen({ port: 0, host: '127.0.0.1' });
    // A plain echo service standing in for services whose routes are not built yet: it records
    // what the gateway forwarded.
    echo = Fastify();
    echo.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    echo.all('/*', async (req) => {
      seen.push({ url: req.url, headers: req.headers, body: req.body });
      return { echoed: req.url };
    });
    const echoUrl = await echo.listen({ port: 0, host: '127.0.0.1' });
    const closedPort = await freePort();
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        LOG_LEVEL: 'silent',
        CART_URL: cartUrl,
        FORMS_URL: echoUrl,
        RENDER_URL: echoUrl,
        // Nothing listens here: the analytics service is "down".
        ANALYTICS_URL: `http://127.0.0.1:${closedPort}`,
        RATE_LIMIT_MAX: '1000',
      }),
    });
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway.close();
    await cart.close();
    await echo.close();
  });

  it('creates a guest cart through the proxy, sets the cart cookie (no crumb), and reads it back', async () => {
    const first = await request(gateway.server).get('/api/commerce/shopping-cart').expect(200);
    expect(first.body).toMatchObject({ entries: [], subtotalCents: 0, grandTotalCents: 0, isPurchased: false, orderId: null });
    const cookies = cookiesOf(first);
    expect(cookies[CART_COOKIE]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookies.crumb).toBeUndefined();
    expect(first.headers['set-cookie']?.toString()).toMatch(/ss_cart=[^;]+;.*HttpOnly/);
    const again = await request(gateway.server)
      .get('/api/commerce/shopping-cart?calculateSubtotal=true')
      .set('Cookie', `${CART_COOKIE}=${cookies[CART_COOKIE]}`)
      .expect(200);
    expect(again.body.id).toBe(first.body.id);
    expect(cookiesOf(again)[CART_COOKIE]).toBeUndefined();
  });

  it('publishes commerce.cart.created, which a consumer receives from the bus', async () => {
    const received: EventEnvelope[] = [];
    const bus = cart.serviceContext!.bus;
    const sub = await bus.subscribe({
      durable: unique('gateway_test'),
      subjects: ['commerce.cart.created'],
      newOnly: true,
      forgetAfterIdleMs: 60_000,
      handler: async (event) => void received.push(event),
    });
    const response = await request(gateway.server).get('/api/commerce/shopping-cart').expect(200);
    const event = await waitFor(
      () => received.find((e) => (e.data as { cartId: string }).cartId === response.body.id),
      10_000,
      'cart event',
    );
    // No website has this host as a domain, so the gateway serves the fallback (demo) website.
    expect(event).toMatchObject({
      type: 'commerce.cart.created',
      websiteId: DEMO_WEBSITE_ID,
      data: { cartId: response.body.id, websiteId: DEMO_WEBSITE_ID },
    });
    await sub.stop();
  });

  it('answers invalid input with a 400 and the standard error body', async () => {
    const response = await request(gateway.server).get('/api/commerce/shopping-cart?unknown=1').expect(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(typeof response.body.error.message).toBe('string');
  });

  it('echoes a request id, and forwards the one it was given', async () => {
    const made = await request(gateway.server).get('/any/page').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.at(-1)?.headers['x-request-id']).toBe(made.headers['x-request-id']);
    const given = await request(gateway.server).get('/another/page').set('X-Request-Id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    expect(seen.at(-1)?.headers['x-request-id']).toBe('abc-123');
  });

  it('carries trace context to the service', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await request(gateway.server).get('/traced').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`).expect(200);
    // Without a started SDK the gateway passes the incoming context through unchanged.
    expect(seen.at(-1)?.headers.traceparent).toEqual(expect.stringContaining(traceId));
  });

  it('drops headers only the gateway may set', async () => {
    await request(gateway.server)
      .get('/p')
      .set('X-Website-Id', 'someone-elses-site')
      .set('X-Sc-Identity', 'forged')
      .set('X-Sc-Identity-Signature', 'forged')
      .expect(200);
    const headers = seen.at(-1)!.headers;
    expect(headers['x-website-id']).not.toBe('someone-elses-site');
    expect(headers['x-sc-identity']).toBeUndefined();
    expect(headers['x-sc-identity-signature']).toBeUndefined();
  });

  describe('crumb', () => {
    let crumb: string;
    beforeAll(async () => {
      crumb = cookiesOf(await request(gateway.server).get('/api/crumb'))['crumb']!;
    });

    it("hands out the crumb at GET /api/crumb only (never on a page), uncacheable, and keeps a visitor's own", async () => {
      const page = await request(gateway.server).get('/start').expect(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      const first = await request(gateway.server).get('/api/crumb').expect(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['set-cookie']?.toString()).toMatch(/^crumb=[A-Za-z0-9_-]{22}; Path=\/; SameSite=Lax$/);
      expect(first.body).toEqual({ crumb: cookiesOf(first)['crumb'] });
      const again = await request(gateway.server).get('/api/crumb').set('Cookie', `crumb=${crumb}`).expect(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.body).toEqual({ crumb });
      // A malformed cookie is replaced.
      const bad = await request(gateway.server).get('/api/crumb').set('Cookie', 'crumb=<script>').expect(200);
      expect(cookiesOf(bad)['crumb']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    });

    it('sets a fresh crumb with the failure of a visitor without one, and the one retry passes', async () => {
      const failed = await request(gateway.server).post('/api/form/FormSubmissionKey').send({ n: 1 }).expect(401);
      const fresh = cookiesOf(failed)['crumb']!;
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);
      await request(gateway.server)
        .post('/api/form/FormSubmissionKey')
        .set('Cookie', `crumb=${fresh}`)
        .set('X-CSRF-Token', fresh)
        .send({ n: 1 })
        .expect(200);
      // A visitor who has one keeps it when a header is wrong (a forged call cannot rotate it away).
      const wrong = await request(gateway.server)
        .post('/api/form/FormSubmissionKey')
        .set('Cookie', `crumb=${crumb}`)
        .set('X-CSRF-Token', fresh)
        .send({})
        .expect(401);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an unsafe /api call without the crumb: 401 with crumbFail and the SPEC message', async () => {
      const before = seen.length;
      const response = await request(gateway.server).post('/api/form/FormSubmissionKey').send({}).expect(401);
      expect(response.body).toEqual({
        crumbFail: true,
        status: 401,
        message: CartMessages.sessionExpired,
        error: { code: 'CRUMB_FAIL', message: 'Your session has expired. Please reload the page and try again.' },
      });
      expect(seen.length).toBe(before);
    });

    it('refuses a header that does not match the cookie', async () => {
      await request(gateway.server)
        .post('/api/form/FormSubmissionKey')
        .set('Cookie', `crumb=${crumb}`)
        .set('X-CSRF-Token', `${crumb}x`)
        .send({})
        .expect(401);
    });

    it('lets a matching header through, body intact', async () => {
      await request(gateway.server)
        .post('/api/form/FormSubmissionKey')
        .set('Cookie', `crumb=${crumb}`)
        .set('X-CSRF-Token', crumb)
        .send({ hello: 'world' })
        .expect(200);
      expect(seen.at(-1)?.body).toEqual({ hello: 'world' });
    });

    it('forwards bodies intact whether small (read whole), large (streamed) or chunked', async () => {
      const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
      const send = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${gatewayUrl}/api/form/Bodies`, {
          method: 'POST',
          headers: { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
          // A stream body goes out chunked, without a Content-Length.
          ...(headers['x-chunked'] ? { body: new Blob([body]).stream(), duplex: 'half' } : {}),
        });
      const small = 'a=1&b=' + 'x'.repeat(2_000);
      const large = 'a=2&b=' + 'y'.repeat(300_000);
      for (const [body, headers] of [
        [small, {}],
        [large, {}],
        [small, { 'x-chunked': '1' }],
      ] as const) {
        const response = await send(body, headers);
        expect(response.status).toBe(200);
        expect(seen.at(-1)?.body).toBe(body);
      }
    });

    it('accepts the crumb as a form field and forwards the form unchanged', async () => {
      const form = `crumb=${crumb}&event=PageView&data=${encodeURIComponent('{"a":1}')}`;
      await request(gateway.server).post('/api/form/RecordSomething').set('Cookie', `crumb=${crumb}`).type('form').send(form).expect(200);
      expect(seen.at(-1)?.body).toBe(form);
      await request(gateway.server)
        .post('/api/form/RecordSomething')
        .set('Cookie', `crumb=${crumb}`)
        .type('form')
        .send('crumb=wrong&event=x')
        .expect(401);
    });

    it('lets the census calls and performance beacons through without a crumb, as SPEC 7 sends them', async () => {
      // Analytics is down in this suite: a forwarded call answers 502, a refused one 401.
      await request(gateway.server).post('/api/census/RecordHit').type('form').send('event=PageView&data=%7B%7D&ss_cvr=abc').expect(502);
      await request(gateway.server)
        .post('/api/1/performance/records')
        .send([{ name: 'LCP', value: 1 }])
        .expect(502);
      await request(gateway.server).post('/api/events/provider').send({ eventSchemaName: 'x', eventContent: '{}' }).expect(502);
      // RecordEvent and RecordJavascriptErrors carry the crumb in the SPEC, and must.
      const refused = await request(gateway.server).post('/api/events/RecordEvent').type('form').send('event=x&data=%7B%7D').expect(401);
      expect(refused.body.crumbFail).toBe(true);
      await request(gateway.server).post('/api/events/RecordJavascriptErrors').send([]).expect(401);
    });

    it('does not ask safe methods or pages for a crumb', async () => {
      await request(gateway.server).get('/api/form/anything').expect(200);
      await request(gateway.server).post('/contact').send({}).expect(200);
    });
  });

  it('answers 502 with a clear body when a service is down, without hanging', async () => {
    const started = Date.now();
    const response = await request(gateway.server).get('/api/census/anything').expect(502);
    expect(response.body.error).toEqual({
      code: 'BAD_GATEWAY',
      message: 'The analytics service is not reachable. Please try again in a few seconds.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers an unknown /api path itself with a 404', async () => {
    const response = await request(gateway.server).get('/api/unknown/thing').expect(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('serves the merged OpenAPI document of the running services', async () => {
    const response = await request(gateway.server).get('/api/openapi.json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.paths['/api/commerce/shopping-cart'].get.tags).toEqual(['cart']);
    expect(response.body['x-unavailable']).toEqual(expect.arrayContaining(['analytics']));
  });

  it('serves an interactive reference of that document from its own files, under a strict CSP', async () => {
    const page = await request(gateway.server).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).toMatch(/^\/api\/docs\//);
      await request(gateway.server).get(script!).expect(200);
    }
    // The UI reads the merged document, not one of its own.
    const json = await request(gateway.server).get('/api/docs/json').expect(200);
    expect(json.body.paths['/api/commerce/shopping-cart'].get.tags).toEqual(['cart']);
  });

  it('answers health and readiness', async () => {
    await request(gateway.server).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(gateway.server).get('/readyz').expect(200);
    expect(ready.body.status).toBe('ready');
  });
});

describe('rate limit', () => {
  it('answers 429 with the SPEC message after the limit', async () => {
    const gateway = await buildGateway({
      // One trusted hop: the test plays the ingress that reports each client's address.
      config: GatewayEnv.parse({
        ...process.env,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_WINDOW_MS: '60000',
        RENDER_URL: `http://127.0.0.1:${await freePort()}`,
      }),
    });
    await gateway.ready();
    try {
      // A fresh client address per run, so Redis counts left by earlier runs do not interfere.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 3; i++) await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', ip).expect(404);
      const limited = await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', ip).expect(429);
      expect(limited.body).toMatchObject({
        status: 429,
        message: 'Please try again in a few seconds.',
        error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await request(gateway.server).get('/healthz').set('X-Forwarded-For', ip).expect(200);
      // The web build's files are not counted (never limited, and they spend nothing of the budget).
      const other = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++)
        expect((await request(gateway.server).get('/assets/none.js').set('X-Forwarded-For', other)).status).not.toBe(429);
      for (let i = 0; i < 3; i++) await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', other).expect(404);
      await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', other).expect(429);
    } finally {
      await gateway.close();
    }
  });

  // Replicas share the count through Redis; without it (embedded mode) there is one process.
  if (process.env.REDIS_URL) {
    it('shares the count between gateway replicas through Redis', async () => {
      const config = GatewayEnv.parse({
        ...process.env,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_MAX: '4',
        RATE_LIMIT_WINDOW_MS: '60000',
        RENDER_URL: `http://127.0.0.1:${await freePort()}`,
      });
      const replicas = [await buildGateway({ config }), await buildGateway({ config })];
      await Promise.all(replicas.map((replica) => replica.ready()));
      try {
        const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
        const [a, b] = replicas as [FastifyInstance, FastifyInstance];
        const get = (replica: FastifyInstance) => request(replica.server).get('/api/unknown').set('X-Forwarded-For', ip);
        for (let i = 0; i < 4; i++) await get(a).expect(404);
        // A adds its 4 to Redis within 100 ms. B has not counted this client yet, so its first
        // request goes through; its own flush then brings back the total of both, 5 of 4.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await get(b).expect(404);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await get(b).expect(429);
        await get(a).expect(429);
      } finally {
        for (const replica of replicas) await replica.close();
      }
    });
  }
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless a proxy hop is configured, so a client cannot dodge the limit', async () => {
    const gateway = await buildGateway({
      config: GatewayEnv.parse({ ...process.env, LOG_LEVEL: 'silent', REDIS_URL: '', RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' }),
    });
    await gateway.ready();
    try {
      await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', '198.51.100.1').expect(404);
      await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', '198.51.100.2').expect(404);
      await request(gateway.server).get('/api/unknown').set('X-Forwarded-For', '198.51.100.3').expect(429);
    } finally {
      await gateway.close();
    }
  });
});
