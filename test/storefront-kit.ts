// What the storefront's browser tests share: one platform and one browser per test file (or the
// platform STOREFRONT_TEST_URL names, for working on the tests against one already running with a
// fresh data directory), visitors as fresh browser contexts, the owner's API for the settings a
// test needs, and screenshots of each step (test artifacts under .data/test-artifacts/storefront,
// or STOREFRONT_ARTIFACTS_DIR; never committed).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_OWNER } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { buildWeb as buildWebOnce, launchBrowser, loggedMail, type RunningPlatform } from './browser-kit.js';
import { ROOT, startProcess, waitForHttp } from './helpers.js';

export interface Storefront {
  platform: RunningPlatform | undefined;
  browser: Browser;
  url: string;
}

/**
 * The web app built as `pnpm start` builds it (production), once per test run (browser-kit's).
 */
const buildWeb = (): string => buildWebOnce({ production: true });

/** How long a first start (migrations, demo seed) may take on a machine busy with other work. */
const START_TIMEOUT_MS = 180_000;

/**
 * `pnpm start` as browser-kit's startPlatform runs it (own data directory and port, the web build
 * of this test run), with more patience for a loaded machine, and the gateway's per-address limit
 * raised: it would count every test's requests as one visitor's.
 */
async function startPlatform(env: Record<string, string> = {}): Promise<RunningPlatform> {
  const port = await freePort();
  // Mail stays in the local mailbox (the shop's mailbox API lists it); tests read the links from the log.
  const run = startProcess('scripts/start-embedded.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-storefront-')),
    DATABASE_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST: buildWeb(),
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
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
    mail: loggedMail(run),
    stop: async () => {
      run.child.kill('SIGINT');
      await run.exited;
    },
  };
}

/** `env`: more settings of the platform started (SMTP_URL for a test that reads the mail). */
export async function startStorefront(options: { env?: Record<string, string> } = {}): Promise<Storefront> {
  const external = process.env.STOREFRONT_TEST_URL;
  const browser = await launchBrowser();
  try {
    const platform = external ? undefined : await startPlatform(options.env);
    return { platform, browser, url: external ?? platform?.url ?? '' };
  } catch (error) {
    // No harness to stop later: the browser must not outlive the file.
    await browser.close();
    throw error;
  }
}

export async function stopStorefront(harness: Storefront | undefined): Promise<void> {
  await harness?.browser.close();
  await harness?.platform?.stop();
}

/** A visitor: a browser context of their own (cookies, storage), desktop or phone sized. */
export async function visitor(
  harness: Storefront,
  options: { mobile?: boolean; init?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    baseURL: harness.url,
    locale: 'en-US',
  });
  // The demo's pictures live on the internet, which tests do not reach.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  // Fail a step in seconds, not at the test's time-out, so the report names the step.
  page.setDefaultTimeout(10_000);
  return { context, page };
}

function artifactsDir(suite: string): string {
  const dir = path.join(process.env.STOREFRONT_ARTIFACTS_DIR ?? path.join(ROOT, '.data', 'test-artifacts', 'storefront'), suite);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves a full-page screenshot of a step. */
export async function shot(page: Page, suite: string, step: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir(suite), `${step}.png`), fullPage: true });
}

/** The owner's API, signed in from Node (crumb cookie and header, owner session cookie). */
export class OwnerApi {
  readonly #url: string;
  readonly #cookies = new Map<string, string>();

  private constructor(url: string) {
    this.#url = url;
  }

  static async signIn(url: string): Promise<OwnerApi> {
    const api = new OwnerApi(url);
    await api.call('GET', '/api/auth/session');
    await api.call('POST', '/api/auth/session', { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    return api;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    // As the web client does: the first write fetches the crumb (pages hand out no cookie).
    if (method !== 'GET' && !this.#cookies.has('crumb')) await this.call('GET', '/api/crumb');
    const headers: Record<string, string> = {
      accept: 'application/json',
      cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const crumb = this.#cookies.get('crumb');
    if (crumb) headers['x-csrf-token'] = decodeURIComponent(crumb);
    const response = await fetch(`${this.#url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The owner's cookies as a Cookie header (a signed-in browser). */
  cookieHeader(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** PUT the site settings (any subset; store, betaFlags and cookieSettings merge). */
  settings(body: Record<string, unknown>): Promise<unknown> {
    return this.call('PUT', '/api/content-service/1.0/websites/demo/settings', body);
  }
}

/** Waits until `check` holds (pages are re-rendered from content events, a moment after a change). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The HTML of a page as a visitor without JavaScript gets it. */
export async function pageHtml(harness: Storefront, pagePath: string): Promise<string> {
  return (await fetch(`${harness.url}${pagePath}`)).text();
}
