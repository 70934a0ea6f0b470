// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The admin app on a phone (issue 35): at 390×844 every admin screen fits the width (the document
// never scrolls sideways), the navigation is a menu that opens as a sheet and holds every area and
// Sign out, and tables are shown as lists. axe (axe-core, injected into each screen) finds no
// serious or critical accessibility violation on any of them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_OWNER } from '@sc/contracts';
import { shot, signIn, startAdmin, stopAdmin, type AdminHarness } from './admin-kit.js';
import { ADMIN_SCREENS, axeProblems } from './admin-screens.js';

const SUITE = 'phone';
let harness: AdminHarness;
let phone: Page;

beforeAll(async () => {
  harness = await startAdmin();
  // bypassCSP: the app's policy allows only its own scripts, and axe is injected from the test.
  const context = await harness.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  phone = await context.newPage();
  phone.setDefaultTimeout(10_000);
  await signIn(phone, harness.url);
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

/** How far the document reaches beyond the viewport, and the widest element that pushes it. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const right = el.getBoundingClientRect().right;
      if (right > width + 1 && !widest) widest = `${el.tagName.toLowerCase()}.${el.className} (${Math.round(right)} px)`;
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, widest };
  });

describe('admin on a phone (390×844)', () => {
  it('collapses the navigation into a menu sheet with every area and Sign out', async () => {
    await expect(phone.getByRole('navigation', { name: 'Admin' }).isVisible()).resolves.toBe(false);
    await phone.getByRole('button', { name: 'Menu' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Menu' });
    await sheet
      .getByRole('link', { name: 'Orders' })
      .or(sheet.getByRole('link', { name: 'Store', exact: true }))
      .first()
      .waitFor();
    await expect(sheet.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
    await expect(sheet.getByText(DEMO_OWNER.email, { exact: false }).isVisible()).resolves.toBe(true);
    await shot(phone, SUITE, '00-menu');
    expect(await axeProblems(phone)).toEqual([]);
    await sheet.getByRole('link', { name: 'Store', exact: true }).click();
    await phone.getByRole('heading', { name: 'Store', exact: true }).waitFor();
    // Choosing an area closes the sheet.
    await sheet.waitFor({ state: 'detached' });
  });

  it.each(ADMIN_SCREENS)(
    'shows $name ($path) without sideways scrolling or serious accessibility violations',
    async ({ name, path, heading }) => {
      await phone.goto(`${harness.url}/config${path === '/' ? '' : path}`);
      await phone.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      // Data and lazy parts settle (lists, the page editor's frame).
      await phone.waitForLoadState('networkidle');
      const measured = await overflow(phone);
      await shot(phone, SUITE, name);
      // On failure this names the first element reaching past the screen's edge.
      expect(measured.scrollWidth <= measured.width ? 'fits' : `${measured.scrollWidth} > ${measured.width}: ${measured.widest}`).toBe(
        'fits',
      );
      await expect(phone.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(true);
      expect(await axeProblems(phone)).toEqual([]);
    },
    30_000,
  );

  it('shows tables as lists: one card per row, each value with its column name', async () => {
    await phone.goto(`${harness.url}/config/store/inventory`);
    const row = phone.locator('main tbody tr').first();
    await row.waitFor();
    const shape = await row.evaluate((tr) => ({
      display: getComputedStyle(tr).display,
      label: tr.querySelector('td')?.getAttribute('data-label') ?? '',
    }));
    expect(shape.display).toBe('block');
    expect(shape.label).not.toBe('');
  });

  it('signs out from the menu', async () => {
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    await phone.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
