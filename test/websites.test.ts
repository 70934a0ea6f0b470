// Many websites on one platform (issue 34), @embedded-platform: one `pnpm start` platform (no
// fallback website: FALLBACK_WEBSITE_ID empty) and Chromium, which resolves *.localhost here.
//
// The browser: a new owner signs up, lands on "Create a website", picks a design from the live
// previews, names the site, is handed over to its own address, edits its home page and sees it
// there; a second website of another design has another body font and accent colour; switching
// the first one's design keeps its pages' text.
//
// The isolation suite: two websites made through the API by two owners, spoken to over HTTP with
// real Host headers. Products, carts, search, settings, design and API keys of one are never
// visible or changeable from the other, by ids, hosts or headers; unknown hosts serve nothing.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityMessages, Role, WebsiteMessages, type CreatedWebsite, type WebsiteHandoff } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';
import { callApi, shot, startAdmin, stopAdmin, type AdminHarness } from './admin-kit.js';
import { mailedPath } from './browser-kit.js';

const SUITE = 'websites';
const PASSWORD = 'a long owner password 7';

interface Answer {
  status: number;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

/** One browser's HTTP at one host (its own cookies, the crumb in the header of unsafe calls). */
class HostClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly port: number,
    readonly host: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    // Pages hand out no cookie: before a first write, ask for the crumb as the web client does.
    if (method !== 'GET' && !this.cookies.has('crumb')) await this.call('GET', '/api/crumb');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          headers: {
            host: `${this.host}:${this.port}`,
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('crumb') ?? '' } : {}),
            ...headers,
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair!.indexOf('=');
            this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, json: <T,>() => JSON.parse(text) as T }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}

