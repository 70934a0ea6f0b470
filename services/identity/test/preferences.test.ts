// An owner's admin preferences (issue 35: a table's columns and sort follow the owner): kept per
// owner and website, read back only by the same owner on the same website, bounded in size (a
// clear 400), refused to API keys, site users and visitors.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityMessages, OWNER_PREFERENCE_MAX_BYTES, OwnerPreferenceMessages, Role, type Identity } from '@sc/contracts';
import { mode, unique } from '@sc/platform/test-kit';
import { signedHeaders, startIdentity, type RunningIdentity } from './kit.js';

describe(`owner preferences (${mode.database})`, () => {
  let identity: RunningIdentity;
  const websiteId = unique('site');
  const ownerA = unique('owner-a');
  const ownerB = unique('owner-b');
  const url = (key: string) => `/api/auth/owner/preferences/${key}`;

  const call = (who: Partial<Identity> & Pick<Identity, 'kind'>, method: 'GET' | 'PUT', key: string, payload?: unknown, site = websiteId) =>
    identity.app.inject({
      method,
      url: url(key),
      headers: signedHeaders(who, { requestId: unique('r'), websiteId: site }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const owner = (ownerId: string, roles: Role[] = [Role.ADMIN]) => ({ kind: 'owner' as const, ownerId, roles });

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => {
    await identity.close();
  });

  it('is null until set, then answers what was kept; a second PUT replaces it', async () => {
    const empty = await call(owner(ownerA), 'GET', 'table.orders');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ key: 'table.orders', value: null, updatedAt: null });

    const value = { sorting: [{ id: 'total', desc: true }], columnVisibility: { email: false } };
    const put = await call(owner(ownerA), 'PUT', 'table.orders', { value });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ key: 'table.orders', value });
    expect(typeof put.json<{ updatedAt: string }>().updatedAt).toBe('string');
    expect((await call(owner(ownerA), 'GET', 'table.orders')).json()).toMatchObject({ value });

    const next = { sorting: [], columnVisibility: { email: true } };
    expect((await call(owner(ownerA), 'PUT', 'table.orders', { value: next })).statusCode).toBe(200);
    expect((await call(owner(ownerA), 'GET', 'table.orders')).json()).toMatchObject({ value: next });
  });

  it("is the owner's own: another owner of the website, or the same owner on another website, reads null and writes their own", async () => {
    await call(owner(ownerA), 'PUT', 'table.customers', { value: { sorting: [{ id: 'spent', desc: true }] } });
    expect((await call(owner(ownerB, [Role.EDITOR]), 'GET', 'table.customers')).json()).toEqual({
      key: 'table.customers',
      value: null,
      updatedAt: null,
    });
    expect((await call(owner(ownerA), 'GET', 'table.customers', undefined, unique('other-site'))).json()).toMatchObject({ value: null });

    await call(owner(ownerB, [Role.EDITOR]), 'PUT', 'table.customers', { value: { sorting: [] } });
    expect((await call(owner(ownerA), 'GET', 'table.customers')).json()).toMatchObject({
      value: { sorting: [{ id: 'spent', desc: true }] },
    });
  });

  it(`refuses a value over ${OWNER_PREFERENCE_MAX_BYTES} bytes of JSON with a 400 that says the limit, and keeps the old one`, async () => {
    await call(owner(ownerA), 'PUT', 'table.media', { value: { view: 'grid' } });
    const big = await call(owner(ownerA), 'PUT', 'table.media', { value: { note: 'x'.repeat(OWNER_PREFERENCE_MAX_BYTES) } });
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain(OwnerPreferenceMessages.tooLarge);
    expect((await call(owner(ownerA), 'GET', 'table.media')).json()).toMatchObject({ value: { view: 'grid' } });

    // Just under the limit is kept.
    const fits = { note: 'x'.repeat(OWNER_PREFERENCE_MAX_BYTES - '{"note":""}'.length) };
    expect((await call(owner(ownerA), 'PUT', 'table.media', { value: fits })).statusCode).toBe(200);
  });

  it('refuses a bad key, a body without a value, and unknown fields with a 400', async () => {
    const badKey = await call(owner(ownerA), 'GET', '..%2Fsecrets');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain(OwnerPreferenceMessages.badKey);
    expect((await call(owner(ownerA), 'GET', 'k'.repeat(65))).statusCode).toBe(400);
    expect((await call(owner(ownerA), 'PUT', 'table.orders', {})).statusCode).toBe(400);
    expect((await call(owner(ownerA), 'PUT', 'table.orders', { value: [1, 2] })).statusCode).toBe(400);
    expect((await call(owner(ownerA), 'PUT', 'table.orders', { value: { a: 1 }, ownerId: ownerB })).statusCode).toBe(400);
  });

  it('answers 401 to visitors, site users and API keys, and 403 to an owner without a role on the website', async () => {
    for (const who of [
      { kind: 'visitor' as const },
      { kind: 'site-user' as const, siteUserId: unique('su') },
      { kind: 'api-key' as const, apiKeyId: unique('k'), ownerId: ownerA, roles: [Role.ADMIN], scopes: [] },
    ]) {
      const read = await call(who, 'GET', 'table.orders');
      expect(read.statusCode).toBe(401);
      expect(read.body).toContain(IdentityMessages.signInRequired);
      expect((await call(who, 'PUT', 'table.orders', { value: { a: 1 } })).statusCode).toBe(401);
    }
    const stranger = await call(owner(ownerA, []), 'GET', 'table.orders');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain(IdentityMessages.forbidden);
  });
});
