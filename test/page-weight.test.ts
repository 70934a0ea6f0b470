/// <reference lib="dom" />
// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 38's page weights: the JavaScript a visitor's page loads, gzipped as the issue counts it
// (each script file through gzip at its default level), with everything the page loads once it has
// been scrolled to the end (islands below the fold load when scrolled near, the tracking client
// after load). Budgets: the home page ≤ 30 kB, a product page ≤ 60 kB. The storefront's islands
// run on Preact (preact/compat, aliased in the storefront build only), not React.
//
// It also checks the hydration order: the cart pill and what is above the fold hydrate at once,
// an island further down only when the visitor scrolls near it.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually, OwnerApi, pageHtml, startStorefront, stopStorefront, visitor, type Storefront } from './storefront-kit.js';

const TOTE = '/shop/waxed-canvas-market-tote';

let harness: Storefront;

beforeAll(async () => {
  harness = await startStorefront();
}, 240_000);

afterAll(async () => {
  await stopStorefront(harness);
});

interface Weight {
  total: number;
  files: Array<{ file: string; gzip: number }>;
}

/** Loads `pagePath`, scrolls to its end and answers the gzipped size of every script it loaded. */
async function weigh(page: Page, pagePath: string, ready: string): Promise<Weight> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.add(request.url());
  });
  await page.goto(pagePath, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Islands near the end hydrate now; the tracking client starts after load. Both count.
  await page.waitForTimeout(1_000);
  const files = await Promise.all(
    [...scripts].map(async (url) => ({
      file: new URL(url).pathname,
      gzip: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length,
    })),
  );
  return { total: files.reduce((sum, f) => sum + f.gzip, 0), files: files.sort((a, b) => b.gzip - a.gzip) };
}

describe('JavaScript budgets (gzip)', () => {
  const budgets: Array<{ name: string; path: string; ready: string; budget: number }> = [
    { name: 'home', path: '/', ready: '[data-island="cart-pill"][data-hydrated="true"]', budget: 30_000 },
    { name: 'product', path: TOTE, ready: '[data-island="product-form"][data-hydrated="true"]', budget: 60_000 },
  ];
  for (const { name, path: pagePath, ready, budget } of budgets) {
    it(`the ${name} page loads at most ${budget / 1000} kB of JavaScript`, async () => {
      const { context, page } = await visitor(harness);
      try {
        const weight = await weigh(page, pagePath, ready);
        // Named in the failure: which scripts made the page too heavy.
        expect({ total: weight.total, within: weight.total <= budget }).toEqual({
          total: weight.total,
          within: true,
          ...(weight.total <= budget ? {} : { files: weight.files }),
        });
        // Not React (59 kB on its own): the islands run on Preact.
        expect(weight.files.filter((f) => /\/react-[\w-]+\.js$/.test(f.file))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 45_000);
  }
});

describe('islands hydrate when visible', () => {
  it('hydrates the cart pill and what is above the fold at once, a block further down when scrolled near', async () => {
    const owner = await OwnerApi.signIn(harness.url);
    // A newsletter block after a long text: well below the fold of a 900 px high window.
    const spacer = `<h2>Our story</h2>${'<p>Every piece is thrown, trimmed and glazed by hand in the studio.</p>'.repeat(120)}`;
    await owner.call('PUT', '/api/content-service/1.0/websites/demo/collections/demo-about', {
      layout: {
        blocks: [
          { type: 2, data: { html: spacer } },
          { type: 51, data: { title: 'Studio letters', description: 'A short letter each month.', formId: 'demo-newsletter' } },
        ],
      },
    });
    await eventually(async () => (await pageHtml(harness, '/about')).includes('Our story'));
    const { context, page } = await visitor(harness);
    try {
      await page.goto('/about', { waitUntil: 'load' });
      await page.locator('[data-island="cart-pill"][data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      const letters = page.locator('[data-island="newsletter"]');
      await page.waitForTimeout(500);
      await expect(letters.getAttribute('data-hydrated')).resolves.toBeNull();
      await letters.scrollIntoViewIfNeeded();
      await page.locator('[data-island="newsletter"][data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      // Hydrated, it works as before.
      const form = page.getByRole('form', { name: 'Studio letters' });
      await form.getByLabel('Email Address').fill('nope');
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect(form.locator('.field-error').textContent()).resolves.toBe(
        'Email is not valid. Email addresses should follow the format name@example.com.',
      );
    } finally {
      await context.close();
    }
  }, 45_000);
});
