// The one test kit (@sc/platform/testing): a definition built on the test configuration, calls
// that carry what the gateway would have resolved (visitor, owner, site user, a forged website),
// the outbox read back, the file's apps on one embedded database, and teardown the kit registers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role } from '@sc/contracts';
import { closeAfterAll, serviceKit } from '@sc/platform/testing';
import { identityOf } from '../src/auth/index.js';
import { enqueueEvent } from '../src/outbox/index.js';
import type { ServiceDefinition } from '../src/service.js';

/** A service of no tables: one route answering who called, one writing an event. */
const echo: ServiceDefinition<unknown, { built: string }> = {
  name: 'forms',
  migrations: {},
  wire: () => ({ built: 'by the wiring step' }),
  routes(app, ctx) {
    app.get('/who', async (request) => {
      const identity = identityOf(request);
      return {
        kind: identity.kind,
        websiteId: identity.websiteId,
        roles: identity.roles,
        ownerId: identity.kind === 'owner' ? identity.ownerId : null,
        siteUserId: 'siteUserId' in identity ? identity.siteUserId : null,
        forwardedFor: request.headers['x-forwarded-for'] ?? null,
        cookie: request.headers.cookie ?? null,
      };
    });
    app.post('/event', async (request) => {
      const websiteId = identityOf(request).websiteId;
      await ctx.transaction((trx) =>
        enqueueEvent(trx, 'forms.submission.saved', websiteId, {
          submissionId: 's1',
          formId: 'f1',
          formType: 1,
          pageId: null,
          pagePath: '/contact',
          contentSource: null,
        }),
      );
      return { ok: true };
    });
  },
};

describe('serviceKit', () => {
  // The echo service borrows the forms service's name (names are a closed list), so it runs on the
  // file's embedded database: on the shared Postgres it would meet the real forms schema and its
  // relay. The worker's environment is given back after the file.
  const databaseUrl = process.env.DATABASE_URL;
  beforeAll(() => {
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  });

  it('calls as a visitor, an owner, a site user, and with a header signed for another website', async () => {
    const kit = await serviceKit(echo, { ownerId: (site) => `boss-of-${site}` });
    expect(kit.parts).toEqual({ built: 'by the wiring step' });
    const who = async (caller: Parameters<typeof kit.call>[2]) => (await kit.call('GET', '/who', caller)).json();
    expect(await who({ websiteId: 'site-a', ip: '198.51.100.4', cookies: { a: '1', b: '2' } })).toEqual({
      kind: 'visitor',
      websiteId: 'site-a',
      roles: [],
      ownerId: null,
      siteUserId: null,
      forwardedFor: '198.51.100.4',
      cookie: 'a=1; b=2',
    });
    expect(await who(kit.asOwner('site-a'))).toMatchObject({
      kind: 'owner',
      websiteId: 'site-a',
      roles: [Role.ADMIN],
      ownerId: 'boss-of-site-a',
    });
    expect(await who(kit.asOwner('site-a', [Role.REPORTING]))).toMatchObject({ kind: 'owner', roles: [Role.REPORTING] });
    expect(await who({ websiteId: 'site-a', siteUserId: 'su-1' })).toMatchObject({
      kind: 'site-user',
      websiteId: 'site-a',
      siteUserId: 'su-1',
    });
    // Signed for site-b but sent to site-a: the service answers only what the gateway signed.
    const forged = await kit.call('GET', '/who', { websiteId: 'site-a', roles: [Role.ADMIN], identityWebsiteId: 'site-b' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'This service answers only requests that come through the gateway.' },
    });
  });

  it('reads back the events a call wrote, per website and type', async () => {
    const kit = await serviceKit(echo);
    expect((await kit.call('POST', '/event', kit.asOwner('site-e'), {})).statusCode).toBe(200);
    const events = await kit.events('site-e');
    expect(events.map((event) => [event.type, event.websiteId])).toEqual([['forms.submission.saved', 'site-e']]);
    expect(await kit.events('site-e', 'forms.submission.deleted')).toEqual([]);
    expect(await kit.events('site-other')).toEqual([]);
  });

  it('gives the apps of one test file one embedded database, and closes an app once however often it is closed', async () => {
    const first = await serviceKit(echo);
    const second = await serviceKit(echo);
    await first.call('POST', '/event', { websiteId: 'site-shared' }, {});
    // Each app's outbox lives in the same database (or the same Postgres run database).
    expect((await second.events('site-shared')).length).toBeGreaterThanOrEqual(1);
    await first.close();
    await first.close();
    expect((await second.call('GET', '/who', { websiteId: 'x' })).statusCode).toBe(200);
  });

  it('runs what a suite registers once, early or in the file teardown', async () => {
    let runs = 0;
    const close = closeAfterAll(async () => {
      runs += 1;
    });
    await close();
    await close();
    expect(runs).toBe(1);
  });
});
