// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 22 "Done when": with the network off, every image of the demo's home, shop, product, blog
// and gallery pages loads from our own origin (naturalWidth > 0, nothing asked of another host),
// in AVIF or WebP for Chromium; on a phone a product page downloads at most 2× the pixels it
// displays. Any request for another host is aborted and recorded, as a closed network would.
// Images below the first screen load lazily; a page's first picture does not.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startPlatform, type RunningPlatform } from './browser-kit.js';

let platform: RunningPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

interface Shown {
  src: string;
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  clientWidth: number;
  clientHeight: number;
}

/** Where each <img> of the page sits before any scrolling: on the first screen or below it, and whether it loads lazily. */
const firstScreen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.images).map((img) => ({
      src: img.getAttribute('src'),
      above: img.getBoundingClientRect().top < window.innerHeight,
      lazy: img.loading === 'lazy',
    })),
  );

/** Opens a page, scrolls it through (so lazy images load), and answers every <img> once all have settled. */
async function imagesOf(
  page: Page,
  path: string,
  placed?: Array<{ path: string; src: string | null; above: boolean; lazy: boolean }>,
): Promise<Shown[]> {
  const response = await page.goto(`${platform.url}${path}`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  if (placed) placed.push(...(await firstScreen(page)).map((img) => ({ path, ...img })));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 30_000 });
  return page.evaluate(() =>
    Array.from(document.images).map((img) => ({
      src: img.currentSrc,
      complete: img.complete,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      clientWidth: img.clientWidth,
      clientHeight: img.clientHeight,
    })),
  );
}

/** A browser context whose requests for any other host are aborted and listed. */
async function offline(
  options: Parameters<Browser['newContext']>[0],
): Promise<{ page: Page; elsewhere: string[]; types: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const elsewhere: string[] = [];
  const types: string[] = [];
  const origin = new URL(platform.url).origin;
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image') types.push(response.headers()['content-type'] ?? '');
  });
  return { page, elsewhere, types, close: () => context.close() };
}

describe('demo images with the network off', () => {
  it('loads every image of the home, shop, product, blog and gallery pages from our own origin', async () => {
    const { page, elsewhere, types, close } = await offline({ viewport: { width: 1280, height: 900 } });
    try {
      const placed: Array<{ path: string; src: string | null; above: boolean; lazy: boolean }> = [];
      for (const path of [
        '/',
        '/shop',
        '/shop/waxed-canvas-market-tote',
        '/journal',
        '/journal/why-we-wax-our-canvas-by-hand',
        '/studio',
        '/studio/the-cutting-bench',
      ]) {
        const shown = await imagesOf(page, path, placed);
        expect(shown.length).toBeGreaterThan(0);
        for (const img of shown) {
          expect({ path, src: img.src, loaded: img.naturalWidth > 0 }).toEqual({
            path,
            src: expect.stringMatching(new RegExp(`^${platform.url}/api/content-service/public/1\\.0/assets/`)),
            loaded: true,
          });
        }
      }
      expect(elsewhere).toEqual([]);
      // Lazy below the first screen (at 1280×900).
      expect(placed.filter((img) => !img.above && !img.lazy)).toEqual([]);
      expect(placed.some((img) => !img.above)).toBe(true);
      // And the first picture of every page (on the first screen of any device) is fetched at once.
      const firsts = [
        '/',
        '/shop',
        '/shop/waxed-canvas-market-tote',
        '/journal',
        '/journal/why-we-wax-our-canvas-by-hand',
        '/studio',
        '/studio/the-cutting-bench',
      ].map((path) => placed.find((img) => img.path === path));
      expect(firsts.filter((img) => !img?.above || img.lazy)).toEqual([]);
      // Chromium accepts AVIF: every image came as AVIF.
      expect(types.length).toBeGreaterThan(0);
      expect(new Set(types)).toEqual(new Set(['image/avif']));
    } finally {
      await close();
    }
  }, 240_000);

  it('on a phone, a product page downloads at most 2× the pixels it displays', async () => {
    const { page, elsewhere, close } = await offline({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
    try {
      const shown = (await imagesOf(page, '/shop/waxed-canvas-market-tote')).filter((img) => img.clientWidth > 0);
      expect(shown.length).toBeGreaterThan(0);
      for (const img of shown) {
        const downloaded = img.naturalWidth * img.naturalHeight;
        const displayed = img.clientWidth * 2 * (img.clientHeight * 2);
        expect({ src: img.src, ratio: downloaded / displayed <= 2 }).toEqual({ src: img.src, ratio: true });
        // And not a blurry one either: at least the displayed width in device pixels, or the whole original.
        expect(img.naturalWidth).toBeGreaterThanOrEqual(Math.min(img.clientWidth * 2, 1600) * 0.5);
      }
      expect(elsewhere).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
