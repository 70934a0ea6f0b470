// What every service does before a route runs (issue 19, items 3 and 4): it answers only requests
// that carry the gateway's signed identity, takes the website and the client address from inside
// it (never from bare headers), and refuses NUL, lone surrogates and over-long values with a 400;
// a value Postgres cannot store is a 400 too, never a 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GenericErrorMessages } from '@sc/contracts';
import { buildService, clientAddressOf, signIdentity, websiteIdOf, type ServiceDefinition, type ServiceName } from '../src/index.js';
import { asFromGateway, testConfig } from '../test-kit/index.js';

const KEY = 'request-safety-signing-key-0123456789abcdef';

const definition: ServiceDefinition<unknown> = {
  name: 'safetytest' as ServiceName,
  migrations: {},
  routes: (app, ctx) => {
    app.get('/api/who', async (request) => ({ websiteId: websiteIdOf(request), clientAddress: clientAddressOf(request) }));
    app.post('/api/echo', async (request) => ({ body: request.body }));
    app.get('/api/number', async (request) => {
      const { value } = request.query as { value: string };
      await sql`select ${value}::int as n`.execute(ctx.db);
      return { ok: true };
    });
  },
};

describe('a service behind the gateway', () => {
  let app: FastifyInstance;
  const signed = (headers: Record<string, string> = {}) => asFromGateway({ 'x-website-id': 'shop-a', ...headers }, KEY);

  beforeAll(async () => {
    app = await buildService(definition, { config: testConfig(0, { IDENTITY_SIGNING_KEY: KEY }), relay: { autoStart: false } });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('refuses a request sent straight to it, whatever X-Website-Id it names', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/who',
      headers: { 'x-website-id': 'shop-a', 'x-forwarded-for': '198.51.100.4' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: GenericErrorMessages.notThroughGateway } });
  });

  it('refuses an identity signed with another key, or lifted from another request', async () => {
    const forged = asFromGateway({ 'x-website-id': 'shop-a' }, 'another-key-that-is-long-enough-0123456789');
    expect((await app.inject({ method: 'GET', url: '/api/who', headers: forged })).statusCode).toBe(401);
    const lifted = { ...signed(), 'x-request-id': 'some-other-request' };
    expect((await app.inject({ method: 'GET', url: '/api/who', headers: lifted })).statusCode).toBe(401);
  });

  it('still answers probes and its OpenAPI document to anyone', async () => {
    for (const url of ['/healthz', '/readyz', '/openapi.json']) expect((await app.inject(url)).statusCode).toBe(200);
  });

  it('takes the website and the client address from the signed identity, not from headers', async () => {
    const requestId = 'req-1';
    const identity = {
      v: 1 as const,
      kind: 'visitor' as const,
      websiteId: 'shop-a',
      requestId,
      issuedAt: Date.now(),
      roles: [],
      clientAddress: '203.0.113.50',
    };
    const headers = { ...signIdentity(identity, KEY), 'x-request-id': requestId, 'x-forwarded-for': '198.51.100.4' };
    const response = await app.inject({ method: 'GET', url: '/api/who', headers });
    expect(response.json()).toEqual({ websiteId: 'shop-a', clientAddress: '203.0.113.50' });
    // Another website named beside the signed one: refused, not mixed.
    const other = await app.inject({ method: 'GET', url: '/api/who', headers: { ...headers, 'x-website-id': 'shop-b' } });
    expect(other.statusCode).toBe(401);
  });

  it.each([
    ['NUL in the query', '/api/who?q=%00'],
    ['NUL in a query name', '/api/who?a%00=1'],
    ['a 10,000-character value', `/api/who?q=${'x'.repeat(10_000)}`],
  ])('answers %s with a 400 and a clear message', async (_what, url) => {
    const response = await app.inject({ method: 'GET', url, headers: signed() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^(The request contains a character that is not allowed|A value in the request is too long)/,
    );
  });

  it('takes a surrogate percent-encoded as bytes as the replacement character (it is not UTF-8)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/who?q=%ED%A0%80', headers: signed() });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['NUL', { name: 'a\u0000b' }],
    ['a lone high surrogate', { name: 'a\ud800b' }],
    ['a lone low surrogate deep inside', { list: [{ deeper: ['\udc00'] }] }],
    ['NUL in a key', { ['k\u0000']: 1 }],
  ])('answers a JSON body with %s with a 400', async (_what, body) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { ...signed(), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: GenericErrorMessages.badCharacter } });
  });

  it('lets ordinary text through, emoji and all', async () => {
    const body = { name: 'Zoë 🌲 — “quoted”', nested: [{ a: '日本語' }] };
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { ...signed(), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body });
  });

  it('answers a value the database refuses with a 400, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/number?value=not-a-number', headers: signed() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: GenericErrorMessages.badValue } });
  });
});
