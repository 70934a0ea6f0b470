// The tracking rules of SPEC 5, 6 and 9 enforced by the server, and privacy: who is tracked (roles),
// which pages are skipped, the census cookie, the restrictive cookie policy, the per-website
// opt-out, and visitors identified by a daily-salted hash only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Role, type EventEnvelope } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';
import { applyEvent, CONTENT_CONSUMER } from '../src/index.js';
import { hitForm, suite, type Kit } from './kit.js';

const settingsEvent = (websiteId: string, data: Record<string, unknown>): EventEnvelope => ({
  id: randomUUID(),
  type: 'content.settings.updated',
  websiteId,
  occurredAt: new Date().toISOString(),
  data: { changed: ['cookieSettings'], currency: 'USD', locale: 'en-US', timeZone: 'America/New_York', country: 'US', ...data },
});

describe('analytics tracking rules', () => {
  const kit = suite();

  const hits = async (site: string) => {
    await kit.flush();
    return kit.db
      .selectFrom('hits')
      .select(['path', 'visitor_hash', 'event_type'])
      .where('website_id', '=', site)
      .orderBy('received_at')
      .execute();
  };
  const hit = (
    site: string,
    data: Record<string, unknown> = {},
    options: Parameters<Kit['call']>[3] = {},
    extra: Record<string, string> = {},
  ) => kit.call('POST', '/api/census/RecordHit', undefined, { site, ...options, form: hitForm(site, data, extra) });

  it('tracks anonymous visitors and viewer-only owners; not admins, other roles or API keys', async () => {
    const site = unique('roles');
    expect((await hit(site)).json()).toEqual({ accepted: 1 });
    expect((await hit(site, {}, { roles: [Role.VIEWER] })).json()).toEqual({ accepted: 1 });
    for (const roles of [[Role.ADMIN], [Role.REPORTING], [Role.EDITOR], [Role.VIEWER, Role.EDITOR]]) {
      const response = await hit(site, {}, { roles });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: 0, skipped: 'not-tracked-role' });
    }
    expect(await hits(site)).toHaveLength(2);
  });

  it('never tracks the admin app, and skips not-found, lock-screen and access-denied pages and search page views', async () => {
    const site = unique('pages');
    expect((await hit(site, { url: 'https://shop.example.com/config/pages' }, { roles: [Role.VIEWER] })).json()).toEqual({
      accepted: 0,
      skipped: 'config-page',
    });
    for (const pageType of [100, 103, 106])
      expect((await hit(site, { pageType })).json()).toEqual({ accepted: 0, skipped: 'untracked-page' });
    expect((await hit(site, { url: 'https://shop.example.com/search?q=lamp' })).json()).toEqual({ accepted: 0, skipped: 'untracked-page' });
    // The search itself (event type 2) is recorded; other page types are.
    expect((await hit(site, { url: 'https://shop.example.com/search?q=lamp' }, {}, { event: '2' })).json()).toEqual({ accepted: 1 });
    expect((await hit(site, { pageType: 50 })).json()).toEqual({ accepted: 1 });
    expect((await hits(site)).map((h) => [h.path, h.event_type])).toEqual([
      ['/search', 2],
      ['/about', 1],
    ]);
  });

  it("counts the search page's site-search hits as views of /search (issue 36), never as product views", async () => {
    const site = unique('search');
    await hit(site, { url: 'https://shop.example.com/search?q=lamp' }, {}, { event: '2' });
    await hit(site, { url: 'https://shop.example.com/search?q=bowl' }, {}, { event: '2' });
    await hit(site, { url: 'https://shop.example.com/shop' });
    expect((await hits(site)).map((h) => [h.path, h.event_type])).toEqual([
      ['/search', 2],
      ['/search', 2],
      ['/shop', 1],
    ]);
    const pages = await kit.db.selectFrom('page_daily').select(['path', 'views']).where('website_id', '=', site).orderBy('path').execute();
    expect(pages.map((p) => [p.path, Number(p.views)])).toEqual([
      ['/search', 2],
      ['/shop', 1],
    ]);
    const traffic = await kit.db.selectFrom('traffic_daily').select(['page_views']).where('website_id', '=', site).execute();
    expect(traffic.map((t) => Number(t.page_views))).toEqual([3]);
  });

  it('does not count crawlers and headless browsers', async () => {
    const site = unique('bots');
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 HeadlessChrome/120.0',
      'curl/8.0',
    ]) {
      expect((await hit(site, {}, { userAgent })).json()).toEqual({ accepted: 0, skipped: 'automated-client' });
    }
    expect(await hits(site)).toHaveLength(0);
  });

  it('records visitor tracking events only with the census cookie', async () => {
    const site = unique('cookie');
    const without = await kit.call('POST', '/api/census/button-click', { url: 'https://shop.example.com/' }, { site });
    expect(without.json()).toEqual({ accepted: 0, skipped: 'no-census-cookie' });
    const quick = await kit.call('POST', '/api/census/RecordQuickView/p1', undefined, { site });
    expect(quick.json()).toEqual({ accepted: 0, skipped: 'no-census-cookie' });
    const withCookie = await kit.call(
      'POST',
      '/api/census/button-click',
      { url: 'https://shop.example.com/' },
      { site, cookies: { ss_cvr: 'visitor-0001|1' } },
    );
    expect(withCookie.json()).toEqual({ accepted: 1 });
  });

  it('identifies visitors by a daily-salted hash: the census cookie when allowed, else address and browser', async () => {
    const site = unique('hash');
    await hit(site, {}, { ip: '198.51.100.1', cookies: { ss_cvr: 'visitor-aaaa|1' } });
    await hit(site, {}, { ip: '198.51.100.2', cookies: { ss_cvr: 'visitor-aaaa|2' } });
    await hit(site, {}, { ip: '198.51.100.1', cookies: { ss_cvr: 'visitor-bbbb|1' } });
    await hit(site, {}, { ip: '198.51.100.9' });
    await hit(site, {}, { ip: '198.51.100.9' });
    const [a1, a2, b, anon1, anon2] = (await hits(site)).map((h) => h.visitor_hash);
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
    expect(anon1).toBe(anon2);
    expect(anon1).not.toBe(a1);
    // Today's salt is random, shared through the database; older ones are purged.
    const salts = await kit.db.selectFrom('daily_salts').select(['salt']).execute();
    expect(salts.length).toBeGreaterThanOrEqual(1);
    expect(salts[0]!.salt.length).toBeGreaterThanOrEqual(32);
  });

  it('under a restrictive cookie policy ignores and clears the census cookies, and counts page views without them', async () => {
    const site = unique('restrictive');
    await applyEvent(kit.ctx, CONTENT_CONSUMER, settingsEvent(site, { cookieSettings: { restrictivePolicy: true } }));
    const cookies = { ss_cvr: 'visitor-cccc|1', ss_cvt: '123', ss_cid: 'x', other: 'kept' };
    const first = await hit(site, {}, { ip: '198.51.100.1', cookies });
    expect(first.json()).toEqual({ accepted: 1 });
    const cleared = (first.headers['set-cookie'] as string[]).map((c) => c.split('=')[0]).sort();
    expect(cleared).toEqual(['ss_cid', 'ss_cvr', 'ss_cvt']);
    expect((first.headers['set-cookie'] as string[])[0]).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    await hit(site, {}, { ip: '198.51.100.2', cookies });
    const [h1, h2] = (await hits(site)).map((h) => h.visitor_hash);
    // Same cookie, two addresses: two visitors, because the cookie is not read.
    expect(h1).not.toBe(h2);
    const click = await kit.call('POST', '/api/census/button-click', { url: 'https://shop.example.com/' }, { site, cookies });
    expect(click.json()).toEqual({ accepted: 0, skipped: 'no-census-cookie' });
    const replay = await kit.call('GET', '/api/commerce/fullstory/getId', undefined, { site });
    expect(replay.json()).toEqual({ id: 'automated-mock-id' });
  });

  it('honours a website opt-out on every ingestion call', async () => {
    const site = unique('optout');
    const put = await kit.call('PUT', '/api/census/settings', { trackingEnabled: false }, { site, roles: [Role.ADMIN] });
    expect(put.statusCode).toBe(200);
    expect(put.json().trackingEnabled).toBe(false);
    const skipped = { accepted: 0, skipped: 'opted-out' };
    expect((await hit(site)).json()).toEqual(skipped);
    expect((await kit.call('POST', '/api/events/RecordEvent', undefined, { site, form: { event: 'AddToCart' } })).json()).toEqual(skipped);
    expect((await kit.call('POST', '/api/events/RecordJavascriptErrors', [{ message: 'x' }], { site })).json()).toEqual(skipped);
    expect(
      (await kit.call('POST', '/api/census/button-click', { url: '/' }, { site, cookies: { ss_cvr: 'visitor-dddd' } })).json(),
    ).toEqual(skipped);
    const perf = await kit.call('GET', '/api/1/performance/settings', undefined, { site });
    expect(perf.json().enabled).toBe(false);
    expect(
      (
        await kit.call(
          'POST',
          '/api/1/performance/records',
          { pageLoadId: randomUUID(), url: '/', records: [{ metric: 'LCP', value: 1 }] },
          { site },
        )
      ).json(),
    ).toEqual(skipped);
    expect(await hits(site)).toHaveLength(0);
    await kit.call('PUT', '/api/census/settings', { trackingEnabled: true }, { site, roles: [Role.ADMIN] });
    expect((await hit(site)).json()).toEqual({ accepted: 1 });
  });

  it('lets only settings managers change the analytics settings', async () => {
    const site = unique('settings');
    expect((await kit.call('PUT', '/api/census/settings', { trackingEnabled: false }, { site })).statusCode).toBe(401);
    expect((await kit.call('PUT', '/api/census/settings', { trackingEnabled: false }, { site, roles: [Role.REPORTING] })).statusCode).toBe(
      403,
    );
    expect((await kit.call('PUT', '/api/census/settings', { trackingEnabled: 'no' }, { site, roles: [Role.ADMIN] })).statusCode).toBe(400);
    expect((await kit.call('PUT', '/api/census/settings', { country: 'CA' }, { site, roles: [Role.ADMIN] })).statusCode).toBe(400);
    const read = await kit.call('GET', '/api/census/settings', undefined, { site, roles: [Role.REPORTING] });
    expect(read.json()).toEqual({
      trackingEnabled: true,
      sessionReplay: { enabled: false, experiment: false },
      country: 'US',
      timeZone: 'America/New_York',
      restrictiveCookiePolicy: false,
    });
  });
});
