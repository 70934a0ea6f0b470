// Website settings and the SPEC 7 site-wide calls: UpdateNavigation/GetSiteLayout, header and
// footer, multilingual, commerce preferences, gallery settings, with their SPEC messages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContentMessages } from '@sc/contracts';
import { asFromGateway } from '@sc/platform/test-kit';
import { ADMIN, setup, SIGNING_KEY, type Kit } from './kit.js';

describe('site settings and site-wide documents', () => {
  let kit: Kit;
  let site: string;
  const owner = () => ({ websiteId: site, roles: ADMIN });
  const base = () => `/api/content-service/1.0/websites/${site}`;

  beforeAll(async () => {
    kit = await setup();
    site = await kit.newWebsite();
  });
  afterAll(async () => kit.close());

  describe('settings', () => {
    it('has the SPEC defaults: USD, America/New_York', async () => {
      const response = await kit.call('GET', `${base()}/settings`, owner());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        currency: 'USD',
        timeZone: 'America/New_York',
        locale: 'en-US',
        country: 'US',
        siteStatus: 3,
        betaFlags: { commerceVisitorMetrics: false, videoPaywall: false, productReviewsKillSwitch: false },
        store: { allowMultipleQuantityForServices: true },
        cookieSettings: { restrictivePolicy: false },
      });
    });

    it('merges a change field by field and announces it', async () => {
      const response = await kit.call('PUT', `${base()}/settings`, owner(), {
        currency: 'JPY',
        timeZone: 'Asia/Tokyo',
        betaFlags: { videoPaywall: true },
        siteStatus: 6,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        currency: 'JPY',
        timeZone: 'Asia/Tokyo',
        siteStatus: 6,
        betaFlags: { videoPaywall: true, productReviewsKillSwitch: false },
      });
      const events = await kit.events(site, 'content.settings.updated');
      // The cookie policy and beta flags travel too: analytics mirrors the restrictive policy from them.
      expect(events.at(-1)?.data).toEqual({
        changed: ['currency', 'timeZone', 'siteStatus', 'betaFlags'],
        currency: 'JPY',
        locale: 'en-US',
        timeZone: 'Asia/Tokyo',
        country: 'US',
        cookieSettings: { restrictivePolicy: false },
        betaFlags: { commerceVisitorMetrics: false, videoPaywall: true, productReviewsKillSwitch: false },
      });
    });

    it.each([
      [{ currency: 'XYZ' }, 'currency'],
      [{ timeZone: 'Mars/Olympus' }, 'Mars/Olympus is not a known time zone.'],
      [{ businessEmail: 'not-an-email' }, 'Please enter a valid email'],
      [{ colors: { accent: { h: 400, s: 0.5, l: 0.5 } } }, 'Hue out of bounds.'],
      [{ colors: { accent: { h: 10, s: 2, l: 0.5 } } }, 'Saturation out of bounds.'],
      [{ colors: { accent: { h: 10, s: 0.5, l: 1.2 } } }, 'Lightness out of bounds.'],
      [{ colors: { accent: { h: 10, s: 0.5, l: 0.5, a: -1 } } }, 'Alpha out of bounds.'],
      [{ colors: { accent: { h: 10, l: 0.5 } } }, 'Missing an H/S/L value.'],
      [{ colors: { accent: '#12' } }, 'Colours must be written as 3 to 6 hex characters.'],
      [{ unknownSetting: true }, 'Unrecognized key'],
    ])('refuses %j', async (body, message) => {
      const response = await kit.call('PUT', `${base()}/settings`, owner(), body);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    });

    it('keeps colours that are valid in any of the three formats', async () => {
      const colors = { a: '#2f5d50', b: { h: 200, s: 0.4, l: 0.3, a: 0.9 }, c: { r: 10, g: 20, b: 30 } };
      const response = await kit.call('PUT', `${base()}/settings`, owner(), { colors });
      expect(response.json().colors).toEqual(colors);
    });

    it('manages domains: one website per domain', async () => {
      const other = await kit.newWebsite();
      const response = await kit.call('PUT', base(), owner(), { domains: ['Shop.Example.ORG', 'www.shop.example.org'], title: 'Renamed' });
      expect(response.json()).toMatchObject({ title: 'Renamed', domains: ['shop.example.org', 'www.shop.example.org'] });
      const clash = await kit.call(
        'PUT',
        `/api/content-service/1.0/websites/${other}`,
        { websiteId: other, roles: ADMIN },
        { domains: ['shop.example.org'] },
      );
      expect(clash.json().error.message).toBe('The domain shop.example.org is already connected to another website.');
      const lookup = () =>
        kit.app.inject({
          method: 'GET',
          url: '/internal/websites/by-domain?host=WWW.shop.example.org:8080',
          headers: asFromGateway({}, SIGNING_KEY),
        });
      // An added domain is served, and announced, only once verified (issue 34).
      expect((await lookup()).statusCode).toBe(404);
      expect((await kit.events(site, 'content.website.updated')).at(-1)?.data).toMatchObject({ domains: [], title: 'Renamed' });
      await kit.ctx.db.updateTable('website_domains').set({ verified_at: new Date() }).where('website_id', '=', site).execute();
      expect((await lookup()).json()).toEqual({ websiteId: site });
      expect(
        (
          await kit.app.inject({
            method: 'GET',
            url: '/internal/websites/by-domain?host=nobody.example.net',
            headers: asFromGateway({}, SIGNING_KEY),
          })
        ).statusCode,
      ).toBe(404);
    });

    it('shows the storefront the site without private settings', async () => {
      const response = await kit.call('PUT', `${base()}/settings`, owner(), { businessEmail: 'owner@shop.example.org' });
      expect(response.statusCode).toBe(200);
      const site_ = await kit.call('GET', '/api/content-service/public/1.0/site', { websiteId: site });
      expect(site_.json()).toMatchObject({ id: site, templateId: 'harbour', settings: { timeZone: 'Asia/Tokyo' } });
      expect(JSON.stringify(site_.json())).not.toContain('owner@shop.example.org');
    });
  });

  describe('navigation (SPEC 7 UpdateNavigation, GetSiteLayout)', () => {
    it("answers 'Unable to find site main navigation' before there is one", async () => {
      const fresh = await kit.newWebsite();
      const response = await kit.call('GET', '/api/commondata/GetSiteLayout', { websiteId: fresh });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Unable to find site main navigation');
    });

    it('stores navigations and answers the layout with the main one first, dropping disabled pages', async () => {
      const made = async (title: string) =>
        (await kit.call('POST', `${base()}/collections`, owner(), { type: 10, title })).json().id as string;
      const home = await made('Start');
      const about = await made('About us');
      const hidden = await made('Hidden');
      await kit.call('PUT', `${base()}/collections/${hidden}`, owner(), { enabled: false });
      const footer = await kit.call('POST', '/api/widget/UpdateNavigation', owner(), {
        fieldName: 'footerNav',
        templateId: 'harbour',
        navigation: { items: [{ title: 'Press', externalLink: 'https://press.example.com' }] },
      });
      expect(footer.statusCode).toBe(204);
      const main = await kit.call('POST', '/api/widget/UpdateNavigation', owner(), {
        fieldName: 'mainNav',
        templateId: 'harbour',
        navigation: { items: [{ collectionId: home }, { title: 'More', items: [{ collectionId: about }, { collectionId: hidden }] }] },
      });
      expect(main.statusCode).toBe(204);
      const layout = (await kit.call('GET', '/api/commondata/GetSiteLayout', { websiteId: site })).json();
      expect(layout.layout.map((n: { identifier: string }) => n.identifier)).toEqual(['mainNav', 'footerNav']);
      expect(layout.layout[0].links).toEqual([
        { title: 'Start', url: '/start', collectionId: home, externalLink: null, memberAreaId: null, children: [] },
        {
          title: 'More',
          url: '',
          collectionId: null,
          externalLink: null,
          memberAreaId: null,
          children: [{ title: 'About us', url: '/about-us', collectionId: about, externalLink: null, memberAreaId: null, children: [] }],
        },
      ]);
      expect((await kit.events(site, 'content.navigation.updated')).map((e) => (e.data as { fieldName: string }).fieldName)).toEqual([
        'footerNav',
        'mainNav',
      ]);
      const resolvedHome = await kit.call('GET', '/api/content-service/public/1.0/resolve?path=/', { websiteId: site });
      expect(resolvedHome.json().collection.id).toBe(home);
      // A path that is not valid percent-encoding names nothing: 404, not a 500 (found by test/fuzz-api.test.ts).
      const malformed = await kit.call('GET', `/api/content-service/public/1.0/resolve?path=${encodeURIComponent('/tkj%|y')}`, {
        websiteId: site,
      });
      expect([malformed.statusCode, malformed.json().error.message]).toEqual([404, ContentMessages.collectionNotFound]);
    });

    it('refuses pages of other websites, links that are not links and another template', async () => {
      const update = (items: unknown[], templateId = 'harbour') =>
        kit.call('POST', '/api/widget/UpdateNavigation', owner(), { fieldName: 'mainNav', templateId, navigation: { items } });
      expect((await update([{ collectionId: 'someone-elses-page' }])).json().error.message).toBe('Unable to locate content');
      expect((await update([{ externalLink: 'ftp://files' }])).json().error.message).toBe('ftp://files is not a valid page URL');
      expect((await update([{ externalLink: 'https://x.example' }], 'other-template')).json().error.message).toBe(
        "The template other-template is not this website's template.",
      );
      expect((await update([{ title: 'Empty' }])).json().error.message).toBe(
        'A navigation item needs a page, a link, a member area or child items.',
      );
    });
  });

  describe('header and footer', () => {
    it('answers defaults, then what was saved', async () => {
      const fresh = await kit.call('GET', '/api/site-header-footer', { websiteId: site });
      expect(fresh.json()).toMatchObject({ header: { showCart: true, blocks: [] }, footer: { text: '' } });
      const saved = await kit.call('PUT', '/api/site-header-footer', owner(), {
        header: { siteTitle: 'Harbour', backgroundColor: { h: 210, s: 0.2, l: 0.95 }, sticky: true },
        footer: { text: '41 Fore Street', blocks: [{ type: 19, data: { links: ['https://instagram.com/x'] } }] },
      });
      expect(saved.statusCode).toBe(200);
      const read = await kit.call('GET', '/api/site-header-footer', { websiteId: site });
      expect(read.json()).toMatchObject({
        header: { siteTitle: 'Harbour', sticky: true, showCart: true, backgroundColor: { h: 210, s: 0.2, l: 0.95 } },
        footer: { text: '41 Fore Street' },
      });
      expect(await kit.events(site, 'content.header-footer.updated')).toHaveLength(1);
    });

    it('checks colours and the 60 blocks of a layout (SPEC 9)', async () => {
      const bad = await kit.call('PUT', '/api/site-header-footer', owner(), { header: { textColor: { h: 10, s: 0.5 } }, footer: {} });
      expect(bad.json().error.message).toBe('Missing an H/S/L value.');
      const blocks = Array.from({ length: 61 }, () => ({ type: 2 }));
      const tooMany = await kit.call('PUT', '/api/site-header-footer', owner(), { header: {}, footer: { blocks } });
      expect(tooMany.json().error.message).toBe('A layout can hold at most 60 blocks.');
    });
  });

  describe('multilingual', () => {
    it('starts with the site language, sets languages, and disconnects', async () => {
      const settings = await kit.call('GET', '/api/multilingual/settings', owner());
      expect(settings.json()).toEqual({
        defaultLanguage: 'en-US',
        languages: [{ languageCode: 'en-US', isDefault: true, published: true, custom: false }],
        urlStrategy: 'subdirectory',
        connected: false,
        connectedOn: null,
      });
      expect((await kit.call('GET', '/api/multilingual/status', owner())).json()).toEqual({
        status: 'NOT_CONNECTED',
        connected: false,
        languageCount: 1,
        publishedLanguageCount: 1,
      });
      const set = await kit.call('PUT', '/api/multilingual/languages', owner(), {
        languages: [
          { languageCode: 'en-US', isDefault: true, published: true },
          { languageCode: 'fr-CA', isDefault: false, published: false },
          { languageCode: 'es', isDefault: false, custom: true },
        ],
      });
      expect(set.statusCode).toBe(200);
      expect(
        (await kit.call('GET', '/api/multilingual/languages', owner()))
          .json()
          .languages.map((l: { languageCode: string }) => l.languageCode),
      ).toEqual(['en-US', 'fr-CA', 'es']);
      expect((await kit.call('GET', '/api/multilingual/status', owner())).json()).toMatchObject({
        status: 'CONNECTED',
        languageCount: 3,
        publishedLanguageCount: 1,
      });
      expect((await kit.call('DELETE', '/api/multilingual/connection', owner())).statusCode).toBe(204);
      expect((await kit.call('GET', '/api/multilingual/settings', owner())).json()).toMatchObject({
        connected: false,
        languages: [{ languageCode: 'en-US' }],
      });
    });

    it("refuses a repeated language ('This language already exists') and a count of defaults other than one", async () => {
      const twice = await kit.call('PUT', '/api/multilingual/languages', owner(), {
        languages: [
          { languageCode: 'de', isDefault: true },
          { languageCode: 'de', isDefault: false },
        ],
      });
      expect(twice.json().error.message).toBe('This language already exists');
      const none = await kit.call('PUT', '/api/multilingual/languages', owner(), { languages: [{ languageCode: 'de', isDefault: false }] });
      expect(none.json().error.message).toBe('Exactly one language must be the default.');
    });
  });

  describe('commerce preferences', () => {
    it('answers a namespace with the websiteId, and drops a websiteId sent back', async () => {
      expect((await kit.call('GET', '/api/v1/commerce-preferences/checkout', owner())).json()).toEqual({ websiteId: site });
      const saved = await kit.call('PUT', '/api/v1/commerce-preferences/checkout', owner(), {
        websiteId: 'whatever',
        expressCheckout: true,
        tipping: { options: [10, 15, 20] },
      });
      expect(saved.json()).toEqual({ expressCheckout: true, tipping: { options: [10, 15, 20] }, websiteId: site });
      expect((await kit.call('GET', '/api/v1/commerce-preferences/checkout', owner())).json()).toEqual({
        expressCheckout: true,
        tipping: { options: [10, 15, 20] },
        websiteId: site,
      });
      expect((await kit.call('GET', '/api/v1/commerce-preferences/other', owner())).json()).toEqual({ websiteId: site });
      const row = await kit.ctx.db
        .selectFrom('commerce_preferences')
        .select('preferences')
        .where('website_id', '=', site)
        .where('namespace', '=', 'checkout')
        .executeTakeFirstOrThrow();
      expect(row.preferences).not.toHaveProperty('websiteId');
      expect((await kit.call('PUT', '/api/v1/commerce-preferences/bad%20name', owner(), {})).statusCode).toBe(400);
    });
  });

  describe('gallery settings (SPEC 3 options)', () => {
    it('reads defaults, saves options, and refuses values outside the table', async () => {
      const gallery = (await kit.call('POST', `${base()}/collections`, owner(), { type: 6, title: 'Lookbook' })).json();
      const path = `${base()}/collections/${gallery.id}/gallery-settings`;
      expect((await kit.call('GET', path, owner())).json()).toMatchObject({
        design: 'grid',
        'autoplay-duration': 5,
        'aspect-ratio': 'square',
        lightboxTheme: 'dark',
      });
      const saved = await kit.call('PUT', path, owner(), { design: 'slider', autoplay: true, 'autoplay-duration': 8 });
      expect(saved.json()).toMatchObject({ design: 'slider', autoplay: true, 'autoplay-duration': 8, padding: 20 });
      const wrong = await kit.call('PUT', path, owner(), { design: 'mosaic' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'mosaic is not one of the expected options',
        fields: { design: 'mosaic is not one of the expected options' },
      });
      expect((await kit.call('PUT', path, owner(), { padding: 51 })).json().error.message).toBe('padding must be between 0 and 50.');
      const blog = (await kit.call('POST', `${base()}/collections`, owner(), { type: 1, title: 'Not a gallery' })).json();
      const notGallery = await kit.call('PUT', `${base()}/collections/${blog.id}/gallery-settings`, owner(), { design: 'grid' });
      expect(notGallery.json().error.message).toBe('Gallery settings apply to gallery collections only.');
    });
  });
});
