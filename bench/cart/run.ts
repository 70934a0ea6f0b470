// bench/cart: add-to-cart through the gateway (stock check, totals, outbox) against a baseline
// measured in the same run: a bare Fastify route doing one INSERT ... RETURNING on the same
// Postgres through a pg pool, called directly. Distributed mode: the cart service and the gateway
// run as their own processes on real Postgres, NATS and Redis; a fresh database per run. Then
// the same add-to-cart in embedded mode (one process, PGlite), against the same baseline figure.
//   node --conditions=@sc/source --import tsx bench/cart/run.ts
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_EMBEDDED=0 ... (defaults: 10 s, 50 connections, embedded on)
//   BENCH_PROFILE=/tmp/prof: CPU profiles of the cart service and the gateway (node --cpu-prof)
//   BENCH_RATE=200: a fixed request rate, to compare CPU per request at equal load
//   BENCH_CART_MAIN=/tmp/old/services/cart/src/main.ts: measure another build of the cart service
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_CONTENT } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { addToCart, CRUMB, makeCarts, publishBenchProduct } from '../lib/cart.js';
import { CpuMeter, postgresBackends } from '../lib/cpu.js';
import { BenchProcesses, waitHealthy } from '../lib/processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_RATE=200: every measurement sends that many requests per second at most, so CPU per
// request compares at the same load (a process answering few requests per turn of its event
// loop pays more per request).
const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CARTS = 2000;
const processes = new BenchProcesses();
const start = processes.start.bind(processes);
const children = processes.children;

interface Figure {
  rps: number;
  p99: number;
  errors: number;
  /** Microseconds of CPU per request, by process group. */
  cpu?: Record<string, number>;
}

async function measure(options: autocannon.Options, duration = seconds, meter?: CpuMeter): Promise<Figure> {
  await meter?.start();
  const result = await autocannon({ connections, pipelining: 1, ...options, duration, ...(rate ? { overallRate: rate } : {}) });
  const used = await meter?.stop();
  const requests = Math.max(1, result.requests.total);
  const cpu = used && Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, Math.round((ms * 1000) / requests)]));
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ...(cpu ? { cpu } : {}),
  };
}

const line = (name: string, r: Figure, base?: Figure) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}` +
  (base ? `   ratio ${(r.rps / base.rps).toFixed(3)}x` : '') +
  (r.cpu
    ? `\n${''.padEnd(34)} CPU µs per request: ${Object.entries(r.cpu)
        .filter(([, us]) => us > 0)
        .map(([name, us]) => `${name} ${us}`)
        .join(', ')}`
    : '');

const database = `sc_bench_cart_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
// Other work on a shared server may end this session (e.g. a DROP DATABASE ... WITH (FORCE)
// elsewhere); without a listener, node-postgres would take the whole run down with it.
admin.on('error', (error) => process.stderr.write(`bench admin connection: ${error.message}\n`));
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cart-'));
const report: string[] = [];

