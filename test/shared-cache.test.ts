// Pages behind a shared cache (issue 38): Debian's Varnish with the repository's VCL
// (deploy/varnish/default.vcl) in front of the gateway of `pnpm start`, render purging it by
// Surrogate-Key (PURGE_URLS). Nothing public sets a cookie; a second anonymous view of each page
// type is a hit; a change is purged; a visitor with a session never gets a shared page, and a
// visitor with a cart gets the anonymous page but their own cart; writes are never cached.
// @embedded-platform
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@sc/platform/test-kit';
import { startPlatform, type RunningPlatform } from './browser-kit.js';
import { ROOT, waitForHttp } from './helpers.js';
import { eventually, OwnerApi } from './storefront-kit.js';

const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
/** One page of each public type of the demo site. */
const PAGES = ['/', '/shop', '/shop/waxed-canvas-market-tote', '/journal', '/journal/why-we-wax-our-canvas-by-hand', '/studio', '/about'];

let platform: RunningPlatform;
let varnish: ChildProcess;
let cache: string;
let owner: OwnerApi;

/** A GET through Varnish (or `base`), with no cookie unless given. */
async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

beforeAll(async () => {
  const varnishPort = await freePort();
  cache = `http://127.0.0.1:${varnishPort}`;
  platform = await startPlatform({ env: { PURGE_URLS: `${cache}/`, RATE_LIMIT_MAX: '100000' }, startTimeoutMs: 180_000 });
  const gatewayPort = new URL(platform.url).port;
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-varnish-'));
  // varnishd reads the VCL and keeps its working directory as its own user.
  chmodSync(dir, 0o755);
  const vcl = path.join(dir, 'default.vcl');
  writeFileSync(
    vcl,
    readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8').replace('.port = "3000"', `.port = "${gatewayPort}"`),
  );
  varnish = spawn(VARNISHD, ['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${varnishPort}`, '-f', vcl, '-s', 'malloc,64m'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  varnish.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  varnish.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await waitForHttp(`${cache}/healthz`, 20_000).catch((error: unknown) => {
    throw new Error(`varnishd did not start:\n${said}`, { cause: error });
  });
  owner = await OwnerApi.signIn(platform.url);
}, 240_000);

afterAll(async () => {
  varnish?.kill('SIGTERM');
  await platform?.stop();
});

