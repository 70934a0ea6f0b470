// What the admin app's browser tests share: one platform and one browser per test file, the owner
// sign-in, screenshots of each step (test artifacts under .data/test-artifacts/admin, or
// ADMIN_ARTIFACTS_DIR), and a visitor's purchase made from a real browser session.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_OWNER } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { buildWeb, launchBrowser, loggedMail, mailedPath, type RunningPlatform } from './browser-kit.js';
import { ROOT, startProcess, waitForHttp } from './helpers.js';

/** How long one step of a test may take. */
export const STEP_TIMEOUT_MS = Number(process.env.ADMIN_STEP_TIMEOUT_MS ?? 10_000);

/** How long the first sign-in page may take (see signIn). */
const SIGN_IN_TIMEOUT_MS = 60_000;

/** How long the platform may take to answer: a first start seeds the demo site (slow on a busy machine). */
const START_TIMEOUT_MS = 150_000;

/**
 * browser-kit's startPlatform with a longer wait: the same `pnpm start` entry, own data directory
 * and port, the web build; only the time allowed differs (its 60 s is not enough when the
 * machine's two cores are shared).
 */
async function startPlatform(options: AdminOptions): Promise<RunningPlatform> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-admin-'));
  const embedded = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' };
  if (options.secondWebsite) await seedSecondWebsite(embedded);
  // Mail stays in the local mailbox (the Sent mail screens show it); tests read the links from the log.
  const run = startProcess('scripts/start-embedded.ts', { ...embedded, PORT: String(port), WEB_DIST: buildWeb(), ...options.env });
  const mail = loggedMail(run);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/readyz`, START_TIMEOUT_MS);
  } catch (error) {
    run.child.kill('SIGKILL');
    throw new Error(`the platform did not start:\n${run.output()}`, { cause: error });
  }
  return {
    url,
    run,
    mail,
    stop: async () => {
      run.child.kill('SIGINT');
      await run.exited;
    },
  };
}

/** The demo owner's second website (the website switcher's tests), made before the platform starts. */
export const SECOND_WEBSITE = { id: 'second', title: 'Second Studio', domain: 'second.localhost' } as const;

export interface AdminOptions {
  /** Give the demo owner SECOND_WEBSITE too (Chromium resolves *.localhost to this machine). */
  secondWebsite?: boolean;
  /** More environment for the platform (FALLBACK_WEBSITE_ID '' for strict hosts). */
  env?: Record<string, string>;
}

/** Runs test/fixtures/second-website.ts on the data directory the platform will use (PGlite: one process at a time). */
async function seedSecondWebsite(env: Record<string, string>): Promise<void> {
  const seed = startProcess('test/fixtures/second-website.ts', {
    ...env,
    SECOND_WEBSITE_ID: SECOND_WEBSITE.id,
    SECOND_WEBSITE_TITLE: SECOND_WEBSITE.title,
    SECOND_WEBSITE_DOMAIN: SECOND_WEBSITE.domain,
  });
  const code = await seed.exited;
  if (code !== 0) throw new Error(`seeding the second website failed (exit ${code}):\n${seed.output()}`);
}

export interface AdminHarness {
  platform: RunningPlatform | undefined;
  browser: Browser;
  url: string;
}

/**
 * The platform (started here, or the one ADMIN_TEST_URL names, for working on the tests against a
 * platform already running with a fresh data directory, seeded with test/fixtures/second-website.ts
 * for the switcher's test) and a browser.
 */
export async function startAdmin(options: AdminOptions = {}): Promise<AdminHarness> {
  const external = process.env.ADMIN_TEST_URL;
  const platform: RunningPlatform | undefined = external ? undefined : await startPlatform(options);
  const browser = await launchBrowser();
  return { platform, browser, url: external ?? platform?.url ?? '' };
}

export async function stopAdmin(harness: AdminHarness | undefined): Promise<void> {
  await harness?.browser.close();
  await harness?.platform?.stop();
}

/** Where a test file's screenshots go. */
export function artifactsDir(suite: string): string {
  const dir = path.join(process.env.ADMIN_ARTIFACTS_DIR ?? path.join(ROOT, '.data', 'test-artifacts', 'admin'), suite);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves a full-page screenshot of the step. */
export async function shot(page: Page, suite: string, step: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir(suite), `${step}.png`), fullPage: true });
}

/** Opens /config and signs in (the demo owner unless told otherwise). */
/** The toast saying `text` (the admin's toasts: a success is a status, a failure an alert). */
export const toastOf = (page: Page, text: string, role: 'status' | 'alert' = 'status') =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole(role)
    .filter({ hasText: text })
    // The newest, when an earlier save's toast is still on screen.
    .last();

export async function signIn(
  page: Page,
  url: string,
  email: string = DEMO_OWNER.email,
  password: string = DEMO_OWNER.password,
): Promise<void> {
  // The first page of a platform just started can take long on a busy machine (the app's chunks
  // are read and compressed once); the steps after it keep the page's own time-out.
  await page.goto(`${url}/config`, { timeout: SIGN_IN_TIMEOUT_MS });
  await page.getByLabel('Email').waitFor({ timeout: SIGN_IN_TIMEOUT_MS });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
}

/** A new browser context (own cookies) with the owner signed in on /config. */
export async function ownerPage(harness: AdminHarness): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Fail a step in seconds, not at the test's time-out, so the report names the step
  // (ADMIN_STEP_TIMEOUT_MS: more on a machine too busy for 10 s a step).
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await signIn(page, harness.url);
  return { context, page };
}

/** Clicks a side-navigation entry of the admin app. */
export async function goToArea(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true }).click();
}

/** A JSON API call from the page's own session (cookies, and the crumb in its header). */
export async function callApi(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, url, body, crumb }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body, crumb: await crumbOf(page) },
  );
}

/** The crumb (CSRF) cookie of the page's browser context: unsafe API calls repeat it in a header. */
export async function crumbOf(page: Page): Promise<string> {
  // The page's own host's crumb (a context that visited several websites holds one per host).
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === 'crumb');
  if (cookie) return decodeURIComponent(cookie.value);
  // Pages hand out no cookie: as the web client does before a first write, ask the gateway.
  return page.evaluate(async () => ((await (await fetch('/api/crumb', { cache: 'no-store' })).json()) as { crumb: string }).crumb);
}

/**
 * A visitor buys `quantity` of a variant from the storefront page `pagePath`: the calls the
 * storefront makes (cart entry with the crumb, checkout with an idempotency key and the test card),
 * made from the visitor's own browser session. Answers the order.
 */
export async function visitorBuys(
  page: Page,
  pagePath: string,
  itemId: string,
  sku: string,
  quantity: number,
  email = 'buyer@example.com',
): Promise<{ orderNumber: number; id: string }> {
  await page.goto(pagePath);
  return page.evaluate(
    async ({ itemId, sku, quantity, email, crumb }) => {
      const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb };
      const added = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemId, sku, quantity }),
      });
      if (!added.ok) throw new Error(`add to cart: ${added.status} ${await added.text()}`);
      const checkout = await fetch('/api/commerce/checkout', {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `admin-test-${Date.now()}-${Math.random()}` },
        body: JSON.stringify({
          email,
          shippingAddress: {
            name: 'Ada Buyer',
            line1: '1 Harbour Way',
            city: 'Portland',
            region: 'ME',
            postalCode: '04101',
            country: 'US',
          },
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        }),
      });
      if (!checkout.ok) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
      const body = (await checkout.json()) as { order: { orderNumber: number; id: string } };
      return { orderNumber: body.order.orderNumber, id: body.order.id };
    },
    { itemId, sku, quantity, email, crumb: await crumbOf(page) },
  );
}

/** A visitor's add-to-cart call from the storefront page they are on: the answer's status and message. */
export async function visitorAdds(page: Page, itemId: string, sku: string, quantity: number): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ itemId, sku, quantity, crumb }) => {
      const response = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ itemId, sku, quantity }),
      });
      const body = (await response.json()) as { message?: string };
      return { status: response.status, message: body.message ?? '' };
    },
    { itemId, sku, quantity, crumb: await crumbOf(page) },
  );
}

/**
 * A new owner account (signed up on /config, made by the mailed link and the password chosen at sign-up) given the viewer role on the demo website by the signed-in `owner` (Team
 * screen): answers the viewer's page, signed in and showing the admin app.
 */
export async function newViewer(
  harness: AdminHarness,
  owner: Page,
  name: string,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext();
  const viewer = await context.newPage();
  viewer.setDefaultTimeout(10_000);
  await viewer.goto(`${harness.url}/config`);
  await viewer.getByRole('button', { name: 'Create an owner account' }).click();
  await viewer.getByLabel('Name').fill(name);
  await viewer.getByLabel('Email').fill(email);
  await viewer.getByLabel('Password').fill('viewer-pass-1234');
  await viewer.getByRole('button', { name: 'Create account' }).click();
  // Sign-up answers the same for any address (issue 40): the mailed link makes the account.
  await viewer.getByRole('heading', { name: 'Check your email' }).waitFor();
  await viewer.goto(`${harness.url}${await mailedPath(harness.platform?.mail, email, /\/config\/confirm-sign-up\?token=/)}`);
  // The link asks for the password chosen at sign-up (issue 40b) before it makes the account.
  await viewer.getByRole('heading', { name: 'Finish signing up' }).waitFor();
  await viewer.getByLabel('Password').fill('viewer-pass-1234');
  await viewer.getByRole('button', { name: 'Finish signing up' }).click();
  // A new owner starts on the screen that makes their own website (issue 34).
  await viewer.getByRole('heading', { name: 'Create a website' }).waitFor();
  await goToArea(owner, 'Team');
  await owner.getByLabel('Member email').fill(email);
  await owner.getByLabel('New member role').selectOption({ label: 'viewer' });
  await owner.getByRole('button', { name: 'Add member' }).click();
  await owner.getByRole('row', { name: `Member ${email}` }).waitFor();
  await viewer.goto(`${harness.url}/config`);
  await viewer.getByRole('heading', { name: 'Home', exact: true }).waitFor();
  return { context, page: viewer };
}
