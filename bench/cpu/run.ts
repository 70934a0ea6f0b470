// bench/cpu: what one request costs each process, in microseconds of CPU, at a fixed request rate
// (issue 24). On two shared cores throughput moves with everyone else's load; CPU per request at
// the same rate does not, so every version is compared at BENCH_RATE. Distributed mode: every
// service and the gateway is its own process on real Postgres, NATS and Redis (a fresh database
// per group of rows, this run's own NATS prefix and Redis database index). One line per row:
//   cpu-per-request <name> gateway=<µs> service=<µs> postgres=<µs> rps=<n> p99=<ms> [extra=...]
// Rows:
//   bare-fastify              a bare Fastify route called directly (bench/gateway/upstream.ts)
//   gateway-bare-route        the same route through the gateway; ratio = gateway µs / bare route µs
//   minimal-proxy-bare-route  the same through the least a Node proxy does (bench/gateway/minimal-proxy.ts): the floor
//   add-to-cart-gateway       add to cart through the gateway (cart service, Postgres)
//   add-to-cart-embedded      the same in embedded mode (one process, PGlite: service = the process);
//                             with BENCH_CART_MAIN, main's figure and the ratio beside it
//   record-hit                analytics RecordHit through the gateway; in = accepted, out = rows written
//   product-page-cached       a product page through the gateway: a hit of the gateway's page cache
//   collection-page-cached    a 50-product collection page, likewise
//   product-page-gateway-miss the product page through a gateway whose page cache keeps nothing
//                             (PAGE_CACHE_MAX_BYTES=65536: a page over 8 kB is never kept), render's cache warm:
//                             the miss path (generation read, render asked for the plain page)
//   product-page-render-hit   the product page with the gateway's page cache off: render's cache warm (the
//                             two hops every cached view took before issue 38)
// Every row through the gateway also prints floor-ratio = its CPU in all ÷ this run's
// minimal-proxy-bare-route gateway µs (issue 38's goals), when the gateway rows ran.
//   product-page-uncached     the product page with render's cache cold for it (PAGE_CACHE_TTL_MS=1);
//   collection-page-uncached  engine = the template engine's CPU per page (the theme rendering the
//                             same context in this process), share = engine / service
// Run:  pnpm bench:cpu
// Options (env): BENCH_RATE (default 200 req/s), BENCH_UNCACHED_RATE (default 50 pages/s),
//   BENCH_SECONDS (default 10 per row), BENCH_CONNECTIONS (default 50), BENCH_ONLY=gateway,cart,
//   embedded,analytics,pages (default all), BENCH_CART_MAIN=<checkout of main, with node_modules>
//   (or its services/cart/src/main.ts), BENCH_PROFILE=<dir> (CPU profiles of the gateway and the
//   services, node --cpu-prof), BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
//   NATS_URL, REDIS_URL (default redis://127.0.0.1:6379/9; the uncached render uses the next index),
//   BENCH_PG_LOG=1 (every statement of the run's databases in the Postgres server's log).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp as buildContent } from '@sc/content';
import { DEMO_CONTENT } from '@sc/contracts';
import { loadConfig, MemoryBus, serviceEnv, type ServiceContext } from '@sc/platform';
import { freePort } from '@sc/platform/test-kit';
import type { ContentDB } from '../../services/content/src/tables.js';
import type { TemplateName } from '../../services/render/src/pages/page-context.js';
import { Theme } from '../../services/render/src/theme/theme.js';
import { recordHits } from '../lib/analytics.js';
import { addToCart, CRUMB, makeCarts, publishBenchProduct } from '../lib/cart.js';
import { seedMugStore } from '../lib/catalog.js';
import { CpuMeter, cpuMsOf, postgresBackends } from '../lib/cpu.js';
import { BenchProcesses, REPO_ROOT, waitHealthy } from '../lib/processes.js';

