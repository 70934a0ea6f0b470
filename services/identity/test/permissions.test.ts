// The permission table, enforced: every owner route of every service (found by walking the routes
// each service registers, so routes added later are covered without touching this file) is called
// as every SPEC role, as API keys with and without the route's permission, anonymously, and with
// forged or replayed identity headers, and must allow or deny exactly as packages/contracts'
// ROLE_PERMISSIONS says. A forged header sent from outside through the gateway is refused too.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import request from 'supertest';
import { analyticsService } from '@sc/analytics';
import { cartService } from '@sc/cart';
import { contentService } from '@sc/content';
import { formsService } from '@sc/forms';
import { renderService } from '@sc/render';
import { restockService } from '@sc/restock';
import { ALL_PERMISSIONS, IdentityMessages, Permission, Role, rolesAllow, type Identity } from '@sc/contracts';
import {
  SERVICE_NAMES,
  buildService,
  routePermission,
  signIdentity,
  type BuildServiceOptions,
  type ServiceDefinition,
  type ServiceName,
  type SharedInfra,
} from '@sc/platform';
import { testConfig, unique } from '@sc/platform/test-kit';
import { identityService } from '../src/index.js';
import { TEST_IDENTITY_SIGNING_KEY, sharedInfra, signedHeaders, startGateway } from './kit.js';

type Build = (seen: RouteOptions[], options: BuildServiceOptions) => Promise<FastifyInstance>;

/** Every service, built with its routes recorded; a new service name fails to compile here until it is listed. */
const SERVICES: { [S in ServiceName]: Build } = {
  cart: (seen, options) => buildService(recording(cartService, seen), options),
  forms: (seen, options) => buildService(recording(formsService, seen), options),
  restock: (seen, options) => buildService(recording(restockService, seen), options),
  identity: (seen, options) => buildService(recording(identityService, seen), options),
  analytics: (seen, options) => buildService(recording(analyticsService, seen), options),
  content: (seen, options) => buildService(recording(contentService, seen), options),
  render: (seen, options) => buildService(recording(renderService, seen), options),
};

interface OwnerRoute {
  service: ServiceName;
  method: HTTPMethods;
  url: string;
  permission: Permission;
  declared: Permission | undefined;
  enforced: Permission | undefined;
}

const ROLES = Object.values(Role);

/** The definition with a hook that records every route it adds, before any is added. */
function recording<DB, Parts>(definition: ServiceDefinition<DB, Parts>, routes: RouteOptions[]): ServiceDefinition<DB, Parts> {
  return {
    ...definition,
    routes: async (app, ctx, parts) => {
      app.addHook('onRoute', (route) => void routes.push(route));
      await definition.routes(app, ctx, parts);
    },
  };
}

/** A concrete URL for a route pattern: parameters filled, the websiteId one with the request's website. */
function concrete(url: string, websiteId: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === 'websiteId' ? websiteId : `p${name}`)).replace(/\*/g, 'x');
}

