// The website switcher through the gateway, with content announcing websites: an owner's websites
// (title and domains from content's events, roles from identity), the hand-off that signs the
// owner in on another website's domain, and every refusal (signed out, not a member, no domain,
// used, expired or other-website tokens).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IdentityMessages,
  OWNER_SESSION_COOKIE,
  OwnerWebsiteMessages,
  Role,
  type CreatedWebsite,
  type OwnerSessionInfo,
  type OwnerWebsiteList,
  type WebsiteHandoff,
} from '@sc/contracts';
import { buildApp as buildContent, WebsiteService } from '@sc/content';
import { MemoryBus, type SharedInfra } from '@sc/platform';
import { mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { buildApp } from '../src/index.js';
import type { IdentityDB } from '../src/tables.js';
import { grantRole } from '../src/owners/owner.repository.js';
import { Browser, FAST_SCRYPT, sharedInfra, signUpAndConfirm, startGateway, TEST_IDENTITY_SIGNING_KEY } from './kit.js';

const PASSWORD = 'owner password 1';

describe(`the website switcher through the gateway (${mode.database}, ${mode.bus})`, () => {
  let infra: { shared: SharedInfra; close: () => Promise<void> };
  let content: FastifyInstance;
  let identity: FastifyInstance;
  let gateway: FastifyInstance;
  let websites: WebsiteService;
  const db = () => identity.serviceContext!.db as unknown as Kysely<IdentityDB>;

  // Three websites on their own domains, and one without a domain.
  const alpha = { id: unique('alpha'), title: 'Alpha Ceramics', domain: '' };
  const beta = { id: unique('beta'), title: 'Beta Books', domain: '' };
  const gamma = { id: unique('gamma'), title: 'Gamma Garden', domain: '' };
  const bare = { id: unique('bare'), title: 'Aardvark (no domain)' };
  let ownerId: string;
  let owner: Browser;

  beforeAll(async () => {
    infra = await sharedInfra();
    // Content's events reach identity over the real NATS, or one in-process bus shared by both.
    const shared: SharedInfra = mode.bus === 'memory' ? { ...infra.shared, bus: new MemoryBus() } : infra.shared;
    const config = testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY });
    content = await buildContent({ config, shared, memberOrders: false });
    identity = await buildApp({
      config,
      shared,
      settings: { scrypt: FAST_SCRYPT },
      websites: { durable: unique('identity_websites'), newOnly: true },
    });
    const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
    const identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
    gateway = await startGateway({ CONTENT_URL: contentUrl, IDENTITY_URL: identityUrl });

    websites = new WebsiteService(content.serviceContext as unknown as ConstructorParameters<typeof WebsiteService>[0]);
    for (const site of [alpha, beta, gamma]) {
      site.domain = `${site.id.replaceAll('_', '-')}.example.test`;
      await websites.create({ id: site.id, title: site.title, templateId: 'harbour', domains: [site.domain] });
    }
    await websites.create({ id: bare.id, title: bare.title, templateId: 'harbour', domains: [] });

    owner = new Browser(gateway.server, { host: alpha.domain });
    await owner.open();
    const email = `${unique('switcher')}@example.com`;
    const created = await signUpAndConfirm(identity, owner, 'owner', { email, password: PASSWORD });
    expect(created.status).toBe(201);
    ownerId = (created.body as OwnerSessionInfo).ownerId!;
    await grantRole(db(), alpha.id, ownerId, Role.ADMIN);
    await grantRole(db(), beta.id, ownerId, Role.VIEWER);
    await grantRole(db(), beta.id, ownerId, Role.EDITOR);
    await grantRole(db(), bare.id, ownerId, Role.ADMIN);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await identity?.close();
    await content?.close();
    await infra?.close();
  });

  const list = async (browser: Browser = owner) => browser.send('get', '/api/auth/websites');

  it("lists the owner's websites with content's titles and domains and the owner's roles, and no other website", async () => {
    const answer = await waitFor(
      async () => {
        const response = await list();
        const body = response.body as OwnerWebsiteList;
        return response.status === 200 && body.websites.every((w) => w.title !== w.id) && body.websites.length === 3 ? body : undefined;
      },
      15_000,
      "content's website events",
    );
    expect(answer.websites).toEqual([
      { id: bare.id, title: bare.title, domains: [], roles: [Role.ADMIN] },
      { id: alpha.id, title: alpha.title, domains: [alpha.domain], roles: [Role.ADMIN] },
      { id: beta.id, title: beta.title, domains: [beta.domain], roles: [Role.EDITOR, Role.VIEWER] },
    ]);
    expect(answer.websites.some((w) => w.id === gamma.id)).toBe(false);
  });

  it('follows a renamed website', async () => {
    await websites.update(beta.id, { title: 'Beta Books & Prints' });
    const renamed = await waitFor(
      async () => {
        const body = (await list()).body as OwnerWebsiteList;
        return body.websites.find((w) => w.id === beta.id && w.title === 'Beta Books & Prints');
      },
      15_000,
      'the rename',
    );
    expect(renamed).toEqual({ id: beta.id, title: 'Beta Books & Prints', domains: [beta.domain], roles: [Role.EDITOR, Role.VIEWER] });
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new Browser(gateway.server, { host: alpha.domain });
    await visitor.open();
    const response = await list(visitor);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
  });

  it("hands the sign-in over to another website's domain once, and only there", async () => {
    const handed = await owner.send('post', `/api/auth/websites/${beta.id}/handoff`);
    expect(handed.status).toBe(201);
    const handoff = handed.body as WebsiteHandoff;
    expect(handoff).toMatchObject({ websiteId: beta.id, domain: beta.domain });
    expect(handoff.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(handoff.expiresAt) - Date.now()).toBeGreaterThan(30_000);

    // Redeemed on another website's domain it is refused, and stays usable for its own.
    const elsewhere = new Browser(gateway.server, { host: gamma.domain });
    await elsewhere.open();
    const refused = await elsewhere.send('post', '/api/auth/session/handoff', { body: { token: handoff.token } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { code: 'UNAUTHORIZED', message: OwnerWebsiteMessages.handoffInvalid } });
    expect(elsewhere.cookies.has(OWNER_SESSION_COOKIE)).toBe(false);

    // A browser with no cookie for the other domain is signed in there, with its roles there.
    const there = new Browser(gateway.server, { host: beta.domain });
    await there.open();
    expect(((await there.send('get', '/api/auth/session')).body as OwnerSessionInfo).authenticated).toBe(false);
    const redeemed = await there.send('post', '/api/auth/session/handoff', { body: { token: handoff.token } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ authenticated: true, ownerId, websiteId: beta.id, roles: [Role.EDITOR, Role.VIEWER] });
    expect(there.cookies.has(OWNER_SESSION_COOKIE)).toBe(true);
    const session = (await there.send('get', '/api/auth/session')).body as OwnerSessionInfo;
    expect(session).toMatchObject({ authenticated: true, ownerId, websiteId: beta.id, roles: [Role.EDITOR, Role.VIEWER] });

    // Once only.
    const again = new Browser(gateway.server, { host: beta.domain });
    await again.open();
    const replay = await again.send('post', '/api/auth/session/handoff', { body: { token: handoff.token } });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: { code: 'UNAUTHORIZED', message: OwnerWebsiteMessages.handoffInvalid } });
  });

  it('refuses an expired hand-off', async () => {
    const handoff = (await owner.send('post', `/api/auth/websites/${beta.id}/handoff`)).body as WebsiteHandoff;
    await db()
      .updateTable('owner_handoffs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('owner_id', '=', ownerId)
      .execute();
    const there = new Browser(gateway.server, { host: beta.domain });
    await there.open();
    const response = await there.send('post', '/api/auth/session/handoff', { body: { token: handoff.token } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: OwnerWebsiteMessages.handoffInvalid } });
  });

  it('refuses a hand-off to a website the owner is not a member of, or one without a domain', async () => {
    const notMember = await owner.send('post', `/api/auth/websites/${gamma.id}/handoff`);
    expect(notMember.status).toBe(404);
    expect(notMember.body).toEqual({ error: { code: 'NOT_FOUND', message: OwnerWebsiteMessages.notAMember } });
    const noDomain = await owner.send('post', `/api/auth/websites/${bare.id}/handoff`);
    expect(noDomain.status).toBe(409);
    expect(noDomain.body).toEqual({ error: { code: 'CONFLICT', message: OwnerWebsiteMessages.noDomain } });
    const count = await db()
      .selectFrom('owner_handoffs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('website_id', 'in', [gamma.id, bare.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a malformed token and a visitor asking for a hand-off', async () => {
    const visitor = new Browser(gateway.server, { host: alpha.domain });
    await visitor.open();
    const asked = await visitor.send('post', `/api/auth/websites/${beta.id}/handoff`);
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
    const malformed = await visitor.send('post', '/api/auth/session/handoff', { body: { token: 'not a token' } });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('makes the owner who creates a website through the API its admin, with a hand-off to its own address', async () => {
    const created = await owner.send('post', '/api/content-service/1.0/websites', {
      body: { name: 'Fresh Start Bakery', design: 'restaurant' },
    });
    expect(created.status).toBe(201);
    const { website } = created.body as CreatedWebsite;
    const mine = await waitFor(async () => {
      const answer = (await list()).body as OwnerWebsiteList;
      return answer.websites.find((w) => w.id === website.id);
    });
    expect(mine).toEqual({ id: website.id, title: 'Fresh Start Bakery', domains: [website.domains[0]], roles: [Role.ADMIN] });
    expect(website.domains[0]).toMatch(/^fresh-start-bakery(-\d+)?\.localhost$/);
    const handoff = (await owner.send('post', `/api/auth/websites/${website.id}/handoff`)).body as WebsiteHandoff;
    expect(handoff.domain).toBe(website.domains[0]);
    // On its own address, the owner is its admin; another owner is nobody there.
    const there = new Browser(gateway.server, { host: `${website.domains[0]}:8080` });
    await there.open();
    const session = await there.send('post', '/api/auth/session/handoff', { body: { token: handoff.token } });
    expect(session.body).toMatchObject({ authenticated: true, websiteId: website.id, roles: [Role.ADMIN] });
    const stranger = new Browser(gateway.server, { host: website.domains[0]! });
    await stranger.open();
    expect(
      (await signUpAndConfirm(identity, stranger, 'owner', { email: `${unique('stranger')}@example.com`, password: PASSWORD })).status,
    ).toBe(201);
    expect(((await stranger.send('get', '/api/auth/session')).body as OwnerSessionInfo).roles).toEqual([]);
  });
});