const rate = Number(process.env.BENCH_RATE ?? 200);
const uncachedRate = Number(process.env.BENCH_UNCACHED_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = new Set((process.env.BENCH_ONLY ?? 'gateway,cart,embedded,analytics,pages').split(',').map((s) => s.trim()));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/9');
const redisDb = Number(redisUrl.pathname.slice(1) || 0);
const redisAt = (db: number) => Object.assign(new URL(redisUrl), { pathname: `/${db}` }).toString();
const runId = Date.now().toString(36);
const natsPrefix = process.env.NATS_PREFIX ?? `sc_bench_cpu_${runId}`;
const signingKey = randomBytes(32).toString('base64url');
const profileArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
const NEVER = /never/;
// What every process of the run shares: its own NATS prefix and Redis database, warnings only (one
// log line per request would measure the terminal), /metrics on a free port.
const common = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  IDENTITY_SIGNING_KEY: signingKey,
  NATS_URL: natsUrl,
  NATS_PREFIX: natsPrefix,
  REDIS_URL: redisAt(redisDb),
  METRICS_PORT: '0',
  CART_WRITE_LIMIT: '100000000',
};

const admin = new pg.Client({ connectionString: adminUrl });
admin.on('error', (error) => process.stderr.write(`bench admin connection: ${error.message}\n`));
await admin.connect();

interface Figure {
  rps: number;
  p99: number;
  requests: number;
  accepted: number;
  errors: number;
  /** Microseconds of CPU per request, by process group. */
  cpu: Record<string, number>;
  /** The kernel's share of each group's CPU, in per cent. */
  system: Record<string, number>;
}

type Groups = Record<string, () => Promise<number[]> | number[]>;
const pids =
  (...list: Array<number | undefined>) =>
  () =>
    list.filter((pid): pid is number => pid !== undefined);

/**
 * Runs `options` at `perSecond` for the row's seconds (or `amount` requests) with CPU metered by
 * group; a warm-up at the same rate first. `settleMs` waits after the load before the meter stops
 * (work a service does after answering, such as analytics' batched writes).
 */
async function measure(
  options: autocannon.Options,
  groups: Groups,
  extra: { perSecond?: number; amount?: number; settleMs?: number; warm?: autocannon.Options } = {},
): Promise<Figure> {
  const perSecond = extra.perSecond ?? rate;
  await autocannon({ connections, pipelining: 1, ...(extra.warm ?? options), duration: 2, overallRate: perSecond });
  const meter = new CpuMeter(groups);
  await meter.start();
  const result = await autocannon({
    connections,
    pipelining: 1,
    ...options,
    overallRate: perSecond,
    ...(extra.amount ? { amount: extra.amount } : { duration: seconds }),
  });
  if (extra.settleMs) await new Promise((resolve) => setTimeout(resolve, extra.settleMs));
  const used = await meter.stop();
  const requests = Math.max(1, result.requests.total);
  const status = (code: number) =>
    (result.statusCodeStats as Record<string, { count: number } | undefined> | undefined)?.[String(code)]?.count ?? 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    accepted: status(200) + status(201) + status(202),
    errors: result.errors + result.timeouts + result.non2xx,
    cpu: Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, Math.round((ms * 1000) / requests)])),
    system: Object.fromEntries(Object.entries(meter.systemShare).map(([name, share]) => [name, Math.round(share * 100)])),
  };
}

