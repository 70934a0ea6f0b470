// The fault bench of issue 39: `pnpm start:cluster --replicas 2` on a database, NATS and Redis of
// its own (a fresh Postgres database on DATABASE_URL's server, a private nats-server and
// redis-server), buyers checking out and a visitor reading pages and sending page views, while one
// part fails at a time: one replica of each service killed (SIGKILL; the launcher restarts it), every Postgres connection terminated, NATS stopped for 5 s, Redis stopped for 5 s.
// Per fault it counts the requests and their answers (5xx by code). At the end it checks: orders
// paid = checkouts answered 2xx, stock sold = orders paid, no order or idempotency key left pending
// past its lease, page views stored = page views answered 202.
//   node --conditions=@sc/source --import tsx bench/faults/run.ts   (FAULT_SECONDS=8 per phase)
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { NatsServerProcess } from '../../packages/platform/test-kit/nats-server.js';
import { RedisServerProcess } from '../../packages/platform/test-kit/redis-server.js';
import { freePort } from '../../packages/platform/test-kit/index.js';
import { UA } from '../lib/analytics.js';
import { CRUMB, publishBenchProduct } from '../lib/cart.js';
import { REPO_ROOT } from '../lib/processes.js';

const SECONDS = Number(process.env.FAULT_SECONDS || 8);
const BUYERS = Number(process.env.FAULT_BUYERS || 4);
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `faults_${randomUUID().slice(0, 8)}`;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const nats = await NatsServerProcess.start();
const redis = await RedisServerProcess.start();
const gatewayPort = await freePort();
const gateway = `http://127.0.0.1:${gatewayPort}`;
const site = `faults_${randomUUID().slice(0, 8)}`;

const cluster = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/start-cluster.ts', '--replicas', '2'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(gatewayPort),
    METRICS_PORT: '19600',
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    FALLBACK_WEBSITE_ID: site,
    RATE_LIMIT_MAX: '100000000',
    CART_WRITE_LIMIT: '100000000',
    RATE_LIMIT_NAMESPACE: `sc:faults:${site}:`,
    LOG_LEVEL: 'error',
    ANALYTICS_RECOVER_AFTER_MS: '3000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let running = false;
cluster.stdout.on('data', (chunk: Buffer) => {
  if (chunk.toString().includes('is running at')) running = true;
});
cluster.stderr.on('data', (chunk: Buffer) => process.env.FAULT_VERBOSE && process.stderr.write(chunk));
const startedAt = Date.now();
while (!running) {
  if (Date.now() - startedAt > 600_000) throw new Error('the cluster did not start');
  await sleep(500);
}
console.log(`cluster (7 services × 2 replicas + gateway) up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
const { itemId, sku } = await publishBenchProduct({ natsUrl: nats.url, databaseUrl, websiteId: site, gatewayUrl: gateway });
const initialStock = 1_000_000;

// ---- what happened, per phase
interface Tally {
  requests: number;
  byStatus: Record<string, number>;
  /** Answers other than 2xx, by route and status ("POST checkout 409"). */
  odd: Record<string, number>;
  checkoutsOk: number;
  checkoutRetries: number;
  hits202: number;
}
const phases: Array<{ name: string; tally: Tally }> = [];
let tally: Tally;
const newPhase = (name: string) => {
  tally = { requests: 0, byStatus: {}, odd: {}, checkoutsOk: 0, checkoutRetries: 0, hits202: 0 };
  phases.push({ name, tally });
};
newPhase('warm-up');
const count = (status: number | 'network', what: string) => {
  tally.requests += 1;
  if (status === 'network' || status >= 300) tally.odd[`${what} ${status}`] = (tally.odd[`${what} ${status}`] ?? 0) + 1;
  const key = status === 'network' ? 'network' : status >= 500 ? String(status) : `${Math.floor(status / 100)}xx`;
  tally.byStatus[key] = (tally.byStatus[key] ?? 0) + 1;
};
async function call(url: string, init: RequestInit): Promise<Response | undefined> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname.split('/').slice(-1)[0] || '/'}`;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(35_000) });
    count(response.status, what);
    return response;
  } catch {
    count('network', what);
    return undefined;
  }
}

