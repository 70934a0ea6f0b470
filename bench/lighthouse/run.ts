// Lighthouse runs of the visitor pages (issue 36): starts an embedded platform as the browser tests
// do (test/browser-kit.ts: the demo website, the web app built), puts an item in a cart, then runs
// Lighthouse (desktop and mobile) on home, shop, product, post, cart with an item and checkout,
// driving /usr/bin/chromium (CHROME_PATH). Prints, per page and form factor: CLS, Performance,
// TBT, the JavaScript transferred and the console errors; exits 1 when a page's CLS is above 0.05
// or it logged a console error (the goal of issue 36).
//   node --conditions=@sc/source --import tsx bench/lighthouse/run.ts [--only=home,cart] [--url=http://…]
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, startPlatform, type RunningPlatform } from '../../test/browser-kit.js';

const CLS_GOAL = 0.05;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

interface Figures {
  page: string;
  formFactor: 'desktop' | 'mobile';
  cls: number;
  performance: number;
  tbtMs: number;
  jsKb: number;
  consoleErrors: string[];
}

// The demo website's pages (services/content seed): a product with its id, and a journal post.
const PRODUCT = '/shop/beeswax-pillar-candle-trio';
const PRODUCT_ID = 'demo-product-candle-trio';
const POST = '/journal/why-we-wax-our-canvas-by-hand';

/** The pages to measure and the cart cookie that holds one item. */
async function pagesOf(url: string): Promise<{ pages: Record<string, string>; cookie: string }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}${PRODUCT}`);
    const added = await page.evaluate(async (itemId) => {
      const crumb = ((await (await fetch('/api/crumb', { cache: 'no-store' })).json()) as { crumb: string }).crumb;
      const response = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ itemId, quantity: 1 }),
      });
      return `${response.status} ${await response.text()}`.slice(0, 200);
    }, PRODUCT_ID);
    if (!added.startsWith('200')) throw new Error(`add to cart: ${added}`);
    const cookies = await page.context().cookies(url);
    return {
      pages: { home: '/', shop: '/shop', product: PRODUCT, post: POST, cart: '/cart', checkout: '/cart?view=checkout' },
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    };
  } finally {
    await browser.close();
  }
}

async function measure(port: number, url: string, name: string, formFactor: Figures['formFactor'], cookie: string): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices'],
    extraHeaders: { Cookie: cookie },
  };
  const result: RunnerResult | undefined = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const audits = result.lhr.audits;
  const scripts =
    (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  const consoleErrors = (
    (audits['errors-in-console']?.details as { items?: Array<{ description?: string }> } | undefined)?.items ?? []
  ).map((i) => i.description ?? '');
  return {
    page: name,
    formFactor,
    cls: Number(audits['cumulative-layout-shift']?.numericValue ?? NaN),
    performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: Math.round(Number(audits['total-blocking-time']?.numericValue ?? NaN)),
    jsKb: Math.round(scripts.filter((s) => s.resourceType === 'Script').reduce((n, s) => n + (s.transferSize ?? 0), 0) / 1024),
    consoleErrors,
  };
}

/** Chromium with a DevTools port for Lighthouse (CHROME_PATH, else the machine's /usr/bin/chromium). */
async function launchChrome(): Promise<{ port: number; kill(): void }> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const child = spawn(
    process.env.CHROME_PATH ?? CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'sc-lighthouse-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, kill: () => child.kill('SIGKILL') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its DevTools port');
}

async function main(): Promise<void> {
  let platform: RunningPlatform | undefined;
  const given = arg('url');
  const url = given ?? (platform = await startPlatform({ startTimeoutMs: 180_000 })).url;
  const chrome = await launchChrome();
  const only = arg('only')?.split(',');
  const rows: Figures[] = [];
  try {
    const { pages, cookie } = await pagesOf(url);
    for (const [name, path] of Object.entries(pages)) {
      if (only && !only.includes(name)) continue;
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const figures = await measure(chrome.port, `${url}${path}`, name, formFactor, cookie);
        rows.push(figures);
        console.log(
          `${name.padEnd(9)} ${formFactor.padEnd(8)} CLS ${figures.cls.toFixed(3)}  Performance ${String(figures.performance).padStart(3)}  TBT ${String(figures.tbtMs).padStart(5)} ms  JS ${String(figures.jsKb).padStart(4)} kB  console errors ${figures.consoleErrors.length}${figures.consoleErrors.length ? `: ${figures.consoleErrors.join(' | ')}` : ''}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await platform?.stop();
  }
  const failing = rows.filter((r) => r.cls > CLS_GOAL || r.consoleErrors.length > 0);
  if (failing.length > 0) {
    console.log(`above the goal (CLS ≤ ${CLS_GOAL}, no console error): ${failing.map((r) => `${r.page}/${r.formFactor}`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