const lines: string[] = [];
let failed = false;
/** This run's minimal-proxy-bare-route gateway µs: the floor the issue 38 ratios divide by. */
let floorUs: number | undefined;
const floorRatio = (micros: number): Record<string, string> => (floorUs ? { 'floor-ratio': (micros / floorUs).toFixed(2) } : {});
function row(
  name: string,
  figure: Figure,
  parts: { gateway: number | string; service: number | string; postgres: number | string },
  extra: Record<string, string | number> = {},
): void {
  const tail =
    Object.entries(extra)
      .map(([key, value]) => ` ${key}=${value}`)
      .join('') +
    ` kernel%=${Object.entries(figure.system)
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k}:${v}`)
      .join(',')}`;
  const text = `cpu-per-request ${name} gateway=${parts.gateway} service=${parts.service} postgres=${parts.postgres} rps=${figure.rps.toFixed(0)} p99=${figure.p99}${tail}${figure.errors ? ` errors=${figure.errors}` : ''}`;
  if (figure.errors) failed = true;
  lines.push(text);
  process.stdout.write(`${text}\n`);
}

async function withDatabase<T>(label: string, work: (databaseUrl: string, database: string) => Promise<T>): Promise<T> {
  const database = `sc_bench_cpu_${label}_${runId}`;
  await admin.query(`create database ${database}`);
  // BENCH_PG_LOG=1: every statement of the run's databases goes to the server's log (to count round trips).
  if (process.env.BENCH_PG_LOG === '1') await admin.query(`alter database ${database} set log_statement = 'all'`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  try {
    return await work(url.toString(), database);
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  }
}

/** Starts the gateway in front of the given services; resolves with its URL once healthy. */
async function startGateway(processes: BenchProcesses, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  void processes
    .start(
      'gateway/src/main.ts',
      {
        ...common,
        PORT: String(port),
        RATE_LIMIT_MAX: '100000000',
        RATE_LIMIT_NAMESPACE: `sc:bench:rl:${randomUUID()}:`,
        CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
        ...env,
      },
      NEVER,
      profileArgs,
    )
    .catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url);
  return url;
}

/** Starts a service's main; resolves with its URL once healthy. */
async function startService(processes: BenchProcesses, entry: string, env: Record<string, string>, cwd?: string): Promise<string> {
  const port = await freePort();
  void processes.start(entry, { ...common, PORT: String(port), ...env }, NEVER, profileArgs, cwd).catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url);
  return url;
}

const lastPid = (processes: BenchProcesses) => processes.children[processes.children.length - 1]?.pid;

// 1. The gateway's own cost: a bare Fastify route called directly, then through the gateway.
async function gatewayRows(): Promise<void> {
  const processes = new BenchProcesses();
  try {
    const upstream = await processes.start('bench/gateway/upstream.ts', {}, /listening (http:\/\/\S+)/);
    const upstreamPid = lastPid(processes);
    const gateway = await startGateway(processes, { CART_URL: upstream, FALLBACK_WEBSITE_ID: `bench_${runId}` });
    const gatewayPid = lastPid(processes);
    const groups = { gateway: pids(gatewayPid), upstream: pids(upstreamPid) };
    const bare = await measure({ url: `${upstream}/api/commerce/bench` }, groups);
    row('bare-fastify', bare, { gateway: 0, service: bare.cpu.upstream!, postgres: 0 });
    // A returning visitor: the crumb cookie it was given comes back.
    const proxied = await measure({ url: `${gateway}/api/commerce/bench`, headers: { cookie: `crumb=${CRUMB}` } }, groups);
    // The floor: the least any Node hop does (node:http + undici, no steps), in the gateway column.
    const minimal = await processes.start('bench/gateway/minimal-proxy.ts', { UPSTREAM_URL: upstream }, /listening (http:\/\/\S+)/);
    const floor = await measure(
      { url: `${minimal}/api/commerce/bench` },
      { gateway: pids(lastPid(processes)), upstream: pids(upstreamPid) },
    );
    floorUs = Math.max(1, floor.cpu.gateway!);
    // The gateway's floor-ratio is its own µs (not in all) ÷ the minimal proxy's, as issue 38 states it.
    row(
      'gateway-bare-route',
      proxied,
      { gateway: proxied.cpu.gateway!, service: proxied.cpu.upstream!, postgres: 0 },
      { ratio: (proxied.cpu.gateway! / Math.max(1, bare.cpu.upstream!)).toFixed(2), ...floorRatio(proxied.cpu.gateway!) },
    );
    row(
      'minimal-proxy-bare-route',
      floor,
      { gateway: floor.cpu.gateway!, service: floor.cpu.upstream!, postgres: 0 },
      { ratio: (floor.cpu.gateway! / Math.max(1, bare.cpu.upstream!)).toFixed(2) },
    );
  } finally {
    await processes.stopAndWait();
  }
}

// 2. Add to cart through the gateway: cart service on Postgres, the product from a NATS event.
async function cartRows(): Promise<void> {
  await withDatabase('cart', async (databaseUrl, database) => {
    const processes = new BenchProcesses();
    try {
      const site = `bench_${runId}`;
      const cart = await startService(processes, 'services/cart/src/main.ts', { DATABASE_URL: databaseUrl });
      const cartPid = lastPid(processes);
      const gateway = await startGateway(processes, { CART_URL: cart, FALLBACK_WEBSITE_ID: site });
      const gatewayPid = lastPid(processes);
      const { itemId, sku } = await publishBenchProduct({ natsUrl, prefix: natsPrefix, databaseUrl, websiteId: site, gatewayUrl: gateway });
      const carts = await makeCarts(gateway, 2000);
      const figure = await measure(addToCart(gateway, carts, itemId, sku), {
        gateway: pids(gatewayPid),
        cart: pids(cartPid),
        postgres: () => postgresBackends(admin, database),
      });
      const total = figure.cpu.gateway! + figure.cpu.cart! + figure.cpu.postgres!;
      row(
        'add-to-cart-gateway',
        figure,
        { gateway: figure.cpu.gateway!, service: figure.cpu.cart!, postgres: figure.cpu.postgres! },
        { total, ...floorRatio(total) },
      );
    } finally {
      await processes.stopAndWait();
    }
  });
}

/** Add to cart in embedded mode from the checkout at `root`: the whole process's CPU per request. */
async function embeddedFigure(root: string): Promise<Figure> {
  const processes = new BenchProcesses();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cpu-embedded-'));
  try {
    const port = await freePort();
    await processes.start(
      'scripts/start-embedded.ts',
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NATS_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        CART_WRITE_LIMIT: '100000000',
        METRICS_PORT: '0',
      },
      /(is running)/,
      profileArgs,
      root,
    );
    const pid = lastPid(processes);
    const url = `http://127.0.0.1:${port}`;
    // The seeded demo shop; its digital guide never sells out under load.
    const carts = await makeCarts(url, 2000);
    return await measure(addToCart(url, carts, DEMO_CONTENT.products.guide, 'GUIDE-SOURDOUGH-PDF'), { process: pids(pid) });
  } finally {
    await processes.stopAndWait();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// 3. Add to cart in embedded mode (one process, PGlite), against main's when BENCH_CART_MAIN names a checkout.
async function embeddedRows(): Promise<void> {
  const figure = await embeddedFigure(REPO_ROOT);
  const extra: Record<string, string | number> = {};
  const mainAt = process.env.BENCH_CART_MAIN;
  if (mainAt) {
    const root = mainAt.endsWith('.ts') ? path.resolve(mainAt, '../../../..') : path.resolve(mainAt);
    const main = await embeddedFigure(root);
    Object.assign(extra, {
      main: main.cpu.process!,
      'main-p99': main.p99,
      ratio: (main.cpu.process! / Math.max(1, figure.cpu.process!)).toFixed(2),
    });
    if (main.errors) extra['main-errors'] = main.errors;
  }
  row('add-to-cart-embedded', figure, { gateway: '-', service: figure.cpu.process!, postgres: '-' }, { note: 'one-process', ...extra });
}

// 4. RecordHit through the gateway; every accepted hit must be a row once analytics has stopped.
async function analyticsRows(): Promise<void> {
  await withDatabase('analytics', async (databaseUrl, database) => {
    const processes = new BenchProcesses();
    const site = `bench_${runId}`;
    try {
      // Ingestion never touches the bus (bench/analytics/ingest.ts says why it runs without NATS).
      const analytics = await startService(processes, 'services/analytics/src/main.ts', { DATABASE_URL: databaseUrl, NATS_URL: '' });
      const analyticsChild = processes.children[processes.children.length - 1]!;
      const gateway = await startGateway(processes, { ANALYTICS_URL: analytics, FALLBACK_WEBSITE_ID: site });
      const gatewayPid = lastPid(processes);
      const hits = recordHits(gateway, site);
      const figure = await measure(
        hits('counted'),
        { gateway: pids(gatewayPid), analytics: pids(analyticsChild.pid), postgres: () => postgresBackends(admin, database) },
        { amount: rate * seconds, settleMs: 1_000, warm: hits('warm') },
      );
      // Stop analytics (it writes what it holds), then count.
      const exited = new Promise((resolve) => analyticsChild.once('exit', resolve));
      analyticsChild.kill('SIGTERM');
      await exited;
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const rows = Number(
        (await db.query<{ n: string }>(`select count(*) as n from analytics.hits where website_id = $1 and path like '/counted-%'`, [site]))
          .rows[0]?.n,
      );
      await db.end();
      if (rows !== figure.accepted) failed = true;
      row(
        'record-hit',
        figure,
        { gateway: figure.cpu.gateway!, service: figure.cpu.analytics!, postgres: figure.cpu.postgres! },
        {
          in: figure.accepted,
          out: rows,
          lost: figure.accepted - rows,
          ...floorRatio(figure.cpu.gateway! + figure.cpu.analytics! + figure.cpu.postgres!),
        },
      );
    } finally {
      await processes.stopAndWait();
    }
  });
}

/** The template engine's CPU per render of `template` with `context`, in this process (µs). */
function engineMicros(theme: Theme, template: TemplateName, context: unknown): number {
  const first = theme.render(template, context);
  if (first.errors.length > 0) throw new Error(`${template}: ${JSON.stringify(first.errors.slice(0, 3))}`);
  for (let i = 0; i < 100; i++) theme.render(template, context);
  const before = process.cpuUsage();
  let n = 0;
  const begin = Date.now();
  while (Date.now() - begin < 2_000) {
    theme.render(template, context);
    n += 1;
  }
  const used = process.cpuUsage(before);
  return Math.round((used.user + used.system) / n);
}

// 5. Product and collection pages through the gateway: content and render on Postgres, a store of
// 50 mugs. Cached: render's page cache warm. Uncached: a second render whose pages live 1 ms
// (PAGE_CACHE_TTL_MS=1, its own Redis database), so every request renders (content still answers
// from its own cache, as it does for any page render asks for).
async function pageRows(): Promise<void> {
  await withDatabase('pages', async (databaseUrl, database) => {
    const processes = new BenchProcesses();
    const site = `bench_pages_${runId}`;
    const host = `${site.replaceAll('_', '-')}.bench.example`;
    try {
      // The catalogue, written through content's own services, before content starts serving.
      const config = loadConfig(serviceEnv(0), {
        ...process.env,
        ...common,
        DATABASE_URL: databaseUrl,
        NATS_URL: '',
        REDIS_URL: '',
        PORT: '0',
      });
      const seeding = await buildContent({ config, shared: { bus: new MemoryBus({}) }, seedDemo: false });
      await seedMugStore(seeding.serviceContext as ServiceContext<ContentDB>, {
        websiteId: site,
        host,
        products: 50,
        saleEvery: 5,
        soldOutEvery: 7,
      });
      await seeding.close();
      const content = await startService(processes, 'services/content/src/main.ts', { DATABASE_URL: databaseUrl });
      const contentPid = lastPid(processes);
      const render = await startService(processes, 'services/render/src/main.ts', { DATABASE_URL: databaseUrl, CONTENT_URL: content });
      const renderPid = lastPid(processes);
      const coldRender = await startService(processes, 'services/render/src/main.ts', {
        DATABASE_URL: databaseUrl,
        CONTENT_URL: content,
        PAGE_CACHE_TTL_MS: '1',
        REDIS_URL: redisAt(redisDb + 1),
      });
      const coldRenderPid = lastPid(processes);
      const gateway = await startGateway(processes, { CONTENT_URL: content, RENDER_URL: render });
      const gatewayPid = lastPid(processes);
      // The cold render's pages are not shared (they live 1 ms); its gateway reads that render's Redis.
      const coldGateway = await startGateway(processes, { CONTENT_URL: content, RENDER_URL: coldRender, REDIS_URL: redisAt(redisDb + 1) });
      const coldGatewayPid = lastPid(processes);
      const missGateway = await startGateway(processes, { CONTENT_URL: content, RENDER_URL: render, PAGE_CACHE_MAX_BYTES: '65536' });
      const missGatewayPid = lastPid(processes);
      const twoHopGateway = await startGateway(processes, { CONTENT_URL: content, RENDER_URL: render, PAGE_CACHE_MAX_BYTES: '0' });
      const twoHopGatewayPid = lastPid(processes);
      const headers = { host, 'accept-encoding': 'gzip', cookie: `crumb=${CRUMB}` };
      // node:http, since fetch does not let a caller set Host.
      const contextOf = (pagePath: string) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          http
            .get(`${gateway}${pagePath}?format=json`, { headers: { host, cookie: `crumb=${CRUMB}` } }, (response) => {
              let text = '';
              response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
              response.on('end', () =>
                response.statusCode === 200
                  ? resolve(JSON.parse(text) as Record<string, unknown>)
                  : reject(new Error(`${pagePath} answered ${response.statusCode}: ${text.slice(0, 200)}`)),
              );
            })
            .on('error', reject);
        });
      const listing = await contextOf('/shop');
      const items = listing.items as Array<{ fullUrl: string }>;
      if (items.length !== 50) throw new Error(`the bench store should list 50 products, not ${items.length}`);
      const productPath = items[1]!.fullUrl;
      const product = await contextOf(productPath);
      const theme = Theme.load();
      const engine = { product: engineMicros(theme, 'products.item', product), collection: engineMicros(theme, 'products.list', listing) };
      const postgres = () => postgresBackends(admin, database);
      const pages = [
        ['product', productPath],
        ['collection', '/shop'],
      ] as const;
      const cachedRow = async (name: string, url: string, gatewayPidOf: number | undefined, pagePath: string) => {
        const figure = await measure(
          { url: `${url}${pagePath}`, headers },
          { gateway: pids(gatewayPidOf), render: pids(renderPid), content: pids(contentPid), postgres },
        );
        const service = figure.cpu.render! + figure.cpu.content!;
        const total = figure.cpu.gateway! + service + figure.cpu.postgres!;
        row(
          name,
          figure,
          { gateway: figure.cpu.gateway!, service, postgres: figure.cpu.postgres! },
          { render: figure.cpu.render!, content: figure.cpu.content!, total, ...floorRatio(total) },
        );
      };
      for (const [name, pagePath] of pages) await cachedRow(`${name}-page-cached`, gateway, gatewayPid, pagePath);
      await cachedRow('product-page-gateway-miss', missGateway, missGatewayPid, productPath);
      await cachedRow('product-page-render-hit', twoHopGateway, twoHopGatewayPid, productPath);
      for (const [name, pagePath] of pages) {
        const figure = await measure(
          { url: `${coldGateway}${pagePath}`, headers },
          { gateway: pids(coldGatewayPid), render: pids(coldRenderPid), content: pids(contentPid), postgres },
          { perSecond: uncachedRate },
        );
        const service = figure.cpu.render! + figure.cpu.content!;
        const engineUs = engine[name];
        row(
          `${name}-page-uncached`,
          figure,
          { gateway: figure.cpu.gateway!, service, postgres: figure.cpu.postgres! },
          {
            render: figure.cpu.render!,
            content: figure.cpu.content!,
            engine: engineUs,
            'engine-share': `${Math.round((100 * engineUs) / Math.max(1, figure.cpu.render!))}%`,
            total: figure.cpu.gateway! + service + figure.cpu.postgres!,
          },
        );
      }
    } finally {
      await processes.stopAndWait();
    }
  });
}

const started = Date.now();
process.stdout.write(
  `bench/cpu: ${rate} req/s (uncached pages ${uncachedRate}/s), ${seconds} s per row, ${connections} connections, node ${process.version}, load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
try {
  if (only.has('gateway')) await gatewayRows();
  if (only.has('cart')) await cartRows();
  if (only.has('embedded')) await embeddedRows();
  if (only.has('analytics')) await analyticsRows();
  if (only.has('pages')) await pageRows();
} catch (error) {
  failed = true;
  process.stderr.write(`bench/cpu failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await admin.end();
  process.stdout.write(
    `\nbench/cpu (${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s, this process used ${(cpuMsOf(process.pid) / 1000).toFixed(1)} s of CPU)\n${lines.join('\n')}\n`,
  );
  if (failed) process.exitCode = 1;
}
