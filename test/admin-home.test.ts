// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The admin as the demo owner runs the shop from it, in a real browser:
// - every admin screen (the side navigation's areas and every screen their links lead to) loads
//   with no console error and no 4xx or 5xx answer, from the sign-in page on;
// - an order placed through the storefront shows on the Home's 'Orders to fulfil' and its buyer
//   in the customer list;
// - the site title changed in Settings › General is what the public page shows.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT, DEMO_OWNER } from '@sc/contracts';
import { pngImage } from '@sc/platform/test-kit';
import { goToArea, shot, startAdmin, stopAdmin, visitorBuys, toastOf, type AdminHarness } from './admin-kit.js';

const SUITE = 'home';
let harness: AdminHarness;
let owner: Page;
/** What went wrong on the owner's page: console errors, uncaught errors, 4xx and 5xx answers. */
const problems: string[] = [];

/** Path segments that name a screen (kept), as opposed to ids (one screen per shape is visited twice at most). */
const LITERAL = new Set([
  'content',
  'items',
  'new',
  'gallery',
  'forms',
  'submissions',
  'restock',
  'mailbox',
  'analytics',
  'team',
  'store',
  'inventory',
  'orders',
  'subscriptions',
  'gift-cards',
  'coupons',
  'shipping-tax',
  'products',
  'settings',
  'colours',
  'header-footer',
  'navigation',
  'languages',
  'commerce',
  'community',
  'member-areas',
  'popup',
  'customers',
]);
const shapeOf = (path: string): string =>
  path
    .split('/')
    .map((s) => (s === '' || LITERAL.has(s) ? s : ':id'))
    .join('/');

beforeAll(async () => {
  harness = await startAdmin();
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
  owner = await context.newPage();
  owner.setDefaultTimeout(15_000);
  // This machine has no way out to the internet: the demo's pictures (picsum.photos) are answered
  // with a blank image, as they would load online. Only the platform's own answers are judged.
  await context.route(
    (url) => url.hostname !== new URL(harness.url).hostname,
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: pngImage(1, 1, [200, 200, 200]) }),
  );
  owner.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${owner.url()}: ${message.text()}`);
  });
  owner.on('pageerror', (error) => problems.push(`uncaught on ${owner.url()}: ${error.message}`));
  owner.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()} (on ${owner.url()})`);
  });
  // The sign-in page is part of the walk: its requests are watched too.
  await owner.goto(`${harness.url}/config`, { waitUntil: 'networkidle' });
  await owner.getByLabel('Email').fill(DEMO_OWNER.email);
  await owner.getByLabel('Password').fill(DEMO_OWNER.password);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await owner.getByRole('heading', { name: 'Home', exact: true }).waitFor();
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

/** The admin links (below /config) the page shows now. */
async function adminLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/config"]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  return [...new Set(hrefs.map((h) => h.replace(/^\/config/, '') || '/'))];
}

describe('a clean admin', () => {
  it('walks every admin screen as the demo owner with no console error and no 4xx or 5xx answer', async () => {
    const seen = new Map<string, number>();
    const queue = ['/', ...(await adminLinks(owner))];
    const visited: string[] = [];
    while (queue.length > 0 && visited.length < 80) {
      const path = queue.shift()!;
      const shape = shapeOf(path);
      if (visited.includes(path) || (seen.get(shape) ?? 0) >= 2) continue;
      seen.set(shape, (seen.get(shape) ?? 0) + 1);
      visited.push(path);
      await owner.goto(`${harness.url}/config${path === '/' ? '' : path}`, { waitUntil: 'networkidle' });
      // A screen without its title fails with where it was and what had gone wrong so far.
      await owner
        .locator('#page-title')
        .first()
        .waitFor()
        .catch(async (error: unknown) => {
          await shot(owner, SUITE, 'walk-stopped');
          throw new Error(`no #page-title on ${owner.url()} (walked to ${path}); problems so far:\n${problems.join('\n')}`, {
            cause: error,
          });
        });
      for (const link of await adminLinks(owner)) if (!visited.includes(link)) queue.push(link);
    }
    // Every area of the side navigation was among them.
    for (const area of ['/', '/content', '/store', '/restock', '/forms', '/community', '/mailbox', '/analytics', '/team', '/settings'])
      expect(visited).toContain(area);
    expect(visited.length).toBeGreaterThan(25);
    expect(problems).toEqual([]);
  }, 240_000);
});