describe('websites on their own addresses (embedded platform)', () => {
  let harness: AdminHarness;
  let port: number;

  beforeAll(async () => {
    harness = await startAdmin({ env: { FALLBACK_WEBSITE_ID: '' } });
    port = Number(new URL(harness.url).port);
  }, 200_000);
  afterAll(async () => stopAdmin(harness));

  /** A new owner (signed up on the platform's own address) with a website of `design`, signed in on its address. */
  async function ownerWithWebsite(name: string, design: string): Promise<{ site: HostClient; made: CreatedWebsite; host: string }> {
    const home = new HostClient(port, 'localhost');
    const email = `${unique('owner')}@example.com`;
    expect((await home.call('POST', '/api/auth/owners', { email, password: PASSWORD })).status).toBe(202);
    // The mailed link, with the password chosen at sign-up, makes the account and signs in (issues 40, 40b).
    const link = new URL(await mailedPath(harness.platform?.mail, email, /\/config\/confirm-sign-up\?token=/), 'http://localhost');
    expect((await home.call('POST', '/api/auth/owners/confirm', { token: link.searchParams.get('token'), password: PASSWORD })).status).toBe(201);
    const created = await home.call('POST', '/api/content-service/1.0/websites', { name, design });
    expect(created.status).toBe(201);
    const made = created.json<CreatedWebsite>();
    const host = made.website.domains[0]!;
    let handoff: Answer;
    for (let i = 0; ; i++) {
      handoff = await home.call('POST', `/api/auth/websites/${made.website.id}/handoff`);
      if (handoff.status === 201 || i > 40) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(handoff.status).toBe(201);
    const site = new HostClient(port, host);
    const session = await site.call('POST', '/api/auth/session/handoff', { token: handoff.json<WebsiteHandoff>().token });
    expect(session.json()).toMatchObject({ authenticated: true, websiteId: made.website.id, roles: [Role.ADMIN] });
    return { site, made, host };
  }

  describe('isolation between two websites made through the API', () => {
    let a: Awaited<ReturnType<typeof ownerWithWebsite>>;
    let b: Awaited<ReturnType<typeof ownerWithWebsite>>;
    let productOfA: string;

    beforeAll(async () => {
      a = await ownerWithWebsite(`Alpha ${unique('s')}`, 'shop');
      b = await ownerWithWebsite(`Beta ${unique('s')}`, 'studio');
      const collections = await a.site.call('GET', `/api/content-service/1.0/websites/${a.made.website.id}/collections`);
      const store = collections.json<{ items: Array<{ id: string; type: number }> }>().items.find((c) => c.type === 13)!;
      const products = await new HostClient(port, a.host).call('GET', `/api/content-service/public/1.0/collections/${store.id}/items`);
      productOfA = products.json<{ items: Array<{ id: string; title: string }> }>().items.find((i) => i.title === 'Canvas Tote')!.id;
    }, 60_000);

    it('serves each website at its own address, and nothing at hosts no website has', async () => {
      const pageA = await new HostClient(port, a.host).call('GET', '/');
      expect(pageA.status).toBe(200);
      expect(pageA.text).toContain(a.made.website.title);
      expect(pageA.text).not.toContain(b.made.website.title);
      for (const host of ['nobody-here.localhost', 'evil.example', `x.${a.host}`]) {
        const client = new HostClient(port, host);
        const page = await client.call('GET', '/');
        expect(page.status).toBe(404);
        expect(page.text).toContain(WebsiteMessages.unknownHost);
        expect(page.text).not.toContain(a.made.website.title);
        const api = await client.call('GET', '/api/content-service/public/1.0/site', undefined, { 'x-website-id': a.made.website.id });
        expect(api.status).toBe(404);
        expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: WebsiteMessages.unknownHost } });
      }
      // A client's own X-Website-Id names nothing: the host decides.
      const forged = await new HostClient(port, b.host).call('GET', '/api/content-service/public/1.0/site', undefined, { 'x-website-id': a.made.website.id });
      expect(forged.json()).toMatchObject({ id: b.made.website.id });
    });

    it("never shows or sells one website's products on the other, by id, search or cart", async () => {
      const visitorB = new HostClient(port, b.host);
      expect((await visitorB.call('GET', `/api/content-service/public/1.0/items/${productOfA}`)).status).toBe(404);
      const searchOf = async (host: string) => (await new HostClient(port, host).call('GET', '/api/content-service/public/1.0/search?q=Canvas')).json<{ results: Array<{ itemId: string }> }>().results;
      expect((await searchOf(a.host)).map((r) => r.itemId)).toContain(productOfA);
      expect(await searchOf(b.host)).toEqual([]);
      const add = await visitorB.call('POST', '/api/commerce/shopping-cart/entries', { itemId: productOfA, sku: 'CANVAS-TOTE', quantity: 1 });
      expect(add.status).toBeGreaterThanOrEqual(400);
      expect(add.status).toBeLessThan(500);
      // A cart made on A, its cookie carried to B: B sees no line of it.
      const visitorA = new HostClient(port, a.host);
      expect((await visitorA.call('POST', '/api/commerce/shopping-cart/entries', { itemId: productOfA, sku: 'CANVAS-TOTE', quantity: 1 })).status).toBe(200);
      const stolen = new HostClient(port, b.host);
      for (const [k, v] of visitorA.cookies) stolen.cookies.set(k, v);
      const cartOnB = await stolen.call('GET', '/api/commerce/shopping-cart');
      expect(JSON.stringify(cartOnB.json())).not.toContain(productOfA);
    });

    it("gives one website's owner nothing of the other's owner side: settings, design, API keys", async () => {
      const idA = a.made.website.id;
      // Owner B on B's own address, naming A's id.
      expect((await b.site.call('GET', `/api/content-service/1.0/websites/${idA}`)).status).toBe(403);
      expect((await b.site.call('PUT', `/api/content-service/1.0/websites/${idA}/design`, { design: 'blog' })).status).toBe(403);
      // Owner B's session carried to A's address: no role there.
      const bOnA = new HostClient(port, a.host);
      for (const [k, v] of b.site.cookies) bOnA.cookies.set(k, v);
      expect((await bOnA.call('GET', '/api/auth/session')).json()).toMatchObject({ roles: [] });
      expect((await bOnA.call('PUT', `/api/content-service/1.0/websites/${idA}/design`, { design: 'blog' })).status).toBe(403);
      expect((await a.site.call('GET', `/api/content-service/1.0/websites/${idA}`)).json()).toMatchObject({ settings: { styles: { bodyFont: 'inter' } } });
      // A's API key works on A only.
      const key = await a.site.call('POST', '/api/auth/api-keys', { name: 'reporting', scopes: ['settings:read'] });
      expect(key.status).toBe(201);
      const bearer = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
      expect((await new HostClient(port, a.host).call('GET', `/api/content-service/1.0/websites/${idA}`, undefined, bearer)).status).toBe(200);
      const onB = await new HostClient(port, b.host).call('GET', `/api/content-service/1.0/websites/${b.made.website.id}`, undefined, bearer);
      expect([401, 403]).toContain(onB.status);
      expect(onB.text).not.toContain(b.made.website.title);
    });
  });

  it('a new owner signs up, creates a website from a design, edits its home page and sees it at its address; another design looks different; switching design keeps the text', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`http://localhost:${port}/config`);
      await page.getByRole('button', { name: 'Create an owner account' }).click();
      const email = `${unique('new-owner')}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      // The same answer for any address (issue 40); the mailed link makes the account.
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await shot(page, SUITE, '0-check-your-email');
      await page.goto(`http://localhost:${port}${await mailedPath(harness.platform?.mail, email, /\/config\/confirm-sign-up\?token=/)}`);
      // The link makes the account only with the password chosen at sign-up (issue 40b): a wrong
      // one is refused and the link keeps working.
      await page.getByRole('heading', { name: 'Finish signing up' }).waitFor();
      await page.getByLabel('Password').fill('not the password 1');
      await page.getByRole('button', { name: 'Finish signing up' }).click();
      await page.getByRole('alert').getByText(IdentityMessages.signUpPasswordWrong).waitFor();
      await shot(page, SUITE, '0-finish-signing-up');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Finish signing up' }).click();
      await page.getByRole('heading', { name: 'Create a website' }).waitFor();
      // The gallery's previews are the renderer's pages of each design.
      await page.locator('.design-card iframe').first().waitFor();
      expect(await page.locator('.design-card iframe').count()).toBe(6);
      const preview = page.frameLocator('[data-design="restaurant"] iframe');
      await preview.locator('h1').first().waitFor();
      await shot(page, SUITE, '1-gallery');

      const name = `Corner Bakery ${Date.now()}`;
      await page.locator('[data-design="restaurant"]').click();
      await page.getByLabel('Website name').fill(name);
      await page.getByRole('button', { name: 'Create website' }).click();
      await page.waitForURL(/\.localhost:\d+\/config\/content/);
      const siteOrigin = new URL(page.url()).origin;
      expect(new URL(siteOrigin).hostname).toMatch(/^corner-bakery-\d+\.localhost$/);
      await page.getByRole('navigation', { name: 'Admin' }).waitFor();
      await shot(page, SUITE, '2-editing');

      // The owner edits the home page (the admin's own calls, from its session on the site's address).
      const session = (await callApi(page, 'GET', '/api/auth/session')).body as { websiteId: string };
      const websiteId = session.websiteId;
      const collections = (await callApi(page, 'GET', `/api/content-service/1.0/websites/${websiteId}/collections`)).body as { items?: Array<{ id: string; urlId: string; layout: { blocks: unknown[]; sections?: unknown } }> };
      const home = (collections.items ?? []).find((c) => c.urlId === 'home')!;
      const edited = { blocks: [{ type: 2, data: { html: '<h1>Sourdough every morning</h1>' } }, ...home.layout.blocks.slice(1)], sections: home.layout.sections };
      expect((await callApi(page, 'PUT', `/api/content-service/1.0/websites/${websiteId}/collections/${home.id}`, { layout: edited })).status).toBe(200);

      const visitor = await context.newPage();
      await visitor.goto(`${siteOrigin}/`);
      expect(await visitor.locator('h1').first().textContent()).toBe('Sourdough every morning');
      const lookOf = async () =>
        visitor.evaluate(() => ({ font: getComputedStyle(document.body).fontFamily, accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() }));
      const first = await lookOf();
      await shot(visitor, SUITE, '3-site');

      // A second website, of another design, looks different.
      const second = await callApi(page, 'POST', '/api/content-service/1.0/websites', { name: `Night Market ${Date.now()}`, design: 'events' });
      expect(second.status).toBe(201);
      const secondDomain = (second.body as CreatedWebsite).website.domains[0]!;
      await visitor.goto(`http://${secondDomain}:${port}/`);
      const other = await lookOf();
      expect(other.font).not.toBe(first.font);
      expect(other.accent).not.toBe(first.accent);

      // Switching the first website's design keeps its pages' text.
      const aboutBefore = await visitor.goto(`${siteOrigin}/about`).then(() => visitor.locator('main').innerText());
      expect((await callApi(page, 'PUT', `/api/content-service/1.0/websites/${websiteId}/design`, { design: 'portfolio' })).status).toBe(200);
      await visitor.goto(`${siteOrigin}/`);
      expect(await visitor.locator('h1').first().textContent()).toBe('Sourdough every morning');
      expect((await lookOf()).font).not.toBe(first.font);
      await visitor.goto(`${siteOrigin}/about`);
      expect(await visitor.locator('main').innerText()).toBe(aboutBefore);
      await shot(visitor, SUITE, '4-switched');
    } finally {
      await context.close();
    }
  }, 120_000);
});
