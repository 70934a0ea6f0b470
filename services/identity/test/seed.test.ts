// The demo accounts: absent unless seeded; seeding (embedded first start, `pnpm seed`) makes the
// demo owner an admin of the demo website and the demo visitor a site user of it, idempotently,
// even when two seeds run at once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEMO_OWNER, DEMO_SITE_USER, DEMO_WEBSITE_ID, Role, type OwnerSessionInfo } from '@sc/contracts';
import { IN_MEMORY_DATA_DIR, openEmbeddedPostgres, type ServiceContext, type SharedInfra } from '@sc/platform';
import { asFromGateway, mode, testConfig } from '@sc/platform/test-kit';
import { buildApp, createIdentityService, type IdentityModule } from '../src/index.js';
import type { IdentityDB } from '../src/tables.js';
import { FAST_SCRYPT, TEST_IDENTITY_SIGNING_KEY, sharedInfra } from './kit.js';

describe(`demo accounts (${mode.database})`, () => {
  let infra: { shared: SharedInfra; close: () => Promise<void> };
  const apps: FastifyInstance[] = [];
  const afterCleanups: Array<() => Promise<void>> = [];
  const build = async (seedDemo: boolean) => {
    const app = await buildApp({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY }),
      shared: infra.shared,
      seedDemo,
      settings: { scrypt: FAST_SCRYPT },
    });
    apps.push(app);
    return app;
  };
  const db = (app: FastifyInstance) => app.serviceContext!.db as unknown as Kysely<IdentityDB>;
  const signIn = (app: FastifyInstance, url: string, websiteId: string, body: object) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: asFromGateway({ 'x-website-id': websiteId, 'x-forwarded-for': '192.0.2.77' }, TEST_IDENTITY_SIGNING_KEY),
    });

  beforeAll(async () => {
    infra = await sharedInfra();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const cleanup of afterCleanups) await cleanup();
    await infra.close();
  });

  it('are not there unless seeded', async () => {
    // On a database of its own, so that no other test's seeding can be seen.
    const embedded = await openEmbeddedPostgres(IN_MEMORY_DATA_DIR);
    const app = await buildApp({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY, DATABASE_URL: undefined }),
      shared: { embedded },
      settings: { scrypt: FAST_SCRYPT },
    });
    apps.push(app);
    afterCleanups.push(() => embedded.close());
    expect(await db(app).selectFrom('owners').select('id').where('email', '=', DEMO_OWNER.email).executeTakeFirst()).toBeUndefined();
    expect((await signIn(app, '/api/site-users/account/session', DEMO_WEBSITE_ID, { ...DEMO_SITE_USER })).statusCode).toBe(401);
    // Starting a PGlite (compiling its WebAssembly, running every migration) took over 30 s on a
    // loaded two-core machine.
  }, 120_000);

  it('seeds the owner as admin of the demo website and the visitor as its site user, once', async () => {
    const app = await build(true);
    await build(true);
    const definition = createIdentityService({ settings: { scrypt: FAST_SCRYPT } });
    const ctx = app.serviceContext as ServiceContext<IdentityDB>;
    const parts = app.serviceParts as IdentityModule;
    await Promise.all([definition.seed!(ctx, parts), definition.seed!(ctx, parts)]);

    const owners = await db(app).selectFrom('owners').select('id').where('email', '=', DEMO_OWNER.email).execute();
    expect(owners).toHaveLength(1);
    const roles = await db(app).selectFrom('website_roles').select('role').where('owner_id', '=', owners[0]!.id).execute();
    expect(roles).toEqual([{ role: Role.ADMIN }]);
    const visitors = await db(app).selectFrom('site_users').select('website_id').where('email', '=', DEMO_SITE_USER.email).execute();
    expect(visitors).toEqual([{ website_id: DEMO_WEBSITE_ID }]);
  });

  it('signs in with the documented passwords', async () => {
    const app = await build(true);
    const owner = await signIn(app, '/api/auth/session', DEMO_WEBSITE_ID, { ...DEMO_OWNER });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<OwnerSessionInfo>()).toMatchObject({
      authenticated: true,
      email: DEMO_OWNER.email,
      websiteId: DEMO_WEBSITE_ID,
      roles: [Role.ADMIN],
    });
    const visitor = await signIn(app, '/api/site-users/account/session', DEMO_WEBSITE_ID, { ...DEMO_SITE_USER, rememberMe: true });
    expect(visitor.statusCode).toBe(200);
    // The visitor's account belongs to the demo website only.
    expect((await signIn(app, '/api/site-users/account/session', 'another-site', { ...DEMO_SITE_USER })).statusCode).toBe(401);
  });
});
