// One site title: the header text of Header & footer is empty unless the owner sets one, and
// sites that kept a copy of their title there (the demo, before) have it cleared by a migration,
// so Settings › General's title is what shows. A different header text is kept.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { m0006HeaderTitleFollowsSite } from '../src/migrations/0006_header_title_follows_site.js';
import { ADMIN, setup, type Kit } from './kit.js';

describe('one site title', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  });
  afterAll(async () => kit.close());

  it('clears a header text that only copies the title, keeps a different one, and the title change is announced', async () => {
    const copied = await kit.newWebsite();
    const own = await kit.newWebsite();
    const title = async (site: string) =>
      (await kit.call('GET', `/api/content-service/1.0/websites/${site}`, { websiteId: site, roles: ADMIN })).json<{ title: string }>()
        .title;
    for (const [site, siteTitle] of [
      [copied, await title(copied)],
      [own, 'Our own header'],
    ] as const) {
      expect(
        (await kit.call('PUT', '/api/site-header-footer', { websiteId: site, roles: ADMIN }, { header: { siteTitle }, footer: {} }))
          .statusCode,
      ).toBe(200);
    }
    await m0006HeaderTitleFollowsSite.up(kit.ctx.db);
    const header = async (site: string) =>
      (await kit.call('GET', '/api/site-header-footer', { websiteId: site })).json<{ header: { siteTitle: string } }>().header;
    expect((await header(copied)).siteTitle).toBe('');
    expect((await header(own)).siteTitle).toBe('Our own header');

    const renamed = await kit.call(
      'PUT',
      `/api/content-service/1.0/websites/${copied}`,
      { websiteId: copied, roles: ADMIN },
      { title: 'Harbour & Pine Studio' },
    );
    expect(renamed.statusCode).toBe(200);
    // The event render's page cache is invalidated by.
    expect((await kit.events(copied, 'content.website.updated')).at(-1)?.data).toMatchObject({ title: 'Harbour & Pine Studio' });
  });
});
