// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The admin's data tables the server sorts, searches and pages (issue 35), in a real browser on
// the orders list: a click on a column header asks the API for that sort (aria-sort says which),
// the search asks the API, a small page size pages with "Load more", selected orders are marked
// fulfilled in one go, and the owner's sort and columns follow them into a new browser context
// (kept on the server, not only in this browser). At 390 px the rows are cards and nothing
// scrolls sideways.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT } from '@sc/contracts';
import { callApi, ownerPage, shot, startAdmin, stopAdmin, toastOf, visitorBuys, type AdminHarness } from './admin-kit.js';

const SUITE = 'tables';
let harness: AdminHarness;
let owner: Page;

/** This run's mark in the buyers' domains (a platform kept between runs, ADMIN_TEST_URL, holds earlier ones). */
const RUN = Date.now().toString(36);
const A = `a-${RUN}.test`;
/** Buyers at a domain of their own, so a search finds exactly them; quantity sets each total. */
const BUYERS = [
  { email: `zed@${A}`, quantity: 1 },
  { email: `amy@${A}`, quantity: 3 },
  { email: `max@${A}`, quantity: 2 },
];
const [ZED, AMY, MAX] = BUYERS.map((b) => b.email) as [string, string, string];
const orderNumbers: number[] = [];

beforeAll(async () => {
  harness = await startAdmin();
  // The first load of the admin on a busy machine can take longer than a step's 10 s.
  const warm = await harness.browser.newContext();
  await (await warm.newPage()).goto(`${harness.url}/config`, { timeout: 90_000 });
  await warm.close();
  owner = (await ownerPage(harness)).page;
  const visitorContext = await harness.browser.newContext();
  const visitor = await visitorContext.newPage();
  // The demo's sourdough guide: a PDF, unlimited, $15.00.
  for (const buyer of BUYERS)
    orderNumbers.push(
      (await visitorBuys(visitor, `${harness.url}/`, DEMO_CONTENT.products.guide, 'GUIDE-SOURDOUGH-PDF', buyer.quantity, buyer.email))
        .orderNumber,
    );
  // Ten more, so a page of ten has a next one.
  for (let i = 0; i < 10; i++)
    await visitorBuys(visitor, `${harness.url}/`, DEMO_CONTENT.products.guide, 'GUIDE-SOURDOUGH-PDF', 1, `filler${i}@b-${RUN}.test`);
  await visitorContext.close();
}, 240_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
/** The emails of the rows shown, top to bottom. */
const emails = (page: Page) => table(page).locator('tbody td[data-label="Customer"]').allTextContents();
/** Waits for the orders API to answer a request whose query has every part given. */
const listed = (page: Page, ...parts: string[]) =>
  page.waitForResponse(
    (r) => r.url().includes('/api/commerce/store/orders?') && parts.every((p) => r.url().includes(p)) && r.request().method() === 'GET',
  );
/** Waits (up to 10 s) until `read` answers `expected`, then asserts it (the failure shows the last answer). */
async function until<T>(read: () => Promise<T>, expected: T): Promise<void> {
  let last: T = await read();
  for (let tries = 0; tries < 40 && JSON.stringify(last) !== JSON.stringify(expected); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await read();
  }
  expect(last).toEqual(expected);
}
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('admin data tables: orders', () => {
  it('sorts and searches on the server, pages by the chosen size, and marks selected orders fulfilled', async () => {
    // From the defaults (a kept platform remembers an earlier run's choices).
    expect(
      (await callApi(owner, 'PUT', '/api/auth/owner/preferences/table.orders', { value: { sorting: [], columnVisibility: {} } })).status,
    ).toBe(200);
    await owner.goto(`${harness.url}/config/store/orders`);
    await table(owner).waitFor();

    // The search asks the server (by email here; numbers and product names too).
    const searched = listed(owner, `q=${A}`);
    await owner.getByLabel('Search').fill(A);
    await searched;
    await until(() => emails(owner), [MAX, AMY, ZED]);

    // A click on Total sorts low to high on the server; another, high to low.
    const totalHeader = table(owner).getByRole('columnheader', { name: 'Total' });
    const ascending = listed(owner, 'sort=total', 'dir=asc');
    await totalHeader.getByRole('button').click();
    await ascending;
    await until(() => totalHeader.getAttribute('aria-sort'), 'ascending');
    await until(() => emails(owner), [ZED, MAX, AMY]);
    const descending = listed(owner, 'sort=total', 'dir=desc');
    await totalHeader.getByRole('button').click();
    await descending;
    await until(() => totalHeader.getAttribute('aria-sort'), 'descending');
    await until(() => emails(owner), [AMY, MAX, ZED]);

    // The order number finds its order.
    await owner.getByLabel('Search').fill(`#${orderNumbers[2]}`);
    await until(() => emails(owner), [MAX]);

    // Ten a page: this run's thirteen orders show as ten, then "Load more" adds the last three.
    const tenAPage = listed(owner, 'limit=10', `q=${RUN}.test`);
    await owner.getByLabel('Search').fill(`${RUN}.test`);
    await owner.getByLabel('Rows per page').selectOption('10');
    await tenAPage;
    await until(async () => (await emails(owner)).length, 10);
    const more = owner.getByRole('button', { name: 'Load more' });
    await more.click();
    await until(async () => new Set(await emails(owner)).size, 13);
    await until(() => more.count(), 0);
    await shot(owner, SUITE, '01-orders-1280');

    // Two orders selected are marked fulfilled at once (after a confirmation).
    await owner.getByLabel('Search').fill(A);
    await until(() => emails(owner), [AMY, MAX, ZED]);
    await owner.getByLabel(`Select order #${orderNumbers[0]}`).check();
    await owner.getByLabel(`Select order #${orderNumbers[1]}`).check();
    await owner.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Mark fulfilled' }).click();
    await owner.getByRole('dialog', { name: 'Mark fulfilled' }).getByRole('button', { name: 'Mark fulfilled' }).click();
    await toastOf(owner, '2 orders marked fulfilled').waitFor();
    const statusOf = (n: number) =>
      table(owner)
        .getByRole('row')
        .filter({ has: owner.getByRole('link', { name: `#${n}`, exact: true }) })
        .getByRole('cell')
        .last()
        .textContent();
    await until(() => statusOf(orderNumbers[0]!), 'fulfilled');
    await until(() => statusOf(orderNumbers[1]!), 'fulfilled');
    await until(() => statusOf(orderNumbers[2]!), 'paid');
    await owner.getByRole('combobox', { name: 'Status' }).selectOption('fulfilled');
    await until(() => emails(owner), [AMY, ZED]);
    await owner.getByRole('combobox', { name: 'Status' }).selectOption('');
  }, 180_000);

  it("remembers the owner's sort and columns on the server: a new browser context shows them", async () => {
    await owner.goto(`${harness.url}/config/store/orders`);
    await table(owner).waitFor();
    // Hide Items, sort by customer A to Z; the server is told.
    const saved = owner.waitForResponse(
      (r) => r.url().includes('/api/auth/owner/preferences/table.orders') && r.request().method() === 'PUT' && r.ok(),
    );
    await owner.getByText('Columns', { exact: true }).click();
    await owner.getByRole('group', { name: 'Columns shown' }).getByLabel('Items').uncheck();
    await table(owner).getByRole('columnheader', { name: 'Customer' }).getByRole('button').click();
    await saved;
    await expect(table(owner).getByRole('columnheader', { name: 'Items' }).count()).resolves.toBe(0);

    // A new context has no local storage: what it shows comes from the server.
    const fresh = await ownerPage(harness);
    const sorted = listed(fresh.page, 'sort=email', 'dir=asc');
    await fresh.page.goto(`${harness.url}/config/store/orders`);
    await sorted;
    await until(() => table(fresh.page).getByRole('columnheader', { name: 'Customer' }).getAttribute('aria-sort'), 'ascending');
    await expect(table(fresh.page).getByRole('columnheader', { name: 'Items' }).count()).resolves.toBe(0);
    const shown = await emails(fresh.page);
    expect(shown).toEqual([...shown].sort());

    // At 390 px the rows are cards and nothing scrolls sideways.
    await fresh.page.setViewportSize({ width: 390, height: 844 });
    await until(() => noSideways(fresh.page), true);
    await shot(fresh.page, SUITE, '02-orders-390');
    await fresh.context.close();
  }, 120_000);
});
