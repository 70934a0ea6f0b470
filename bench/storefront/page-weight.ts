/// <reference lib="dom" />
// Page weight and Largest Contentful Paint of a product page (issue 7 acceptance): the web app
// built as `pnpm start` builds it, the platform started in embedded mode, Debian's Chromium
// loading the demo's tote page. Reports the gzipped size of every script the page loads (React
// included) at load and after the tracking client has started, against the 80 kB budget, and LCP
// from Chromium's performance API (median of several cold loads).
// Run: node --conditions=@sc/source --import tsx bench/storefront/page-weight.ts
// Options (env): BENCH_RUNS (default 5), BENCH_PAGE (default /shop/waxed-canvas-market-tote),
// CHROMIUM_PATH (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BenchProcesses, REPO_ROOT } from '../lib/processes.js';

const BUDGET_BYTES = 80_000;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pagePath = process.env.BENCH_PAGE ?? '/shop/waxed-canvas-market-tote';
const processes = new BenchProcesses();

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** gzip -6 (what servers commonly send) of a built file. */
function gzipped(dist: string, urlPath: string): number {
  return gzipSync(readFileSync(path.join(dist, urlPath.replace(/^\//, ''))), { level: 6 }).length;
}

try {
  const dist = mkdtempSync(path.join(tmpdir(), 'sc-weight-'));
  const web = path.join(REPO_ROOT, 'web');
  const built = spawnSync(
    process.execPath,
    [path.join(web, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('vite build failed');

  const url = await processes.start(
    'scripts/start-embedded.ts',
    {
      PORT: '18197',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-weight-data-')),
      DATABASE_URL: '',
      NATS_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: dist,
    },
    /is running at (http:\/\/\S+)/,
  );
  const base = url.replace('localhost', '127.0.0.1');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const atLoad: number[] = [];
  const afterLoad: number[] = [];
  const lcp: number[] = [];
  let files: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // The demo's pictures are on the internet, which this machine may not reach.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const target = new URL(request.url());
        if (target.origin === base && target.pathname.endsWith('.js')) scripts.add(target.pathname);
      });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
      const loaded = [...scripts];
      // The tracking client starts after load; give it (and any idle work) a moment.
      await page.waitForTimeout(1500);
      const value = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            });
            setTimeout(() => resolve(0), 1000);
          }),
      );
      atLoad.push(loaded.reduce((sum, file) => sum + gzipped(dist, file), 0));
      afterLoad.push([...scripts].reduce((sum, file) => sum + gzipped(dist, file), 0));
      lcp.push(value);
      files = [...scripts];
      await context.close();
    }
  } finally {
    await browser.close();
  }

  const rows = files.map((file) => ({ file, gzip: gzipped(dist, file) })).sort((a, b) => b.gzip - a.gzip);
  process.stdout.write(`\nProduct page ${pagePath}: the scripts it loads (gzip -6)\n`);
  for (const row of rows) process.stdout.write(`  ${kb(row.gzip).padStart(9)}  ${row.file}\n`);
  const loadWeight = median(atLoad);
  const totalWeight = median(afterLoad);
  process.stdout.write(
    `\nJavaScript at load:              ${kb(loadWeight)} (budget ${kb(BUDGET_BYTES)}: ${loadWeight < BUDGET_BYTES ? 'met' : 'NOT met'})\n` +
      `JavaScript with tracking started: ${kb(totalWeight)} (budget ${kb(BUDGET_BYTES)}: ${totalWeight < BUDGET_BYTES ? 'met' : 'NOT met'})\n` +
      `Largest Contentful Paint:        ${median(lcp).toFixed(0)} ms (median of ${runs} cold loads; ${lcp.map((v) => v.toFixed(0)).join(', ')})\n`,
  );
} finally {
  processes.stopAll();
}
