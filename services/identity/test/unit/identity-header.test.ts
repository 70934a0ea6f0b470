// The signed identity header of packages/platform (what verifies and what does not) and the route
// helpers built on it (identityOf, requirePermission, ownerRoute).
import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, IdentityMessages, Permission, Role, type Identity } from '@sc/contracts';
import {
  IDENTITY_MAX_AGE_MS,
  createHttpApp,
  identityOf,
  ownerRoute,
  permissionsOf,
  requirePermission,
  routePermission,
  signIdentity,
  verifyIdentity,
  type ServiceContext,
} from '@sc/platform';
import { TEST_IDENTITY_SIGNING_KEY as KEY, signedHeaders } from '../kit.js';

const identity = (extra: Partial<Identity> = {}): Identity => ({
  v: 1,
  kind: 'owner',
  ownerId: 'owner-1',
  websiteId: 'site-1',
  requestId: 'req-1',
  issuedAt: Date.now(),
  roles: [Role.EDITOR],
  ...extra,
});
const binding = { key: KEY, requestId: 'req-1', websiteId: 'site-1' };

describe('signIdentity / verifyIdentity', () => {
  it('round-trips an identity signed with the key', () => {
    const signed = identity();
    expect(verifyIdentity(signIdentity(signed, KEY), binding)).toEqual(signed);
  });

  it('refuses a missing key, header or signature', () => {
    const headers = signIdentity(identity(), KEY);
    expect(verifyIdentity(headers, { ...binding, key: undefined })).toBeUndefined();
    expect(verifyIdentity({ [IDENTITY_HEADER]: headers[IDENTITY_HEADER] }, binding)).toBeUndefined();
    expect(verifyIdentity({ [IDENTITY_SIGNATURE_HEADER]: headers[IDENTITY_SIGNATURE_HEADER] }, binding)).toBeUndefined();
  });

  it('refuses another key, a swapped payload and a changed signature', () => {
    const headers = signIdentity(identity(), KEY);
    expect(verifyIdentity(signIdentity(identity(), `${KEY}x`), binding)).toBeUndefined();
    const promoted = signIdentity(identity({ roles: [Role.ADMIN] }), `${KEY}x`)[IDENTITY_HEADER];
    expect(verifyIdentity({ ...headers, [IDENTITY_HEADER]: promoted }, binding)).toBeUndefined();
    const signature = headers[IDENTITY_SIGNATURE_HEADER];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyIdentity({ ...headers, [IDENTITY_SIGNATURE_HEADER]: flipped }, binding)).toBeUndefined();
  });

  it('refuses a copy replayed on another request, for another website, or too late', () => {
    const headers = signIdentity(identity(), KEY);
    expect(verifyIdentity(headers, { ...binding, requestId: 'req-2' })).toBeUndefined();
    expect(verifyIdentity(headers, { ...binding, websiteId: 'site-2' })).toBeUndefined();
    expect(verifyIdentity(headers, { ...binding, now: Date.now() + IDENTITY_MAX_AGE_MS + 1_000 })).toBeUndefined();
    expect(verifyIdentity(headers, { ...binding, now: Date.now() - IDENTITY_MAX_AGE_MS - 1_000 })).toBeUndefined();
  });

  it('refuses correctly signed payloads that break the contract', () => {
    const bad = [
      { ...identity(), ownerId: undefined },
      { ...identity(), kind: 'api-key', apiKeyId: 'k' },
      { ...identity(), roles: [5] },
      { ...identity(), extra: true },
      'not an object',
    ];
    for (const payload of bad) {
      const value = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = createHmac('sha256', KEY).update(value).digest('base64url');
      expect(verifyIdentity({ [IDENTITY_HEADER]: value, [IDENTITY_SIGNATURE_HEADER]: signature }, binding)).toBeUndefined();
    }
  });
});