describe('the Home', () => {
  it("shows the day's figures, and an order placed on the storefront adds to 'Orders to fulfil'", async () => {
    const mark = problems.length;
    await goToArea(owner, 'Home');
    const toFulfil = async () => Number(await owner.getByTestId('home-to-fulfil').textContent());
    await owner.getByTestId('home-to-fulfil').waitFor();
    for (const figure of [
      'home-sales-today',
      'home-sales-week',
      'home-low-stock',
      'home-sold-out',
      'home-restock',
      'home-submissions',
      'home-comments',
      'home-visits',
    ]) {
      await owner.getByTestId(figure).waitFor();
    }
    const before = await toFulfil();
    // The demo's tote: Navy / Medium is sold out, Olive / Large has 2 left.
    expect(Number(await owner.getByTestId('home-sold-out').textContent())).toBeGreaterThanOrEqual(1);
    const visitorContext = await harness.browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitorBuys(visitor, `${harness.url}/shop/waxed-canvas-market-tote`, DEMO_CONTENT.products.tote, 'TOTE-OLV-M', 1);
    await visitorContext.close();
    await owner.reload({ waitUntil: 'networkidle' });
    await owner.getByTestId('home-to-fulfil').waitFor();
    expect(await toFulfil()).toBe(before + 1);
    // The figure leads to the orders waiting to be shipped.
    await owner.getByTestId('home-to-fulfil').click();
    await owner.getByRole('heading', { name: 'Orders' }).waitFor();
    await owner.getByRole('cell', { name: 'buyer@example.com' }).first().waitFor();
    await shot(owner, SUITE, '01-home');
    // The buyer is in the customer list, with the order on their page.
    // (The list is a read model fed by the order's event: it may take a relay poll to show.)
    const buyerLink = owner.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'buyer@example.com' });
    for (let tries = 0; tries < 10 && !(await buyerLink.count()); tries++) {
      await owner.goto(`${harness.url}/config/store/customers`, { waitUntil: 'networkidle' });
    }
    await buyerLink.click();
    await owner.getByRole('table', { name: 'Orders of this customer' }).getByRole('link').first().waitFor();
    expect(problems.slice(mark)).toEqual([]);
  }, 60_000);

  it('erases a customer from their page after a confirmation; they leave the list, their orders stay', async () => {
    const mark = problems.length;
    await owner.goto(`${harness.url}/config/store/customers/${encodeURIComponent('buyer@example.com')}`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('order totals are kept for your books').waitFor();
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await owner.getByRole('heading', { name: 'Customers' }).waitFor();
    await owner.getByRole('table', { name: 'Customers' }).or(owner.getByText('No customers yet.')).first().waitFor();
    expect(await owner.getByRole('link', { name: 'buyer@example.com' }).count()).toBe(0);
    await shot(owner, SUITE, '02-customer-erased');
    expect(problems.slice(mark)).toEqual([]);
  }, 60_000);
});

describe('one site title', () => {
  it('shows the title set in Settings › General in the header and <title> of the public page within 2 seconds', async () => {
    const mark = problems.length;
    await goToArea(owner, 'Settings');
    await owner.getByLabel('Site title').fill('Harbour & Pine Studio');
    await owner.getByText('In use: shown in the site header and the browser tab title.').waitFor();
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await toastOf(owner, 'Settings saved').waitFor();
    const savedAt = Date.now();
    const visitor = await harness.browser.newPage();
    let title = '';
    let header = '';
    while (Date.now() - savedAt < 2_000) {
      await visitor.goto(`${harness.url}/`);
      title = await visitor.title();
      header = (await visitor.locator('.site-title').first().textContent()) ?? '';
      if (title.includes('Harbour & Pine Studio') && header.includes('Harbour & Pine Studio')) break;
    }
    expect(title).toContain('Harbour & Pine Studio');
    expect(header.trim()).toBe('Harbour & Pine Studio');
    await visitor.close();
    // Header & footer says the site title is in use.
    await owner.goto(`${harness.url}/config/settings/header-footer`, { waitUntil: 'networkidle' });
    await owner
      .getByText('Empty: the header and the browser tab show the site title from Settings › General (“Harbour & Pine Studio”).')
      .waitFor();
    expect(problems.slice(mark)).toEqual([]);
  }, 60_000);
});