describe('owner routes of every service against the permission table', () => {
  const apps = new Map<ServiceName, FastifyInstance>();
  const ownerRoutes: OwnerRoute[] = [];
  const allRoutes: Array<{ service: ServiceName; route: RouteOptions }> = [];
  let infra: { shared: SharedInfra; close: () => Promise<void> };

  beforeAll(async () => {
    infra = await sharedInfra();
    for (const service of SERVICE_NAMES) {
      const seen: RouteOptions[] = [];
      const app = await SERVICES[service](seen, {
        config: testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY }),
        shared: infra.shared,
        relay: { autoStart: false },
      });
      await app.ready();
      apps.set(service, app);
      for (const route of seen) {
        allRoutes.push({ service, route });
        const permission = routePermission(route);
        if (!permission) continue;
        const declared = route.config?.permission;
        const enforced = routePermission({ onRequest: route.onRequest, preValidation: route.preValidation, preHandler: route.preHandler });
        for (const method of [route.method].flat()) {
          ownerRoutes.push({ service, method, url: route.url, permission, declared, enforced });
        }
      }
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.values()) await app.close();
    await infra.close();
  });

  it("covers at least identity's own owner routes (API keys, members)", () => {
    const identityRoutes = ownerRoutes.filter((r) => r.service === 'identity').map((r) => `${r.method} ${r.url} ${r.permission}`);
    expect(identityRoutes).toEqual(
      expect.arrayContaining([
        `GET /api/auth/api-keys ${Permission.API_KEYS_MANAGE}`,
        `POST /api/auth/api-keys ${Permission.API_KEYS_MANAGE}`,
        `DELETE /api/auth/api-keys/:apiKeyId ${Permission.API_KEYS_MANAGE}`,
        `GET /api/auth/members ${Permission.MEMBERS_READ}`,
        `POST /api/auth/members ${Permission.MEMBERS_MANAGE}`,
        `PUT /api/auth/members/:ownerId ${Permission.MEMBERS_MANAGE}`,
        `DELETE /api/auth/members/:ownerId ${Permission.MEMBERS_MANAGE}`,
      ]),
    );
  });

  it('every declared permission is enforced by the check, and is a known permission', () => {
    for (const route of ownerRoutes) {
      const where = `${route.service} ${route.method} ${route.url}`;
      expect({ where, enforced: route.enforced }).toEqual({ where, enforced: route.permission });
      if (route.declared) expect({ where, declared: route.declared }).toEqual({ where, declared: route.enforced });
      expect(ALL_PERMISSIONS).toContain(route.permission);
    }
  });

  it('publishes each owner route with its permission in the OpenAPI document', async () => {
    for (const route of ownerRoutes.filter((r) => r.method !== 'HEAD')) {
      const app = apps.get(route.service)!;
      const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
        paths: Record<string, Record<string, Record<string, unknown>>>;
      }>();
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect({
        route: `${route.method} ${path}`,
        permission: document.paths[path]?.[route.method.toLowerCase()]?.['x-permission'],
      }).toEqual({
        route: `${route.method} ${path}`,
        permission: route.permission,
      });
    }
  });

  it('allows and denies every role exactly as the table says', async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes) {
      const app = apps.get(route.service)!;
      const websiteId = unique('perm');
      const url = concrete(route.url, websiteId);
      for (const role of ROLES) {
        const requestId = unique('req');
        const response = await app.inject({
          method: route.method,
          url,
          headers: signedHeaders({ kind: 'owner', ownerId: unique('o'), roles: [role] }, { requestId, websiteId }),
        });
        const allowed = rolesAllow([role], route.permission);
        const denied = response.statusCode === 403 || response.statusCode === 401;
        if (allowed === denied) failures.push(`${route.service} ${route.method} ${route.url} as role ${role}: ${response.statusCode}`);
        if (
          !allowed &&
          route.method !== 'HEAD' &&
          response.statusCode === 403 &&
          response.json<{ error: { message: string } }>().error.message !== IdentityMessages.forbidden
        ) {
          failures.push(`${route.service} ${route.method} ${route.url} as role ${role}: wrong message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an API key through with the permission in its scope, and only then', async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes) {
      const app = apps.get(route.service)!;
      const websiteId = unique('perm');
      const url = concrete(route.url, websiteId);
      const others = ALL_PERMISSIONS.filter((p) => p !== route.permission);
      for (const [scopes, allowed] of [
        [[route.permission], true],
        [others, false],
      ] as const) {
        const response = await app.inject({
          method: route.method,
          url,
          headers: signedHeaders(
            { kind: 'api-key', ownerId: 'o', apiKeyId: 'k', scopes: [...scopes] },
            { requestId: unique('req'), websiteId },
          ),
        });
        const denied = response.statusCode === 403 || response.statusCode === 401;
        if (allowed === denied)
          failures.push(`${route.service} ${route.method} ${route.url} with ${allowed ? 'its' : 'other'} scopes: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to anonymous, forged, replayed and site-user requests', async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes) {
      const app = apps.get(route.service)!;
      const websiteId = unique('perm');
      const url = concrete(route.url, websiteId);
      const admin = (requestId: string) => ({
        v: 1 as const,
        kind: 'owner' as const,
        ownerId: 'o',
        roles: [Role.ADMIN],
        websiteId,
        requestId,
        issuedAt: Date.now(),
      });
      const forgedKey = signIdentity(admin('r1'), 'not-the-signing-key-but-just-as-long-1234567890');
      const tampered = signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.VIEWER] }, { requestId: 'r2', websiteId });
      const adminValue = signIdentity(admin('r2'), TEST_IDENTITY_SIGNING_KEY)['x-sc-identity'];
      const stale: Identity = { ...admin('r4'), issuedAt: Date.now() - 10 * 60_000 };
      const cases: Record<string, Record<string, string>> = {
        anonymous: { 'x-request-id': 'r0', 'x-website-id': websiteId },
        'signed with another key': { ...forgedKey, 'x-request-id': 'r1', 'x-website-id': websiteId },
        'payload swapped under a valid signature': { ...tampered, 'x-sc-identity': adminValue },
        'replayed on another request': {
          ...signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.ADMIN] }, { requestId: 'r3', websiteId }),
          'x-request-id': 'other',
        },
        'replayed for another website': {
          ...signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.ADMIN] }, { requestId: 'r5', websiteId: 'elsewhere' }),
          'x-website-id': websiteId,
        },
        stale: { ...signIdentity(stale, TEST_IDENTITY_SIGNING_KEY), 'x-request-id': 'r4', 'x-website-id': websiteId },
        'site user': signedHeaders({ kind: 'site-user', siteUserId: 'u' }, { requestId: 'r6', websiteId }),
      };
      for (const [name, headers] of Object.entries(cases)) {
        const response = await app.inject({ method: route.method, url, headers });
        if (response.statusCode !== 401) failures.push(`${route.service} ${route.method} ${route.url} ${name}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a websiteId in the path that is not the request website', async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes.filter((r) => r.url.includes(':websiteId'))) {
      const app = apps.get(route.service)!;
      const response = await app.inject({
        method: route.method,
        url: concrete(route.url, 'someone-elses-site'),
        headers: signedHeaders({ kind: 'owner', ownerId: 'o', roles: [Role.ADMIN] }, { requestId: unique('r'), websiteId: unique('mine') }),
      });
      if (response.statusCode !== 403) failures.push(`${route.service} ${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an identity header sent from outside through the gateway, even a validly signed one', async () => {
    const identity = apps.get('identity')!;
    const identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await startGateway({ IDENTITY_URL: identityUrl });
    try {
      const target = ownerRoutes.find((r) => r.service === 'identity' && r.method === 'GET' && r.url === '/api/auth/members')!;
      // What an attacker would send: a header signed with a guessed key, and one copied from a real
      // request (right key, wrong request). The gateway drops both and forwards a visitor.
      for (const key of ['guessed-signing-key-that-is-long-enough-123', TEST_IDENTITY_SIGNING_KEY]) {
        const headers = signIdentity(
          { v: 1, kind: 'owner', ownerId: 'o', roles: [Role.ADMIN], websiteId: 'demo', requestId: 'fixed', issuedAt: Date.now() },
          key,
        );
        const response = await request(gateway.server)
          .get(target.url)
          .set(headers)
          .set('x-request-id', 'fixed')
          .set('x-website-id', 'demo');
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
      }
    } finally {
      await gateway.close();
    }
  });

  it('knows every route it walked (sanity: the walk saw the public routes too)', () => {
    expect(allRoutes.some((r) => r.service === 'identity' && r.route.url === '/api/site-users/account/session')).toBe(true);
    expect(allRoutes.some((r) => r.service === 'cart' && r.route.url === '/api/commerce/shopping-cart')).toBe(true);
  });
});