describe('permissionsOf', () => {
  it("is an owner's roles' permissions, an API key's scopes, and nothing for others", () => {
    expect([...permissionsOf(identity({ roles: [Role.REPORTING] }))].sort()).toEqual(
      [Permission.ANALYTICS_READ, Permission.STORE_READ].sort(),
    );
    expect([...permissionsOf(identity({ kind: 'api-key', apiKeyId: 'k', scopes: [Permission.STORE_READ], roles: [Role.ADMIN] }))]).toEqual([
      Permission.STORE_READ,
    ]);
    expect(permissionsOf(identity({ kind: 'site-user', siteUserId: 'u', roles: [Role.ADMIN] })).size).toBe(0);
    expect(permissionsOf(identity({ kind: 'visitor', roles: [Role.ADMIN] })).size).toBe(0);
  });
});

describe('route helpers', () => {
  async function app(key: string | undefined) {
    const server = await createHttpApp({ name: 'test', logLevel: 'silent' });
    server.decorate('serviceContext', { config: { IDENTITY_SIGNING_KEY: key } } as unknown as ServiceContext<unknown>);
    server.post('/things', ownerRoute(Permission.STORE_MANAGE, { config: { note: 'kept' } }), async (request) => ({
      who: identityOf(request).ownerId,
      body: request.body,
    }));
    server.get('/sites/:websiteId/things', ownerRoute(Permission.STORE_READ, {}), async () => ({ ok: true }));
    server.get('/whoami', async (request) => identityOf(request));
    return server;
  }

  it('ownerRoute records the permission and checks it before the body is even read', async () => {
    const server = await app(KEY);
    const routes: Array<{ url: string; permission: unknown }> = [];
    server.addHook('onRoute', (route) => void routes.push({ url: route.url, permission: routePermission(route) }));
    server.get('/later', ownerRoute(Permission.SETTINGS_READ, {}), async () => ({}));
    // (GET /later and the HEAD route Fastify adds for it)
    expect(routes).toContainEqual({ url: '/later', permission: Permission.SETTINGS_READ });
    expect(routes.every((r) => r.permission === Permission.SETTINGS_READ)).toBe(true);

    const denied = await server.inject({
      method: 'POST',
      url: '/things',
      headers: {
        ...signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.EDITOR] }, { requestId: 'r1', websiteId: 'default' }),
        'content-type': 'application/json',
      },
      payload: '{ this is not json',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.forbidden } });
    const allowed = await server.inject({
      method: 'POST',
      url: '/things',
      headers: signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.STORE_MANAGER] }, { requestId: 'r2', websiteId: 'default' }),
      payload: { a: 1 },
    });
    expect(allowed.json()).toEqual({ who: 'o', body: { a: 1 } });
  });

  it('checks a websiteId route parameter against the request website', async () => {
    const server = await app(KEY);
    const headers = signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.ADMIN] }, { requestId: 'r', websiteId: 'mine' });
    expect((await server.inject({ method: 'GET', url: '/sites/mine/things', headers })).statusCode).toBe(200);
    const other = await server.inject({ method: 'GET', url: '/sites/theirs/things', headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.otherWebsite } });
  });

  it('treats everyone as an anonymous visitor when the service has no signing key', async () => {
    const server = await app(undefined);
    const headers = signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.ADMIN] }, { requestId: 'r', websiteId: 'site-9' });
    expect((await server.inject({ method: 'POST', url: '/things', headers, payload: {} })).statusCode).toBe(401);
    expect((await server.inject({ method: 'GET', url: '/whoami', headers })).json()).toMatchObject({
      kind: 'visitor',
      websiteId: 'site-9',
      roles: [],
    });
  });

  it('requirePermission carries its permission for route walkers', () => {
    expect(requirePermission(Permission.BILLING_MANAGE).permission).toBe(Permission.BILLING_MANAGE);
    expect(routePermission({ preHandler: [requirePermission(Permission.CONTENT_EDIT)] })).toBe(Permission.CONTENT_EDIT);
    expect(routePermission({ config: {} })).toBeUndefined();
  });
});
