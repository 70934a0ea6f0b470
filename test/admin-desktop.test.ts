// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The admin app on a desktop (issue 35): at 1280×900 axe (axe-core, injected into each screen)
// finds no serious or critical accessibility violation on any admin screen, nor with the product
// list's bulk bar and columns menu open, nor on a refused form with its inline errors and toast,
// nor in dark mode on the page editor, the media library and the product editor.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT } from '@sc/contracts';
import { shot, signIn, startAdmin, stopAdmin, toastOf, visitorBuys, type AdminHarness } from './admin-kit.js';
import { ADMIN_SCREENS, axeProblems } from './admin-screens.js';

const SUITE = 'desktop';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin();
  // bypassCSP: the app's policy allows only its own scripts, and axe is injected from the test.
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  owner = await context.newPage();
  owner.setDefaultTimeout(10_000);
  await signIn(owner, harness.url);
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

describe('admin on a desktop (1280×900)', () => {
  it.each(ADMIN_SCREENS)(
    'shows $name ($path) without serious accessibility violations',
    async ({ name, path, heading }) => {
      await owner.goto(`${harness.url}/config${path === '/' ? '' : path}`);
      await owner.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await owner.waitForLoadState('networkidle');
      await shot(owner, SUITE, name);
      expect(await axeProblems(owner)).toEqual([]);
    },
    30_000,
  );

  it('keeps the products table accessible with rows selected and the columns menu open', async () => {
    await owner.goto(`${harness.url}/config/store/${DEMO_CONTENT.shopCollectionId}`);
    const table = owner.getByRole('table', { name: 'Products' });
    await table.getByLabel('Select Merino Wool Throw').check();
    await owner.getByText('Columns', { exact: true }).click();
    await owner.getByRole('group', { name: 'Columns shown' }).waitFor();
    expect(await axeProblems(owner)).toEqual([]);
  }, 30_000);

  it('keeps the orders table accessible with an order selected (Mark fulfilled, Export selected) and the columns menu open', async () => {
    const visitorContext = await harness.browser.newContext();
    const order = await visitorBuys(
      await visitorContext.newPage(),
      `${harness.url}/`,
      DEMO_CONTENT.products.guide,
      'GUIDE-SOURDOUGH-PDF',
      1,
      'axe@orders.test',
    );
    await visitorContext.close();
    await owner.goto(`${harness.url}/config/store/orders`);
    await owner.getByRole('table', { name: 'Orders' }).getByLabel(`Select order #${order.orderNumber}`).check();
    await owner.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Mark fulfilled' }).waitFor();
    await owner.getByText('Columns', { exact: true }).click();
    await owner.getByRole('group', { name: 'Columns shown' }).waitFor();
    await shot(owner, SUITE, 'orders-selected');
    expect(await axeProblems(owner)).toEqual([]);
  }, 60_000);

  it('keeps a refused form accessible: inline errors and the toast', async () => {
    await owner.goto(`${harness.url}/config/store/coupons`);
    await owner.getByLabel('Code').fill('no spaces');
    await owner.getByRole('button', { name: 'Create coupon' }).click();
    await toastOf(owner, 'Coupon not saved', 'alert').waitFor();
    await shot(owner, SUITE, 'coupon-refused');
    expect(await axeProblems(owner)).toEqual([]);
  }, 30_000);

  it.each([
    { name: 'page-editor', path: `/content/${DEMO_CONTENT.aboutCollectionId}`, heading: /About/ },
    { name: 'media', path: '/media', heading: 'Media' },
    { name: 'product-editor', path: `/store/${DEMO_CONTENT.shopCollectionId}/products/${DEMO_CONTENT.products.tote}`, heading: /Tote/ },
  ])(
    'follows dark mode on $name without serious accessibility violations',
    async ({ name, path, heading }) => {
      await owner.emulateMedia({ colorScheme: 'dark' });
      try {
        await owner.goto(`${harness.url}/config${path}`);
        await owner.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        await owner.waitForLoadState('networkidle');
        await shot(owner, SUITE, `dark-${name}`);
        expect(await axeProblems(owner)).toEqual([]);
      } finally {
        await owner.emulateMedia({ colorScheme: 'light' });
      }
    },
    45_000,
  );
});