try {
  const key = randomBytes(32).toString('base64url');
  const site = `bench_${Date.now().toString(36)}`;
  const baseline = await start('bench/cart/baseline.ts', { DATABASE_URL: databaseUrl }, /listening (http:\/\/\S+)/);
  const cartPort = await freePort();
  const gatewayPort = await freePort();
  // BENCH_PROFILE=<dir>: the cart service, the gateway and the embedded platform write CPU profiles there when they stop.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const common = {
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    IDENTITY_SIGNING_KEY: key,
    CART_WRITE_LIMIT: '100000000',
  };
  // BENCH_CART_MAIN=<path>: another build of the cart service (e.g. an older commit unpacked elsewhere), for a before/after.
  void start(process.env.BENCH_CART_MAIN ?? 'services/cart/src/main.ts', { ...common, PORT: String(cartPort) }, /never/, profile).catch(
    () => undefined,
  );
  const cartUrl = `http://127.0.0.1:${cartPort}`;
  await waitHealthy(cartUrl);
  // A gateway in front of `cartUrl`. No content service in this run: every host is the fallback
  // website, the bench's shop.
  const startGateway = async (port: number, cartUrl: string): Promise<string> => {
    void start(
      'gateway/src/main.ts',
      {
        ...common,
        PORT: String(port),
        CART_URL: cartUrl,
        CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
        FALLBACK_WEBSITE_ID: site,
        RATE_LIMIT_MAX: '100000000',
        RATE_LIMIT_NAMESPACE: `sc:bench:rl:${randomUUID()}:`,
      },
      /never/,
      profile,
    ).catch(() => undefined);
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url);
    return url;
  };
  const gatewayUrl = await startGateway(gatewayPort, cartUrl);
  // A second gateway, configured alike, in front of the baseline: the same INSERT through the hop.
  const ceilingUrl = await startGateway(await freePort(), baseline);

  // The product arrives as content would send it: an event on NATS, consumed by the cart.
  const { itemId: productId } = await publishBenchProduct({ natsUrl, databaseUrl, websiteId: site, gatewayUrl });
  const carts = await makeCarts(gatewayUrl, CARTS);
  const baselineOptions: autocannon.Options = {
    url: `${baseline}/bench/insert`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: productId, quantity: 1 }),
  };
  const ceilingOptions: autocannon.Options = {
    ...baselineOptions,
    url: `${ceilingUrl}/api/commerce/bench/insert`,
    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}` },
  };
  const cartOptions = addToCart(gatewayUrl, carts, productId, 'BENCH-MUG');
  // Warm every path (JIT, pools) before measuring.
  await measure(baselineOptions, 2);
  await measure(ceilingOptions, 2);
  await measure(cartOptions, 2);
  // CPU per request of each part (the Postgres figure counts this database's backends only).
  const [baselinePid, cartPid, gatewayPid, ceilingPid] = children.map((c) => c.pid);
  const meter = new CpuMeter({
    baseline: () => (baselinePid ? [baselinePid] : []),
    gateway: () => [gatewayPid, ceilingPid].filter((pid): pid is number => pid !== undefined),
    cart: () => (cartPid ? [cartPid] : []),
    postgres: () => postgresBackends(admin, database),
  });
  const bare = await measure(baselineOptions, seconds, meter);
  const ceiling = await measure(ceilingOptions, seconds, meter);
  const distributed = await measure(cartOptions, seconds, meter);
  // The same calls straight to the cart service (the website header set as the gateway would), to
  // show what the hop costs.
  const directOptions = addToCart(cartUrl, carts, productId, 'BENCH-MUG');
  directOptions.headers = { ...directOptions.headers, 'x-website-id': site };
  const direct = await measure(directOptions, seconds, meter);
  report.push(
    line('baseline INSERT ... RETURNING', bare),
    line('the same INSERT via a gateway', ceiling, bare),
    line('add-to-cart via gateway (dist.)', distributed, bare) +
      `   (to the INSERT via a gateway: ${(distributed.rps / ceiling.rps).toFixed(3)}x)`,
    line('add-to-cart direct to cart (dist.)', direct, bare),
  );

  if (process.env.BENCH_EMBEDDED !== '0') {
    for (const child of children.splice(1)) child.kill('SIGTERM');
    const embeddedPort = await freePort();
    await start(
      'scripts/start-embedded.ts',
      {
        PORT: String(embeddedPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NATS_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        CART_WRITE_LIMIT: '100000000',
      },
      /(is running)/,
      profile,
    );
    const embeddedUrl = `http://127.0.0.1:${embeddedPort}`;
    // The seeded demo shop (the fallback website). Its limited-stock products would sell out under
    // load, so this figure adds the demo's digital guide: the same path without the stock read.
    const embeddedCarts = await makeCarts(embeddedUrl, CARTS);
    const embeddedOptions = addToCart(embeddedUrl, embeddedCarts, DEMO_CONTENT.products.guide, 'GUIDE-SOURDOUGH-PDF');
    await measure(embeddedOptions, 2);
    const embedded = await measure(embeddedOptions);
    report.push(line('add-to-cart via gateway (embedded)', embedded, bare));
  }
  process.stdout.write(
    `\nbench/cart (${connections} connections, ${seconds} s each, ${new Date().toISOString()})\n${report.join('\n')}\n` +
      `goal: add-to-cart at 0.8x of the baseline or better, p99 under 50 ms\n`,
  );
  if ([bare, ceiling, distributed, direct].some((f) => f.errors > 0)) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