describe('no public response sets a cookie', () => {
  it('answers pages, the theme stylesheet, scripts and images without Set-Cookie', async () => {
    const urls = new Set<string>();
    for (const page of PAGES) {
      const answer = await get(`${platform.url}${page}`);
      expect([page, answer.status, answer.headers.get('set-cookie')]).toEqual([page, 200, null]);
      for (const match of answer.body.matchAll(
        /(?:href|src)="(\/(?:_theme|assets|_fonts|api\/content-service)[^"]*\.[a-z0-9]+(?:\?[^"]*)?)"/g,
      ))
        urls.add(match[1]!.replaceAll('&amp;', '&'));
    }
    expect([...urls].some((url) => url.endsWith('.css'))).toBe(true);
    expect([...urls].some((url) => url.endsWith('.js'))).toBe(true);
    for (const url of urls) {
      const answer = await get(`${platform.url}${url}`);
      expect([url, answer.status < 400, answer.headers.get('set-cookie')]).toEqual([url, true, null]);
    }
  });

  it('hands the crumb out at GET /api/crumb, never stored by a cache, and a write with it passes the check', async () => {
    const first = await get(`${platform.url}/api/crumb`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const crumb = (JSON.parse(first.body) as { crumb: string }).crumb;
    expect(first.headers.get('set-cookie')).toBe(`crumb=${crumb}; Path=/; SameSite=Lax`);
    const write = (token: string) =>
      fetch(`${platform.url}/api/commerce/shopping-cart/shipping-location`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': token },
        body: '{"country":"US"}',
      });
    expect((await write(crumb)).status).toBe(200);
    expect((await write('x'.repeat(22))).status).toBe(401);
  });
});

describe('Varnish in front of the gateway', () => {
  it('serves the second anonymous view of each page type from the cache, with the website and item keys', async () => {
    for (const page of PAGES) {
      const first = await get(`${cache}${page}`);
      expect([page, first.status]).toEqual([page, 200]);
      expect(first.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(first.headers.get('surrogate-key')).toMatch(/^w-demo( i-[A-Za-z0-9_-]+)*$/);
      const second = await get(`${cache}${page}`, { cookie: 'ss_cvr=abc; crumb=abcdefghijklmnopqrstuv' });
      expect([page, second.headers.get('x-cache')]).toEqual([page, 'HIT']);
      expect(second.body).toBe(first.body);
    }
    // A product page names its product.
    expect((await get(`${cache}/shop/waxed-canvas-market-tote`)).headers.get('surrogate-key')).toMatch(/ i-/);
  });

  it('purges a website when its owner publishes a change: the next view shows it', async () => {
    const before = await get(`${cache}/about`);
    expect(before.headers.get('x-cache')).toBe('HIT');
    const marker = `Fresh words ${Date.now()}`;
    await owner.call('PUT', '/api/content-service/1.0/websites/demo/collections/demo-about', {
      layout: { blocks: [{ type: 2, data: { html: `<h2>${marker}</h2>` } }] },
    });
    await eventually(async () => (await get(`${cache}/about`)).body.includes(marker), 5_000);
    // The website's other pages went too (a change shows wherever the website's parts do), and are cached again after one view.
    const shop = await get(`${cache}/shop`);
    expect(shop.headers.get('x-cache')).toBe('MISS');
    expect((await get(`${cache}/shop`)).headers.get('x-cache')).toBe('HIT');
    // What carries no website key (the theme's stylesheet) stays cached.
    const css = /href="(\/_theme\/[^"]+\.css)"/.exec(shop.body)?.[1];
    expect(css).toBeDefined();
    await get(`${cache}${css}`);
    await owner.call('PUT', '/api/content-service/1.0/websites/demo/collections/demo-about', {
      layout: { blocks: [{ type: 2, data: { html: `<h2>${marker} again</h2>` } }] },
    });
    await eventually(async () => (await get(`${cache}/about`)).body.includes(`${marker} again`), 5_000);
    expect((await get(`${cache}${css}`)).headers.get('x-cache')).toBe('HIT');
  });

  it('never gives a signed-in visitor a shared page, nor shares theirs', async () => {
    const session = await OwnerApi.signIn(platform.url);
    const cookie = session.cookieHeader();
    expect(cookie).toMatch(/OwnerSession=/);
    for (let i = 0; i < 2; i++) {
      const answer = await get(`${cache}/shop`, { cookie });
      expect(answer.headers.get('x-cache')).toBe('MISS');
      expect(answer.headers.get('cache-control')).toMatch(/^private/);
    }
    const siteUser = await get(`${cache}/shop`, { cookie: 'SiteUserSession=abcdefghijklmnopqrstuvwxyz012345' });
    expect(siteUser.headers.get('x-cache')).toBe('MISS');
  });

  it('gives a visitor with a cart the anonymous page and their own cart, and never caches a write', async () => {
    await get(`${cache}/shop`);
    const carts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const cart = await fetch(`${cache}/api/commerce/shopping-cart`);
      expect(cart.headers.get('x-cache')).toBe('MISS');
      const cookie = cart.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      carts.push(((await cart.json()) as { id: string }).id);
      const page = await get(`${cache}/shop`, { cookie });
      expect(page.headers.get('x-cache')).toBe('HIT');
      for (const id of carts) expect(page.body).not.toContain(id);
      // Each visitor's cart, read through the cache, is their own.
      const again = await fetch(`${cache}/api/commerce/shopping-cart`, { headers: { cookie } });
      expect(((await again.json()) as { id: string }).id).toBe(carts[i]);
    }
    expect(carts[0]).not.toBe(carts[1]);
    const crumb = (JSON.parse((await get(`${cache}/api/crumb`)).body) as { crumb: string }).crumb;
    const headers = { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };
    const made: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${cache}/api/commerce/shopping-cart/shipping-location`, {
        method: 'PUT',
        headers,
        body: '{"country":"US"}',
      });
      expect([answer.status, answer.headers.get('x-cache')]).toEqual([200, 'MISS']);
      made.push(answer.headers.getSetCookie().join());
    }
    // Each write reached the cart service (a new guest cart each time: no cookie was sent).
    expect(made[0]).toMatch(/ss_cart=/);
    expect(made[0]).not.toBe(made[1]);
  });
});
