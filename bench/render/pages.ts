// Benchmark of site pages (issue 6 acceptance), in one run:
//  1. the engine alone, template compiled once: renders/s of the demo product page and of a
//     50-product collection page with the default theme (goal: 5,000 product pages/s on one core),
//     and parse + render from source for comparison;
//  2. through the gateway: cached pages/s against the gateway's bare-route rate measured in the
//     same run (goal: 0.5x or better).
// The services (content + render: stack.ts), the bare upstream and the gateway run as their own
// processes so the load generator (this process) does not share their event loops.
// Run: node --conditions=@sc/source --import tsx bench/render/pages.ts
// Options (env): BENCH_SECONDS (default 10 per gateway measurement), BENCH_CONNECTIONS (default 50),
// BENCH_GZIP (default true: the client accepts gzip as browsers do).
import path from 'node:path';
import autocannon from 'autocannon';
import { compile } from '@sc/template-engine';
import type { TemplateName } from '../../services/render/src/pages/page-context.js';
import { Theme } from '../../services/render/src/theme/theme.js';
import { BenchProcesses, REPO_ROOT, waitHealthy } from '../lib/processes.js';

const ENGINE_TARGET = 5000;
const GATEWAY_TARGET = 0.5;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Browsers send Accept-Encoding: gzip, and render caches each page gzipped beside the plain text.
const gzip = process.env.BENCH_GZIP !== 'false';
const processes = new BenchProcesses();
const start = processes.start.bind(processes);

/** Renders per second of `template` with `context` for about `ms` milliseconds. */
function rate(render: () => unknown, ms: number): number {
  for (let i = 0; i < 200; i++) render();
  let n = 0;
  const begin = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < ms * 1e6) {
    for (let i = 0; i < 50; i++) render();
    n += 50;
    elapsed = Number(process.hrtime.bigint() - begin);
  }
  return (n * 1e9) / elapsed;
}

async function measure(url: string, host: string) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { host, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, bytes: result.throughput.average };
}

try {
  const stack = JSON.parse(await start('bench/render/stack.ts', {}, /^(\{.*\})$/m)) as {
    renderUrl: string;
    contentUrl: string;
    host: string;
    websiteId: string;
  };
  const upstream = await start('bench/gateway/upstream.ts', {}, /listening (http:\/\/\S+)/);
  void start(
    'gateway/src/main.ts',
    {
      PORT: '18097',
      HOST: '127.0.0.1',
      CART_URL: upstream,
      CONTENT_URL: stack.contentUrl,
      RENDER_URL: stack.renderUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      REDIS_URL: '',
    },
    /never/,
  ).catch(() => undefined);
  const gateway = 'http://127.0.0.1:18097';
  await waitHealthy(gateway);

  // 1. The engine alone, with the contexts render builds for these pages.
  const contextOf = async (pagePath: string, websiteId: string) => {
    const response = await fetch(`${stack.renderUrl}${pagePath}?format=json`, { headers: { 'x-website-id': websiteId } });
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const product = await contextOf('/shop/waxed-canvas-market-tote', 'demo');
  const listing = await contextOf('/shop', stack.websiteId);
  if ((listing as { items: unknown[] }).items.length !== 50) throw new Error('the bench store should list 50 products');
  const theme = Theme.load();
  const engine = (template: TemplateName, context: unknown) => {
    const first = theme.render(template, context);
    if (first.errors.length > 0) throw new Error(`${template}: ${JSON.stringify(first.errors.slice(0, 3))}`);
    return { bytes: first.html.length, perSecond: rate(() => theme.render(template, context), 3000) };
  };
  const productRate = engine('products.item', product);
  const listingRate = engine('products.list', listing);
  // Parse + render from source: a fresh compile of the layout and page template every time.
  const layoutSource = (await import('node:fs')).readFileSync(path.join(REPO_ROOT, 'services/render/themes/default/site.region'), 'utf8');
  const fromSource = rate(() => compile(layoutSource).render(product), 2000);

  // 2. Through the gateway: the bare route, then cached pages (warmed first).
  const bareUrl = `${gateway}/api/commerce/bench`;
  const productUrl = `${gateway}/shop/waxed-canvas-market-tote`;
  const listingUrl = `${gateway}/shop`;
  for (const [url, host] of [
    [bareUrl, 'localhost'],
    [productUrl, 'localhost'],
    [listingUrl, stack.host],
  ] as const) {
    await autocannon({ url, connections, duration: 2, headers: { host, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } });
  }
  const bare = await measure(bareUrl, 'localhost');
  const productPages = await measure(productUrl, 'localhost');
  const listingPages = await measure(listingUrl, stack.host);

  const line = (name: string, r: { rps: number; p99: number; errors: number; bytes: number }) =>
    `  ${name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   ${(r.bytes / 1e6).toFixed(1).padStart(6)} MB/s   errors ${r.errors}   ${(r.rps / bare.rps).toFixed(2)}x`;
  process.stdout.write(
    `\nbench/render/pages (${new Date().toISOString()}, node ${process.version})\n` +
      `engine alone, compiled once (one core):\n` +
      `  product page        ${productRate.perSecond.toFixed(0).padStart(7)} renders/s  (${(productRate.bytes / 1024).toFixed(1)} KiB)  goal ${ENGINE_TARGET}\n` +
      `  50-product page     ${listingRate.perSecond.toFixed(0).padStart(7)} renders/s  (${(listingRate.bytes / 1024).toFixed(1)} KiB)\n` +
      `  layout parsed + rendered from source every time: ${fromSource.toFixed(0)} /s\n` +
      `through the gateway (${connections} connections, ${seconds} s each${gzip ? ', Accept-Encoding: gzip' : ''}):\n` +
      `${line('bare route (gateway → upstream)', bare)}\n${line('cached product page', productPages)}\n${line('cached 50-product page', listingPages)}\n` +
      `  goal: cached pages at ${GATEWAY_TARGET}x the bare route or better\n`,
  );
  const ratio = productPages.rps / bare.rps;
  if (productRate.perSecond < ENGINE_TARGET || ratio < GATEWAY_TARGET || bare.errors + productPages.errors + listingPages.errors > 0)
    process.exitCode = 1;
} finally {
  processes.stopAll();
}
