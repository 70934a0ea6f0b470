// Websites made by owners from a starting design (issue 34): POST /api/content-service/1.0/websites
// makes the website with its `<slug>.<BASE_DOMAIN>` address, pages, navigation, header and footer,
// site styles and sample items of the design, announces the creating owner (identity makes them
// admin), refuses bad input, taken addresses and owners past their limit; the six designs differ;
// switching design changes the look and keeps every text the owner wrote.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CollectionType,
  ContentMessages,
  DESIGN_IDS,
  DOMAIN_VERIFY_PATH,
  DomainMessages,
  Role,
  WebsiteMessages,
  formatMessage,
  type CreatedWebsite,
  type CustomDomain,
  type CustomDomainList,
  type Layout,
} from '@sc/contracts';
import { signIdentity } from '@sc/platform';
import { asFromGateway } from '@sc/platform/test-kit';
import { setup, SIGNING_KEY, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

describe('websites from starting designs', () => {
  let kit: Kit;
  // The owner's current web server at 'localhost' (a custom domain's HTTP proof): it serves `proof`.
  let proof = '';
  let websitesOptions: NonNullable<Parameters<typeof setup>[0]>['websites'];
  const ownServer = createServer((request, response) => {
    if (request.url === DOMAIN_VERIFY_PATH && proof) response.end(proof);
    else response.writeHead(404).end();
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => ownServer.listen(0, '127.0.0.1', resolve));
    const httpPort = (ownServer.address() as AddressInfo).port;
    websitesOptions = { baseDomain: 'sites.test', publicUrl: 'https://sites.test', websitesPerOwner: 3, domainVerifyHttpPort: httpPort };
    kit = await setup({ websites: websitesOptions });
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit.close();
    ownServer.close();
  });

  /** A request as the gateway sends it for a signed-in owner (no role on the request's website). */
  function asOwner(
    ownerId: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    kind: 'owner' | 'api-key' | 'visitor' = 'owner',
    on: Kit = kit,
  ) {
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'x-website-id': 'demo', 'x-request-id': requestId };
    const who = kind === 'owner' ? { ownerId } : kind === 'api-key' ? { ownerId, apiKeyId: 'key1', scopes: [] } : {};
    Object.assign(
      headers,
      signIdentity({ v: 1, kind, websiteId: 'demo', requestId, issuedAt: Date.now(), ...who, roles: [] }, SIGNING_KEY),
    );
    return on.app.inject({
      method,
      url,
      headers: asFromGateway(headers, SIGNING_KEY),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }
  const create = (ownerId: string, body: unknown, on: Kit = kit) =>
    asOwner(ownerId, 'POST', '/api/content-service/1.0/websites', body, 'owner', on);

  it('makes a website with its address, pages, navigation, header, footer, styles and sample content, and names its creator', async () => {
    const response = await create('owner-a', { name: 'Rosa’s Trattoria', design: 'restaurant' });
    expect(response.statusCode).toBe(201);
    const made = response.json<CreatedWebsite>();
    expect(made).toMatchObject({
      design: 'restaurant',
      address: 'https://rosas-trattoria.sites.test',
      website: { title: 'Rosa’s Trattoria', domains: ['rosas-trattoria.sites.test'] },
    });
    expect(made.website.settings.styles).toMatchObject({
      bodyFont: 'lora',
      headingFont: 'playfair-display',
      accent: '#9c2a2a',
      buttonShape: 'square',
    });
    expect(made.website.design).toBe('restaurant');
    const id = made.website.id;
    expect(await kit.websites.websiteForHost('Rosas-Trattoria.sites.test:443')).toBe(id);

    const owner = { websiteId: id, roles: [Role.ADMIN] };
    const site = await kit.call('GET', '/api/commondata/GetSiteLayout', owner);
    expect(site.statusCode).toBe(200);
    expect(JSON.stringify(site.json())).toMatch(/Home.*Menu.*Our Story.*Visit/);
    const header = (await kit.call('GET', '/api/site-header-footer', owner)).json<{
      header: { alignment: string; backgroundColor: string };
      footer: { text: string };
    }>();
    expect(header.header).toMatchObject({ alignment: 'center', backgroundColor: '#2b1d14' });
    expect(header.footer.text).toContain('Open Tuesday to Sunday');
    const home = await kit.ctx.db
      .selectFrom('collections')
      .select('id')
      .where('website_id', '=', id)
      .where('url_id', '=', 'home')
      .executeTakeFirstOrThrow();
    const page = await kit.call('GET', `/api/content-service/public/1.0/collections/${home.id}`, { websiteId: id });
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.json())).toContain('Fresh pasta, wood fire, long evenings');
    // The menu gallery holds the design's pictures, stored on this website.
    const menu = await kit.ctx.db.selectFrom('items').select(['data']).where('website_id', '=', id).execute();
    expect(menu).toHaveLength(4);
    expect(JSON.stringify(menu)).toContain(`/api/content-service/public/1.0/assets/${id}/`);

    const [created] = await kit.events(id, 'content.website.created');
    expect(created?.data).toMatchObject({ createdBy: 'owner-a', domains: ['rosas-trattoria.sites.test'] });
  });

  it('gives a name that is taken the next free address, and refuses a slug that is taken or reserved', async () => {
    const second = (await create('owner-b', { name: 'Rosa’s Trattoria', design: 'shop' })).json<CreatedWebsite>();
    expect(second.website.domains).toEqual(['rosas-trattoria-2.sites.test']);
    for (const slug of ['rosas-trattoria', 'design-shop', 'www']) {
      const taken = await create('owner-b', { name: 'Again', design: 'blog', slug });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'CONFLICT', message: formatMessage(WebsiteMessages.slugTaken, { slug }) } });
    }
  });

  it.each([
    [{ name: 'X', design: 'spaceship' }, 'Choose one of the designs'],
    [{ name: '', design: 'shop' }, 'Give the website a name.'],
    [{ name: 'x'.repeat(101), design: 'shop' }, 'A website name can be at most 100 characters.'],
    [{ name: 'Ok', design: 'shop', slug: '-bad-' }, 'Use 3 to 40 letters, digits or hyphens'],
    [{ name: 'Ok', design: 'shop', websiteId: 'demo' }, ''],
  ])('refuses %j with a 400 and makes nothing', async (body, message) => {
    const before = await kit.ctx.db
      .selectFrom('websites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await create('owner-c', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    const after = await kit.ctx.db
      .selectFrom('websites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('lets only a signed-in owner create (not a visitor, not an API key)', async () => {
    for (const kind of ['visitor', 'api-key'] as const) {
      const response = await asOwner('nobody', 'POST', '/api/content-service/1.0/websites', { name: 'Nope', design: 'shop' }, kind);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { message: WebsiteMessages.ownerRequired } });
    }
  });

  it('holds each owner to their limit, also when creations race', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => create('owner-limit', { name: `Limit ${i}`, design: 'blog' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ error: { message: formatMessage(WebsiteMessages.limitReached, { max: 3 }) } });
  });

  it('holds a website to PAGES_PER_WEBSITE pages and collections, with a clear message, also when additions race', async () => {
    const limited = await setup({ websites: { ...websitesOptions, pagesPerWebsite: 8 } });
    try {
      const made = (await create('owner-pages', { name: 'Few Pages', design: 'blog' }, limited)).json<CreatedWebsite>();
      const owner = { websiteId: made.website.id, roles: [Role.ADMIN] };
      const url = `/api/content-service/1.0/websites/${made.website.id}/collections`;
      const count = async () => (await limited.call('GET', url, owner)).json<{ items: unknown[] }>().items.length;
      const before = await count();
      expect(before).toBeLessThan(8);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => limited.call('POST', url, owner, { type: CollectionType.PAGE, title: `Extra ${i}` })),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(8 - before);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(refused).toHaveLength(6 - (8 - before));
      expect(refused[0]!.json()).toEqual({ error: { code: 'CONFLICT', message: formatMessage(ContentMessages.tooManyPages, { max: 8 }) } });
      expect(await count()).toBe(8);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('has six designs that look different: fonts, colours, buttons and header each differ', async () => {
    const list = await asOwner('owner-d', 'GET', '/api/content-service/1.0/designs');
    expect(list.statusCode).toBe(200);
    const designs = list.json<{ designs: Array<{ id: string; previewUrl: string }> }>().designs;
    expect(designs.map((d) => d.id)).toEqual([...DESIGN_IDS]);
    expect(designs[0]).toMatchObject({ previewUrl: 'https://design-shop.sites.test/', previewPath: '/_designs/shop/' });
    // The previews are real websites, served at their own address.
    expect(await kit.websites.websiteForHost('design-events.sites.test')).toBe('design-events');
    const looks = await Promise.all(DESIGN_IDS.map(async (id) => (await kit.websites.get(`design-${id}`)).settings.styles));
    expect(new Set(looks.map((s) => s.accent)).size).toBe(6);
    expect(new Set(looks.map((s) => `${s.bodyFont}/${s.headingFont}`)).size).toBe(6);
    expect(new Set(looks.map((s) => s.buttonShape)).size).toBe(3);
  });

  it('switches design: the look changes, every text the owner wrote stays', async () => {
    const made = (await create('owner-e', { name: 'Switch Me', design: 'shop' })).json<CreatedWebsite>();
    const id = made.website.id;
    const owner = { websiteId: id, roles: [Role.ADMIN] };
    const pages = async () => {
      const rows = await kit.ctx.db
        .selectFrom('collections')
        .select(['url_id', 'layout'])
        .where('website_id', '=', id)
        .where('type', '=', 10)
        .orderBy('url_id')
        .execute();
      return rows.map((row) => ({ url: row.url_id, layout: row.layout as Layout }));
    };
    // The owner edits the home page's heading first.
    const home = await kit.ctx.db
      .selectFrom('collections')
      .select('id')
      .where('website_id', '=', id)
      .where('url_id', '=', 'home')
      .executeTakeFirstOrThrow();
    const before = (await pages()).find((p) => p.url === 'home')!.layout;
    const edited = { ...before, blocks: [{ type: 2 as const, data: { html: '<h1>My own words</h1>' } }, ...before.blocks.slice(1)] };
    expect(
      (await kit.call('PUT', `/api/content-service/1.0/websites/${id}/collections/${home.id}`, owner, { layout: edited })).statusCode,
    ).toBe(200);
    const texts = (await pages()).map((p) => ({ url: p.url, blocks: p.layout.blocks }));

    const switched = await kit.call('PUT', `/api/content-service/1.0/websites/${id}/design`, owner, { design: 'events' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      settings: { styles: { bodyFont: 'inter', headingFont: 'dm-serif-display', accent: '#fcc419', buttonShape: 'square' } },
    });
    const after = await pages();
    expect(after.map((p) => ({ url: p.url, blocks: p.layout.blocks }))).toEqual(texts);
    expect(JSON.stringify(after)).toContain('My own words');
    expect(after.find((p) => p.url === 'home')!.layout.sections?.[0]).toMatchObject({ background: '#25262b', width: 'full' });
    const header = (await kit.call('GET', '/api/site-header-footer', owner)).json<{
      header: { backgroundColor: string };
      footer: { text: string };
    }>();
    expect(header.header.backgroundColor).toBe('#141517');
    expect(header.footer.text).toBe('Free shipping on orders over $60 · Returns within 30 days');

    // Another website's owner cannot switch it; a bad design changes nothing.
    const stranger = await kit.call(
      'PUT',
      `/api/content-service/1.0/websites/${id}/design`,
      { websiteId: 'elsewhere', roles: [Role.ADMIN] },
      { design: 'blog' },
    );
    expect(stranger.statusCode).toBe(403);
    expect((await kit.call('PUT', `/api/content-service/1.0/websites/${id}/design`, owner, { design: 'nope' })).statusCode).toBe(400);
    expect((await kit.websites.get(id)).settings.styles.accent).toBe('#fcc419');
  });

  it('serves a custom domain only once verified, shows the owner what to set, and keeps it unique', async () => {
    // 'localhost' (the one name that reaches the proof server above on any machine) is the demo
    // website's in the database the other test files share with real Postgres: there this test
    // keeps an embedded database of its own.
    const own = process.env.DATABASE_URL ? await setup({ websites: websitesOptions, config: { DATABASE_URL: '' } }) : kit;
    try {
      const made = (await create('owner-f', { name: 'Domain Owner', design: 'portfolio' }, own)).json<CreatedWebsite>();
      const other = (await create('owner-g', { name: 'Someone Else', design: 'blog' }, own)).json<CreatedWebsite>();
      const id = made.website.id;
      const owner = { websiteId: id, roles: [Role.ADMIN] };
      const base = `/api/content-service/1.0/websites/${id}/domains`;
      const added = await own.call('POST', base, owner, { domain: 'LocalHost' });
      expect(added.statusCode).toBe(201);
      const pending = added.json<CustomDomain>();
      expect(pending).toMatchObject({
        domain: 'localhost',
        kind: 'custom',
        verified: false,
        verification: {
          txtRecord: { name: '_sitebuilder-verify.localhost' },
          httpFile: { url: `http://localhost${DOMAIN_VERIFY_PATH}` },
          pointTo: 'sites.test',
        },
      });
      const token = pending.verification!.httpFile.body;
      expect(pending.verification!.txtRecord.value).toBe(`sitebuilder-verify=${token}`);
      // Pending: not served.
      expect(await own.websites.websiteForHost('localhost')).toBeUndefined();
      // Unique across websites, pending or not; the platform's own addresses are not anyone's to add.
      for (const domain of ['localhost', 'design-shop.sites.test', 'sites.test']) {
        const taken = await own.call(
          'POST',
          `/api/content-service/1.0/websites/${other.website.id}/domains`,
          { websiteId: other.website.id, roles: [Role.ADMIN] },
          { domain },
        );
        expect(taken.statusCode).toBe(409);
        expect(taken.json()).toMatchObject({ error: { message: formatMessage(DomainMessages.taken, { domain }) } });
      }
      // No proof yet (and a wrong one): 422, still pending.
      proof = 'not-the-token';
      const early = await own.call('POST', `${base}/localhost/verify`, owner);
      expect(early.statusCode).toBe(422);
      expect(early.json()).toMatchObject({ error: { message: formatMessage(DomainMessages.notVerified, { domain: 'localhost' }) } });
      expect(await own.websites.websiteForHost('localhost')).toBeUndefined();
      // Another website's owner cannot verify it.
      expect((await own.call('POST', `${base}/localhost/verify`, { websiteId: other.website.id, roles: [Role.ADMIN] })).statusCode).toBe(
        403,
      );
      proof = token;
      const verified = await own.call('POST', `${base}/localhost/verify`, owner);
      expect(verified.json()).toMatchObject({ domain: 'localhost', verified: true, verification: null });
      expect(await own.websites.websiteForHost('localhost:8080')).toBe(id);
      expect((await own.events(id, 'content.website.updated')).at(-1)?.data).toMatchObject({
        domains: [made.website.domains[0], 'localhost'],
      });
      const list = (await own.call('GET', base, owner)).json<CustomDomainList>();
      expect(list.domains.map((d) => [d.domain, d.kind, d.verified])).toEqual([
        [made.website.domains[0], 'address', true],
        ['localhost', 'custom', true],
      ]);
      // The address stays; the custom domain goes.
      expect((await own.call('DELETE', `${base}/${made.website.domains[0]}`, owner)).statusCode).toBe(409);
      expect((await own.call('DELETE', `${base}/localhost`, owner)).statusCode).toBe(204);
      expect(await own.websites.websiteForHost('localhost')).toBeUndefined();
    } finally {
      if (own !== kit) await own.close();
    }
  });

  it('deletes a website for an admin who confirms: hidden at once, restorable by its creator, purged after 30 days', async () => {
    const made = (await create('owner-h', { name: 'Short Lived', design: 'events' })).json<CreatedWebsite>();
    const id = made.website.id;
    const address = made.website.domains[0]!;
    const url = `/api/content-service/1.0/websites/${id}`;
    const editor = await kit.call('DELETE', url, { websiteId: id, roles: [Role.EDITOR] }, { confirm: address });
    expect(editor.statusCode).toBe(403);
    const admin = { websiteId: id, roles: [Role.ADMIN] };
    const unconfirmed = await kit.call('DELETE', url, admin, { confirm: 'something else' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ error: { message: WebsiteMessages.confirmMismatch } });
    expect(await kit.websites.websiteForHost(address)).toBe(id);

    const deleted = await kit.call('DELETE', url, admin, { confirm: address.toUpperCase() });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ websiteId: id, deleted: true });
    expect(await kit.websites.websiteForHost(address)).toBeUndefined();
    expect((await kit.call('GET', url, admin)).statusCode).toBe(404);
    expect((await kit.events(id, 'content.website.updated')).at(-1)?.data).toMatchObject({ deleted: true, domains: [] });
    // Its address stays its own while it can be restored.
    expect((await create('owner-i', { name: 'Taker', design: 'blog', slug: address.split('.')[0] })).statusCode).toBe(409);

    expect((await asOwner('owner-i', 'POST', `${url}/restore`)).statusCode).toBe(404);
    const restored = await asOwner('owner-h', 'POST', `${url}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(await kit.websites.websiteForHost(address)).toBe(id);
    expect((await asOwner('owner-h', 'POST', `${url}/restore`)).statusCode).toBe(409);

    // Deleted again and 31 days on: every row of it is gone, and it cannot come back.
    expect((await kit.call('DELETE', url, admin, { confirm: 'Short Lived' })).statusCode).toBe(200);
    const parts = (kit.app as unknown as { serviceParts: { deletion: { purgeDue(now: number): Promise<number> } } }).serviceParts;
    expect(await parts.deletion.purgeDue(Date.now() + 31 * 86_400_000)).toBeGreaterThanOrEqual(1);
    for (const table of ['collections', 'items', 'website_domains', 'navigations', 'site_documents'] as const) {
      const left = await kit.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('website_id', '=', id)
        .executeTakeFirstOrThrow();
      expect({ table, n: Number(left.n) }).toEqual({ table, n: 0 });
    }
    expect(await kit.ctx.db.selectFrom('websites').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    // The other services are told to purge theirs (test/website-purge.test.ts follows it through every service).
    expect(await kit.events(id, 'content.website.purged')).toHaveLength(1);
    expect((await asOwner('owner-h', 'POST', `${url}/restore`)).statusCode).toBe(404);
  });
});
