// The gateway's identity step against a stand-in identity service (which answers resolve calls
// from a fixed table and counts them) and an echo service (which records what the gateway
// forwarded): who each request is forwarded as, the signed headers, the site user's XSRF check,
// the short cache, and what happens when identity cannot be asked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import request from 'supertest';
import {
  IDENTITY_RESOLVE_PATH,
  IdentityMessages,
  OWNER_SESSION_COOKIE,
  Permission,
  Role,
  SITE_USER_SESSION_COOKIE,
  SITE_USER_XSRF_HEADER,
  type Identity,
  type ResolveCredentials,
  type ResolvedCredentials,
} from '@sc/contracts';
import { signIdentity, verifyIdentity } from '@sc/platform';
import { freePort } from '@sc/platform/test-kit';
import { Browser, TEST_IDENTITY_SIGNING_KEY, startGateway } from '../../services/identity/test/kit.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SITE_USER_TOKEN = 'siteuser-session-token-0001';
const OWNER_TOKEN = 'owner-session-token-0000001';
const API_KEY = 'sck_gateway-test-key-000000001';
const XSRF = 'the-right-xsrf-token-value-01';

/** What the stand-in identity service says about each credential. */
function answer(credentials: ResolveCredentials): ResolvedCredentials {
  return {
    siteUser: credentials.siteUserSession === SITE_USER_TOKEN ? { id: 'su-1', xsrfTokenHash: sha256(XSRF) } : null,
    owner: credentials.ownerSession === OWNER_TOKEN ? { id: 'owner-1', roles: [Role.STORE_MANAGER] } : null,
    apiKey: credentials.apiKey === API_KEY ? { id: 'key-1', ownerId: 'owner-1', scopes: [Permission.STORE_READ] } : null,
  };
}

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