const answeredOrders = new Set<string>();
let hits202 = 0;
let stop = false;

async function buyer(): Promise<void> {
  while (!stop) {
    const made = await call(`${gateway}/api/commerce/shopping-cart`, { headers: { cookie: `crumb=${CRUMB}` } });
    const cart = made?.headers.getSetCookie().find((c) => c.startsWith('ss_cart='))?.split(';')[0];
    await made?.arrayBuffer();
    if (!cart) continue;
    const headers = { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}; ${cart}` };
    const added = await call(`${gateway}/api/commerce/shopping-cart/entries`, { method: 'POST', headers, body: JSON.stringify({ itemId, sku, quantity: 1 }) });
    await added?.arrayBuffer();
    if (!added?.ok) continue;
    // The buyer retries the same checkout (same key) until it has an answer that is not a 5xx, a 409 or a network error.
    const key = randomUUID();
    for (let attempt = 0; attempt < 40 && !(stop && attempt > 20); attempt++) {
      if (attempt > 0) {
        tally.checkoutRetries += 1;
        await sleep(500);
      }
      const response = await call(`${gateway}/api/commerce/checkout`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key },
        body: JSON.stringify({
          email: 'buyer@example.com',
          shippingAddress: { name: 'Ada Buyer', line1: '1 Harbour Way', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        }),
      });
      if (!response) continue;
      const body = (await response.json().catch(() => ({}))) as { order?: { id?: string } };
      if (response.ok && body.order?.id) {
        answeredOrders.add(body.order.id);
        tally.checkoutsOk += 1;
        break;
      }
      if (response.status < 500 && response.status !== 409) break;
    }
  }
}

async function visitor(): Promise<void> {
  let n = 0;
  while (!stop) {
    const page = await call(`${gateway}/`, {});
    await page?.arrayBuffer();
    const visitorId = randomUUID();
    const data = JSON.stringify({ websiteId: site, url: `https://shop.example.com/p-${n++ % 50}`, title: 'Page', viewportWidth: 1280, viewportHeight: 800, userAgent: UA, clientDate: Date.now() });
    const hit = await call(`${gateway}/api/census/RecordHit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
      body: new URLSearchParams({ event: '1', data, ss_cvr: visitorId }).toString(),
    });
    if (hit?.status === 202) {
      const body = (await hit.json()) as { accepted?: number };
      hits202 += body.accepted ?? 0;
      tally.hits202 += body.accepted ?? 0;
    } else await hit?.arrayBuffer();
  }
}

/** The pid listening on `port` (a service replica). */
function pidOn(port: number): number | undefined {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

const loops = [...Array.from({ length: BUYERS }, () => buyer()), visitor(), visitor()];
await sleep(SECONDS * 1000);

const faults: Array<[string, () => Promise<void>]> = [
  ['none (baseline)', async () => undefined],
  ['kill cart replica', async () => void process.kill(pidOn(4101)!, 'SIGKILL')],
  ['kill render replica', async () => void process.kill(pidOn(4107)!, 'SIGKILL')],
  ['kill analytics replica', async () => void process.kill(pidOn(4105)!, 'SIGKILL')],
  ['kill content replica', async () => void process.kill(pidOn(4106)!, 'SIGKILL')],
  ['kill identity replica', async () => void process.kill(pidOn(4104)!, 'SIGKILL')],
  ['kill forms replica', async () => void process.kill(pidOn(4102)!, 'SIGKILL')],
  ['kill restock replica', async () => void process.kill(pidOn(4103)!, 'SIGKILL')],
  [
    'Postgres connections terminated',
    async () => {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      await sleep(2_000);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
    },
  ],
  [
    'NATS down 5 s',
    async () => {
      await nats.stop();
      await sleep(5_000);
      await nats.restart();
    },
  ],
  [
    'Redis down 5 s',
    async () => {
      await redis.stop();
      await sleep(5_000);
      await redis.restart();
    },
  ],
];
for (const [name, fault] of faults) {
  newPhase(name);
  const until = Date.now() + SECONDS * 1000;
  await fault();
  await sleep(Math.max(0, until - Date.now()));
}
newPhase('after (retries finishing)');
stop = true;
await Promise.all(loops);

// ---- checks, after the leases (10 s) and a sweep have passed and analytics recovery has run
await sleep(15_000);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const orders = await db.query<{ status: string; n: string }>('select status, count(*) as n from cart.orders where website_id = $1 group by status', [site]);
const paidIds = new Set((await db.query<{ id: string }>(`select id from cart.orders where website_id = $1 and status = 'paid'`, [site])).rows.map((r) => r.id));
const stock = await db.query<{ qty: number }>('select qty from cart.stock where website_id = $1 and product_id = $2', [site, itemId]);
const stuck = await db.query<{ orders: string; keys: string }>(
  `select (select count(*) from cart.orders where website_id = $1 and status = 'pending' and lease_until < now()) as orders,
          (select count(*) from cart.idempotency_keys where status_code is null and lease_until < now()) as keys`,
  [site],
);
let stored = 0;
for (let i = 0; i < 30; i++) {
  stored = Number((await db.query<{ n: string }>('select count(*) as n from analytics.hits where website_id = $1', [site])).rows[0]!.n);
  if (stored >= hits202) break;
  await sleep(2_000);
}
const restarts = await fetch(`${gateway}/healthz`).then((r) => r.status, () => 0);
// Every replica back (its own /readyz; the launcher restarted the killed ones).
const replicaPorts = [4101, 4102, 4103, 4104, 4105, 4106, 4107].flatMap((port) => [port, port + 100]);
const down: number[] = [];
for (const port of replicaPorts) {
  let ok = false;
  for (let i = 0; i < 60 && !ok; i++) {
    ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (!ok) await sleep(1_000);
  }
  if (!ok) down.push(port);
}

console.log('\nper fault (requests through the gateway; 5xx by code; network = no answer):');
console.log('| fault | requests | 2xx | 4xx | 5xx | 5xx % | checkouts 2xx | checkout retries | page views 202 |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { name, tally: t } of phases) {
  const fivexx = Object.entries(t.byStatus).filter(([k]) => /^5\d\d$|network/.test(k));
  const bad = fivexx.reduce((sum, [, n]) => sum + n, 0);
  const detail = fivexx.map(([k, n]) => `${k}:${n}`).join(' ');
  console.log(`| ${name} | ${t.requests} | ${t.byStatus['2xx'] ?? 0} | ${t.byStatus['4xx'] ?? 0} | ${bad}${detail ? ` (${detail})` : ''} | ${((100 * bad) / Math.max(1, t.requests)).toFixed(2)} | ${t.checkoutsOk} | ${t.checkoutRetries} | ${t.hits202} |`);
}
console.log('\nanswers other than 2xx, per fault:');
for (const { name, tally: t } of phases) {
  const odd = Object.entries(t.odd).map(([k, n]) => `${k}: ${n}`).join(', ');
  if (odd) console.log(`  ${name}: ${odd}`);
}
const paidNotAnswered = [...paidIds].filter((id) => !answeredOrders.has(id)).length;
const answeredNotPaid = [...answeredOrders].filter((id) => !paidIds.has(id)).length;
const sold = initialStock - (stock.rows[0]?.qty ?? NaN);
console.log('\nat the end:');
console.log(`  orders by status: ${orders.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
console.log(`  checkouts answered 2xx: ${answeredOrders.size}; paid orders: ${paidIds.size}; paid but answered failure/none: ${paidNotAnswered}; answered but not paid: ${answeredNotPaid}`);
console.log(`  stock sold: ${sold} (paid orders ${paidIds.size})`);
console.log(`  pending orders past lease: ${stuck.rows[0]!.orders}; idempotency keys past lease: ${stuck.rows[0]!.keys}`);
console.log(`  page views answered 202: ${hits202}; stored: ${stored}`);
console.log(`  gateway healthz after: ${restarts}; replicas ready: ${replicaPorts.length - down.length} of ${replicaPorts.length}${down.length ? ` (down: ${down.join(', ')})` : ''}`);

await db.end();
cluster.kill('SIGINT');
await new Promise((resolve) => cluster.once('exit', resolve));
await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
await admin.end();
await nats.stop();
await redis.stop();
