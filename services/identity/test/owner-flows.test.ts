// The owner side through the gateway: owner accounts and their separate session, members and
// roles, API keys (shown once, stored hashed, scoped, revocable) used with Authorization: Bearer.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import request from 'supertest';
import {
  DEMO_WEBSITE_ID,
  IdentityMessages,
  OWNER_SESSION_COOKIE,
  Permission,
  Role,
  SITE_USER_SESSION_COOKIE,
  formatMessage,
  type ApiKeyCreated,
  type MemberList,
  type OwnerSessionInfo,
} from '@sc/contracts';
import { mode, unique } from '@sc/platform/test-kit';
import type { IdentityDB } from '../src/tables.js';
import { grantRole } from '../src/owners/owner.repository.js';
import { sha256 } from '../src/domain/tokens.js';
import {
  Browser,
  setCookies,
  signUpAndConfirm,
  signUpToken,
  signedHeaders,
  startGateway,
  startIdentity,
  type RunningIdentity,
} from './kit.js';

// Hosts without a website of their own get the demo website (content is not running here).
const WEBSITE = DEMO_WEBSITE_ID;
const PASSWORD = 'owner password 1';

describe(`owners through the gateway (${mode.database})`, () => {
  let identity: RunningIdentity;
  let gateway: FastifyInstance;
  const db = () => identity.app.serviceContext!.db as unknown as Kysely<IdentityDB>;

  /** A new owner account, signed in, with these roles on the website. */
  async function owner(roles: Role[] = []): Promise<{ b: Browser; email: string; ownerId: string }> {
    const email = `${unique('owner')}@example.com`;
    const b = new Browser(gateway.server);
    await b.open();
    const created = await signUpAndConfirm(identity.app, b, 'owner', { email, password: PASSWORD, name: 'Olga Owner' });
    expect(created.status).toBe(201);
    const ownerId = (created.body as OwnerSessionInfo).ownerId!;
    for (const role of roles) await grantRole(db(), WEBSITE, ownerId, role);
    // Signing in again (as one does after being invited) makes the gateway ask afresh.
    expect((await b.send('post', '/api/auth/session', { body: { email, password: PASSWORD } })).status).toBe(200);
    return { b, email, ownerId };
  }

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  beforeAll(async () => {
    identity = await startIdentity();
    gateway = await startGateway({ IDENTITY_URL: identity.url });
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  describe('owner accounts', () => {
    it("sign-up's mailed link signs in with an owner session cookie of its own; no website roles yet", async () => {
      const email = `${unique('new')}@example.com`;
      const b = new Browser(gateway.server);
      await b.open();
      const asked = await b.send('post', '/api/auth/owners', { body: { email, password: PASSWORD, name: 'Nina' } });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: IdentityMessages.signUpCheckEmail });
      expect(setCookies(asked).has(OWNER_SESSION_COOKIE)).toBe(false);
      const response = await b.send('post', '/api/auth/owners/confirm', {
        body: { token: await signUpToken(identity.app, email), password: PASSWORD },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ authenticated: true, email, name: 'Nina', websiteId: WEBSITE, roles: [], permissions: [] });
      const cookie = setCookies(response).get(OWNER_SESSION_COOKIE);
      expect(cookie?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(setCookies(response).has(SITE_USER_SESSION_COOKIE)).toBe(false);
      expect((await b.send('get', '/api/auth/members')).status).toBe(403);
    });

    it('sign-in answers the roles and permissions on this website; sign-out ends the session', async () => {
      const { b, ownerId, email } = await owner([Role.EDITOR]);
      const me = await b.send('get', '/api/auth/session');
      expect(me.body).toEqual({
        authenticated: true,
        ownerId,
        email,
        name: 'Olga Owner',
        websiteId: WEBSITE,
        roles: [Role.EDITOR],
        permissions: [Permission.CONTENT_READ, Permission.CONTENT_EDIT, Permission.FORM_SUBMISSIONS_READ, Permission.SETTINGS_READ],
      });
      const out = await b.send('delete', '/api/auth/session');
      expect(out.status).toBe(200);
      expect(b.cookies.has(OWNER_SESSION_COOKIE)).toBe(false);
      expect((await b.send('get', '/api/auth/session')).body).toEqual({
        authenticated: false,
        websiteId: WEBSITE,
        roles: [],
        permissions: [],
      });
    });

    it('refuses a wrong password with the same answer as an unknown email', async () => {
      const { email } = await owner();
      const b = new Browser(gateway.server);
      await b.open();
      const wrong = await b.send('post', '/api/auth/session', { body: { email, password: 'nope nope' } });
      const unknown = await b.send('post', '/api/auth/session', { body: { email: `${unique('x')}@example.com`, password: 'nope nope' } });
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.wrongCredentials } });
    });

    it('a site-user session gives no owner rights', async () => {
      const b = new Browser(gateway.server);
      await b.open();
      expect(
        (await signUpAndConfirm(identity.app, b, 'site-user', { email: `${unique('su')}@example.com`, password: PASSWORD })).status,
      ).toBe(201);
      const response = await b.send('get', '/api/auth/members');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
    });
  });

  describe('members and roles', () => {
    it('an admin adds an owner account by email, changes its roles and removes it', async () => {
      const admin = await owner([Role.ADMIN]);
      const other = await owner();

      const added = await admin.b.send('post', '/api/auth/members', { body: { email: other.email, roles: [Role.EDITOR] } });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ ownerId: other.ownerId, email: other.email, name: 'Olga Owner', roles: [Role.EDITOR] });
      // An editor may not see the members panel...
      expect((await other.b.send('get', '/api/auth/members')).status).toBe(403);

      const changed = await admin.b.send('put', `/api/auth/members/${other.ownerId}`, {
        body: { roles: [Role.VIEWER, Role.STORE_MANAGER] },
      });
      expect(changed.status).toBe(200);
      expect((changed.body as { roles: number[] }).roles).toEqual([Role.STORE_MANAGER, Role.VIEWER]);
      // ...a viewer may (the admin's change made the gateway forget its cached roles at once).
      const list = await other.b.send('get', '/api/auth/members');
      expect(list.status).toBe(200);
      expect((list.body as MemberList).members).toEqual(
        expect.arrayContaining([
          { ownerId: admin.ownerId, email: admin.email, name: 'Olga Owner', roles: [Role.ADMIN] },
          { ownerId: other.ownerId, email: other.email, name: 'Olga Owner', roles: [Role.STORE_MANAGER, Role.VIEWER] },
        ]),
      );
      // A viewer reads only.
      expect((await other.b.send('put', `/api/auth/members/${admin.ownerId}`, { body: { roles: [Role.VIEWER] } })).status).toBe(403);

      expect((await admin.b.send('delete', `/api/auth/members/${other.ownerId}`)).status).toBe(200);
      expect((await other.b.send('get', '/api/auth/members')).status).toBe(403);
      expect((await admin.b.send('delete', `/api/auth/members/${other.ownerId}`)).status).toBe(404);
    });

    it('names an unknown email and refuses bad roles', async () => {
      const admin = await owner([Role.ADMIN]);
      const unknown = await admin.b.send('post', '/api/auth/members', {
        body: { email: `${unique('ghost')}@example.com`, roles: [Role.VIEWER] },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: { message: IdentityMessages.ownerNotFound } });
      expect((await admin.b.send('post', '/api/auth/members', { body: { email: admin.email, roles: [5] } })).status).toBe(400);
      expect((await admin.b.send('post', '/api/auth/members', { body: { email: admin.email, roles: [] } })).status).toBe(400);
    });

    it('never leaves a website without an admin', async () => {
      const websiteId = unique('site');
      const ownerId = unique('admin');
      await db()
        .insertInto('owners')
        .values({ id: ownerId, email: `${ownerId}@example.com`, name: null, password_hash: 'x' })
        .execute();
      await grantRole(db(), websiteId, ownerId, Role.ADMIN);
      const as = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
        identity.app.inject({
          method,
          url,
          ...(payload ? { payload } : {}),
          headers: signedHeaders({ kind: 'owner', ownerId, roles: [Role.ADMIN] }, { requestId: unique('r'), websiteId }),
        });
      const demote = await as('PUT', `/api/auth/members/${ownerId}`, { roles: [Role.EDITOR] });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ error: { code: 'CONFLICT', message: IdentityMessages.lastAdmin } });
      expect((await as('DELETE', `/api/auth/members/${ownerId}`)).statusCode).toBe(409);
      expect((await as('PUT', `/api/auth/members/${ownerId}`, { roles: [Role.ADMIN, Role.BILLING] })).statusCode).toBe(200);
    });
  });

  describe('API keys', () => {
    it('is shown once, stored hashed, acts with its scope and stops working when revoked', async () => {
      const admin = await owner([Role.ADMIN]);
      const created = await admin.b.send('post', '/api/auth/api-keys', {
        body: { name: 'Reporting export', scopes: [Permission.MEMBERS_READ] },
      });
      expect(created.status).toBe(201);
      const key = created.body as ApiKeyCreated;
      expect(key.key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
      expect(key).toMatchObject({
        name: 'Reporting export',
        scopes: [Permission.MEMBERS_READ],
        ownerId: admin.ownerId,
        prefix: key.key.slice(0, 12),
        revokedAt: null,
      });
      expect(created.headers['cache-control']).toBe('no-store');

      const row = await db().selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(sha256(key.key));
      expect(JSON.stringify(row)).not.toContain(key.key);
      const listed = await admin.b.send('get', '/api/auth/api-keys');
      expect(JSON.stringify(listed.body)).not.toContain(key.key);
      expect(listed.body).toMatchObject({ apiKeys: expect.arrayContaining([expect.objectContaining({ id: key.id, prefix: key.prefix })]) });

      // The key alone (no cookies, no crumb) reads the members...
      const read = await request(gateway.server).get('/api/auth/members').set(bearer(key.key));
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).toContain(admin.ownerId);
      // ...and can do nothing outside its scope.
      const write = await request(gateway.server)
        .post('/api/auth/members')
        .set(bearer(key.key))
        .send({ email: admin.email, roles: [Role.ADMIN] });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.forbidden } });
      expect(
        (
          await request(gateway.server)
            .post('/api/auth/api-keys')
            .set(bearer(key.key))
            .send({ name: 'more', scopes: [Permission.MEMBERS_READ] })
        ).status,
      ).toBe(403);

      const revoked = await admin.b.send('delete', `/api/auth/api-keys/${key.id}`);
      expect(revoked.status).toBe(200);
      expect((revoked.body as { revokedAt: string | null }).revokedAt).not.toBeNull();
      const after = await request(gateway.server).get('/api/auth/members').set(bearer(key.key));
      expect(after.status).toBe(401);
      expect((await request(gateway.server).get('/api/auth/members').set(bearer('sck_made-up-key-1234567890'))).status).toBe(401);
    });

    it('cannot hold what its creator lacks, nor key or member management', async () => {
      const admin = await owner([Role.ADMIN]);
      for (const scope of [Permission.API_KEYS_MANAGE, Permission.MEMBERS_MANAGE]) {
        const response = await admin.b.send('post', '/api/auth/api-keys', { body: { name: 'k', scopes: [scope] } });
        expect(response.status).toBe(400);
        const message = formatMessage(IdentityMessages.scopeNotGrantable, { permission: scope });
        expect(response.body).toEqual({ error: { code: 'VALIDATION_FAILED', message, fields: { scopes: message } } });
      }
      expect((await admin.b.send('post', '/api/auth/api-keys', { body: { name: 'k', scopes: ['everything'] } })).status).toBe(400);

      // A key made by an admin loses what its creator loses.
      const made = (await admin.b.send('post', '/api/auth/api-keys', { body: { name: 'k', scopes: [Permission.MEMBERS_READ] } }))
        .body as ApiKeyCreated;
      await db().deleteFrom('website_roles').where('owner_id', '=', admin.ownerId).where('website_id', '=', WEBSITE).execute();
      await grantRole(db(), WEBSITE, admin.ownerId, Role.EDITOR);
      // (the role change happened outside the gateway: wait out its short cache)
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      expect((await request(gateway.server).get('/api/auth/members').set(bearer(made.key))).status).toBe(403);
    });

    it('an owner may only give a key permissions their roles hold now', async () => {
      const editor = await owner([Role.EDITOR]);
      // Editors have no api-keys:manage, so the panel itself is closed to them.
      expect((await editor.b.send('post', '/api/auth/api-keys', { body: { name: 'k', scopes: [Permission.CONTENT_READ] } })).status).toBe(
        403,
      );

      // A website manager whose identity header still says admin (a stale cache): the scopes are
      // checked against the roles in the database, not the header.
      const websiteId = unique('site');
      const ownerId = unique('manager');
      await db()
        .insertInto('owners')
        .values({ id: ownerId, email: `${ownerId}@example.com`, name: null, password_hash: 'x' })
        .execute();
      await grantRole(db(), websiteId, ownerId, Role.WEBSITE_MANAGER);
      const create = (scopes: Permission[]) =>
        identity.app.inject({
          method: 'POST',
          url: '/api/auth/api-keys',
          payload: { name: 'k', scopes },
          headers: signedHeaders({ kind: 'owner', ownerId, roles: [Role.ADMIN] }, { requestId: unique('r'), websiteId }),
        });
      expect((await create([Permission.STORE_MANAGE])).statusCode).toBe(201);
      const refused = await create([Permission.STORE_MANAGE, Permission.BILLING_MANAGE]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'FORBIDDEN', message: formatMessage(IdentityMessages.scopeNotHeld, { permission: Permission.BILLING_MANAGE }) },
      });
    });
  });
});