describe('gateway identity step', () => {
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  let gateway: FastifyInstance;
  const resolves: ResolveCredentials[] = [];
  const seen: Seen[] = [];
  let failing = false;

  /** The identity the last forwarded request carried, verified as a service would. */
  function forwarded(): Identity | undefined {
    const last = seen[seen.length - 1]!;
    return verifyIdentity(last.headers, {
      key: TEST_IDENTITY_SIGNING_KEY,
      requestId: String(last.headers['x-request-id']),
      websiteId: String(last.headers['x-website-id']),
    });
  }

  const browser = (cookies: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const b = new Browser(gateway.server, headers);
    for (const [name, value] of Object.entries(cookies)) b.cookies.set(name, value);
    return b;
  };

  beforeAll(async () => {
    upstream = Fastify();
    upstream.post(IDENTITY_RESOLVE_PATH, async (req, reply) => {
      if (failing) return reply.status(500).send({ error: 'down' });
      const credentials = req.body as ResolveCredentials;
      resolves.push(credentials);
      return answer(credentials);
    });
    upstream.all('/*', async (req) => {
      seen.push({ method: req.method, url: req.url, headers: req.headers });
      return { ok: true };
    });
    upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    gateway = await startGateway(
      { IDENTITY_URL: upstreamUrl, CART_URL: upstreamUrl, RENDER_URL: upstreamUrl, CONTENT_URL: `http://127.0.0.1:${await freePort()}` },
      { identity: { cacheTtlMs: 300 } },
    );
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  beforeEach(() => {
    failing = false;
  });

  describe('who a request is forwarded as', () => {
    it('a visitor without credentials, signed, without asking identity', async () => {
      const before = resolves.length;
      const response = await browser().send('get', '/api/commerce/shopping-cart');
      expect(response.status).toBe(200);
      expect(resolves.length).toBe(before);
      expect(forwarded()).toMatchObject({ v: 1, kind: 'visitor', roles: [], websiteId: seen.at(-1)!.headers['x-website-id'] });
    });

    it('a visitor when the client sends its own identity headers, even ones signed with the real key', async () => {
      const forged = signIdentity(
        { v: 1, kind: 'owner', ownerId: 'attacker', roles: [Role.ADMIN], websiteId: 'demo', requestId: 'chosen', issuedAt: Date.now() },
        TEST_IDENTITY_SIGNING_KEY,
      );
      await request(gateway.server).get('/api/commerce/shopping-cart').set(forged).set('x-request-id', 'chosen');
      const identity = forwarded();
      expect(identity?.kind).toBe('visitor');
      expect(seen.at(-1)!.headers['x-sc-identity']).not.toBe(forged['x-sc-identity']);
    });

    it('a site user on safe requests', async () => {
      await browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN }).send('get', '/api/commerce/shopping-cart');
      expect(forwarded()).toMatchObject({ kind: 'site-user', siteUserId: 'su-1', roles: [] });
    });

    it('an owner, with the site user too when both are signed in', async () => {
      await browser({ [OWNER_SESSION_COOKIE]: OWNER_TOKEN, [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN }).send('get', '/shop');
      expect(forwarded()).toMatchObject({ kind: 'owner', ownerId: 'owner-1', roles: [Role.STORE_MANAGER], siteUserId: 'su-1' });
    });

    it('an API key alone, whatever cookies come with it', async () => {
      const before = resolves.length;
      await request(gateway.server)
        .get('/api/commerce/shopping-cart')
        .set('authorization', `Bearer ${API_KEY}`)
        .set('cookie', `${OWNER_SESSION_COOKIE}=${OWNER_TOKEN}`);
      expect(forwarded()).toMatchObject({
        kind: 'api-key',
        apiKeyId: 'key-1',
        ownerId: 'owner-1',
        scopes: [Permission.STORE_READ],
        roles: [],
      });
      expect(resolves.slice(before).every((c) => c.ownerSession === undefined)).toBe(true);
    });

    it('a visitor for unknown or malformed credentials', async () => {
      await request(gateway.server).get('/api/commerce/shopping-cart').set('authorization', 'Bearer sck_unknown-key-000000000000');
      expect(forwarded()?.kind).toBe('visitor');
      const before = resolves.length;
      await browser({ [SITE_USER_SESSION_COOKIE]: 'short' }).send('get', '/api/commerce/shopping-cart');
      expect(forwarded()?.kind).toBe('visitor');
      expect(resolves.length).toBe(before);
    });

    it('under HTTPS, only the __Host- session cookie counts', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      await browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN }, https).send('get', '/api/commerce/shopping-cart');
      expect(forwarded()?.kind).toBe('visitor');
      await browser({ [`__Host-${SITE_USER_SESSION_COOKIE}`]: SITE_USER_TOKEN }, https).send('get', '/api/commerce/shopping-cart');
      expect(forwarded()).toMatchObject({ kind: 'site-user', siteUserId: 'su-1' });
    });
  });

  describe('the X-SiteUser-XSRF-Token check', () => {
    it('refuses an unsafe API call of a signed-in site user without it or with a wrong one, before any service sees it', async () => {
      const b = browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN });
      await b.open();
      const count = seen.length;
      for (const xsrf of [false, 'a-wrong-xsrf-token-value-0001'] as const) {
        const response = await b.send('post', '/api/commerce/shopping-cart/entries', { body: {}, xsrf });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.xsrfFailed } });
      }
      expect(seen.length).toBe(count);
    });

    it('lets it through with the session token', async () => {
      const b = browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN });
      await b.open();
      const response = await b.send('put', '/api/commerce/shopping-cart/entries/1', { body: {}, xsrf: XSRF });
      expect(response.status).toBe(200);
      expect(seen.at(-1)!.headers[SITE_USER_XSRF_HEADER]).toBe(XSRF);
      expect(forwarded()).toMatchObject({ kind: 'site-user', siteUserId: 'su-1' });
    });

    it('lets a sign-in or sign-up (site user or owner) through as a visitor, so a page that lost its token can sign in again', async () => {
      const b = browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN });
      await b.open();
      for (const path of [
        '/api/site-users/account/session',
        '/api/auth/site-users',
        '/api/auth/site-users/confirm',
        '/api/auth/session',
        '/api/auth/owners',
        '/api/auth/owners/confirm',
      ]) {
        const response = await b.send('post', path, { body: { email: 'a@example.com', password: 'x' } });
        expect(response.status).toBe(200);
        expect(forwarded()?.kind).toBe('visitor');
      }
    });

    it('drops only the site user when an owner is signed in too', async () => {
      const b = browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN, [OWNER_SESSION_COOKIE]: OWNER_TOKEN });
      await b.open();
      expect((await b.send('post', '/api/commerce/shopping-cart/entries', { body: {} })).status).toBe(200);
      const identity = forwarded();
      expect(identity).toMatchObject({ kind: 'owner', ownerId: 'owner-1' });
      expect(identity?.siteUserId).toBeUndefined();
    });

    it('forwards an unsafe page request without the token as a visitor', async () => {
      const b = browser({ [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN });
      await b.open();
      expect((await b.send('post', '/some-page', { body: {} })).status).toBe(200);
      expect(forwarded()?.kind).toBe('visitor');
    });
  });

  describe('the cache', () => {
    it('asks identity once per credentials for a short while', async () => {
      const token = { [OWNER_SESSION_COOKIE]: OWNER_TOKEN, [SITE_USER_SESSION_COOKIE]: SITE_USER_TOKEN };
      await new Promise((resolve) => setTimeout(resolve, 350));
      const before = resolves.length;
      await Promise.all([1, 2, 3].map(() => browser(token).send('get', '/api/commerce/shopping-cart')));
      await browser(token).send('get', '/shop');
      expect(resolves.length - before).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await browser(token).send('get', '/shop');
      expect(resolves.length - before).toBe(2);
    });

    it('forgets everything when a sign-in, sign-out or member change succeeds through it', async () => {
      const token = { [OWNER_SESSION_COOKIE]: OWNER_TOKEN };
      const b = browser(token);
      await b.open();
      await b.send('get', '/shop');
      const before = resolves.length;
      await b.send('get', '/shop');
      expect(resolves.length).toBe(before);
      expect((await b.send('delete', '/api/auth/session')).status).toBe(200);
      const after = resolves.length;
      await b.send('get', '/shop');
      expect(resolves.length).toBe(after + 1);
    });
  });

  it('forwards a visitor when identity cannot answer, so pages still work', async () => {
    failing = true;
    const b = browser({ [SITE_USER_SESSION_COOKIE]: `${SITE_USER_TOKEN}-x` });
    await b.open();
    expect((await b.send('get', '/shop')).status).toBe(200);
    expect(forwarded()?.kind).toBe('visitor');
    expect((await b.send('post', '/api/commerce/shopping-cart/entries', { body: {} })).status).toBe(200);
    expect(forwarded()?.kind).toBe('visitor');
  });

  it('sends no identity headers without IDENTITY_SIGNING_KEY', async () => {
    const unsigned = await startGateway(
      { IDENTITY_URL: upstreamUrl, CART_URL: upstreamUrl, CONTENT_URL: `http://127.0.0.1:${await freePort()}` },
      { env: { IDENTITY_SIGNING_KEY: '' } },
    );
    try {
      await request(unsigned.server)
        .get('/api/commerce/shopping-cart')
        .set('x-sc-identity', 'forged')
        .set('x-sc-identity-signature', 'forged');
      expect(seen.at(-1)!.headers['x-sc-identity']).toBeUndefined();
      expect(seen.at(-1)!.headers['x-sc-identity-signature']).toBeUndefined();
    } finally {
      await unsigned.close();
    }
  });
});
