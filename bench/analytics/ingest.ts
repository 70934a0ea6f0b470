// bench/analytics/ingest: ingestion through the gateway against the gateway's bare route in the
// same run, in distributed mode (the analytics service, the gateway and a bare upstream as their
// own processes; real Postgres in a fresh database and Redis):
//   1. the bare route (bench/gateway/upstream.ts) through the gateway: the baseline;
//   2. RecordHit (form-encoded page views, one per request, a pool of visitor cookies);
//   3. performance records in batches of 50 per request.
// Then a fixed number of calls of each kind (autocannon's timed runs cannot tell whether the calls
// in flight when they stop were taken), the analytics service is stopped (SIGTERM: it writes what
// it holds), and every 202 of those is looked for in the database: accepted and rows must be equal.
//   node --conditions=@sc/source --import tsx bench/analytics/ingest.ts
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_BATCH=50 BENCH_ROUNDS=3 BENCH_CHECK=20000 (defaults)
//   BENCH_PROFILE=/tmp/prof: CPU profiles of the analytics service and the gateway (node --cpu-prof)
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '@sc/platform/test-kit';
import { recordHits, UA } from '../lib/analytics.js';
import { CRUMB } from '../lib/cart.js';
import { CpuMeter, postgresBackends } from '../lib/cpu.js';
import { BenchProcesses, waitHealthy } from '../lib/processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const batch = Number(process.env.BENCH_BATCH ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const processes = new BenchProcesses();
const start = processes.start.bind(processes);

interface Figure {
  /** Answers per second (any status). */
  rps: number;
  /** 200/202 answers per second. */
  acceptedRps: number;
  p99: number;
  accepted: number;
  busy: number;
  errors: number;
  /** Microseconds of CPU per request, by process. */
  cpu?: Record<string, number>;
}

let meter: CpuMeter | undefined;

async function measure(options: autocannon.Options, duration = seconds, amount?: number): Promise<Figure> {
  await meter?.start();
  const result = await autocannon({ connections, pipelining: 1, ...options, ...(amount ? { amount } : { duration }) });
  const used = await meter?.stop();
  const requests = Math.max(1, result.requests.total);
  const cpu = used && Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, Math.round((ms * 1000) / requests)]));
  const status = (code: number) =>
    (result.statusCodeStats as Record<string, { count: number } | undefined> | undefined)?.[String(code)]?.count ?? 0;
  const ok = status(200) + status(202);
  return {
    rps: result.requests.average,
    acceptedRps: ok / (result.duration || 1),
    p99: result.latency.p99,
    accepted: ok,
    busy: status(503),
    errors: result.errors + result.timeouts + result.non2xx - status(503),
    ...(cpu ? { cpu } : {}),
  };
}

const line = (name: string, r: Figure, unit = 'req/s', perRequest = 1) =>
  `${name.padEnd(38)} ${(r.acceptedRps * perRequest).toFixed(0).padStart(8)} ${unit.padEnd(9)} accepted  p99 ${String(r.p99).padStart(4)} ms   503 ${r.busy}   errors ${r.errors}` +
  (r.cpu
    ? `\n${''.padEnd(38)} CPU µs per request: ${Object.entries(r.cpu)
        .map(([name, us]) => `${name} ${us}`)
        .join(', ')}`
    : '');

const database = `sc_bench_analytics_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
const report: string[] = [];

try {
  const key = randomBytes(32).toString('base64url');
  const site = `bench_${Date.now().toString(36)}`;
  const common = { NATS_URL: natsUrl, REDIS_URL: redisUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn', IDENTITY_SIGNING_KEY: key };
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const upstream = await start('bench/gateway/upstream.ts', {}, /listening (http:\/\/\S+)/);
  const analyticsPort = await freePort();
  // Ingestion never touches the bus; without NATS here the service's consumers cannot spend the
  // measurement working through other runs' backlog on a shared NATS server.
  void start(
    'services/analytics/src/main.ts',
    { ...common, NATS_URL: '', DATABASE_URL: databaseUrl, PORT: String(analyticsPort) },
    /never/,
    profile,
  ).catch(() => undefined);
  const analyticsUrl = `http://127.0.0.1:${analyticsPort}`;
  await waitHealthy(analyticsUrl);
  const analytics = processes.children[processes.children.length - 1]!;
  const gatewayPort = await freePort();
  // As bench/gateway runs it (memory rate limit with a limit the load cannot reach); no content
  // service: every host is the fallback website, the bench's site.
  void start(
    'gateway/src/main.ts',
    {
      ...common,
      REDIS_URL: '',
      PORT: String(gatewayPort),
      CART_URL: upstream,
      ANALYTICS_URL: analyticsUrl,
      CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
      FALLBACK_WEBSITE_ID: site,
      RATE_LIMIT_MAX: '100000000',
    },
    /never/,
    profile,
  ).catch(() => undefined);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitHealthy(gatewayUrl);
  // CPU per request of each part, from the last round (the Postgres figure counts this database's backends).
  const [upstreamPid, analyticsPid, gatewayPid] = processes.children.map((c) => c.pid);
  const cpuGroups = {
    gateway: () => (gatewayPid ? [gatewayPid] : []),
    upstream: () => (upstreamPid ? [upstreamPid] : []),
    analytics: () => (analyticsPid ? [analyticsPid] : []),
    postgres: () => postgresBackends(admin, database),
    load: () => [process.pid],
  };

  const cookie = `crumb=${CRUMB}`;
  const bareOptions: autocannon.Options = { url: `${gatewayUrl}/api/commerce/bench`, headers: { cookie } };
  const hitOptions = recordHits(gatewayUrl, site);
  // The bare route again, called as RecordHit is (its headers and body, plus the crumb a POST to
  // it needs): what the gateway's hop of such a call costs with nothing behind it.
  const barePostOptions: autocannon.Options = {
    ...hitOptions('bare'),
    url: `${gatewayUrl}/api/commerce/bench`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA, 'x-csrf-token': CRUMB },
  };
  const metrics = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
  const perfBody = (pageLoadId: string) =>
    JSON.stringify({
      pageLoadId,
      url: 'https://shop.example.com/',
      records: Array.from({ length: batch }, (_, i) => ({
        metric: metrics[i % metrics.length],
        value: metrics[i % metrics.length] === 'CLS' ? 0.05 : 100 + i * 37,
      })),
    });
  const perfOptions = (pageLoadId: string): autocannon.Options => ({
    url: `${gatewayUrl}/api/1/performance/records`,
    method: 'POST',
    // A beacon: no crumb header.
    headers: { 'content-type': 'application/json', cookie, 'user-agent': UA },
    body: perfBody(pageLoadId),
  });

  // Warm every path (JIT, pools) before measuring.
  await measure(bareOptions, 2);
  await measure(hitOptions('page'), 2);
  await measure(barePostOptions, 2);
  await measure(perfOptions(randomUUID()), 2);
  // Rounds of bare, RecordHit, performance in turn: a machine shared with other work changes
  // speed from minute to minute, so each ratio compares neighbours and the median is reported.
  const rounds: Array<{ bare: Figure; barePost: Figure; hits: Figure; perf: Figure }> = [];
  meter = new CpuMeter(cpuGroups);
  for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
    rounds.push({
      bare: await measure(bareOptions),
      barePost: await measure(barePostOptions),
      hits: await measure(hitOptions('page')),
      perf: await measure(perfOptions(randomUUID())),
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const mid = (pick: (r: (typeof rounds)[number]) => Figure): Figure => {
    const figures = rounds.map(pick);
    const cpu = figures[figures.length - 1]?.cpu;
    return {
      ...(cpu ? { cpu } : {}),
      rps: median(figures.map((f) => f.rps)),
      acceptedRps: median(figures.map((f) => f.acceptedRps)),
      p99: median(figures.map((f) => f.p99)),
      accepted: figures.reduce((n, f) => n + f.accepted, 0),
      busy: figures.reduce((n, f) => n + f.busy, 0),
      errors: figures.reduce((n, f) => n + f.errors, 0),
    };
  };
  const bare = mid((r) => r.bare);
  const barePost = mid((r) => r.barePost);
  const hits = mid((r) => r.hits);
  const perf = mid((r) => r.perf);
  const hitRatio = median(rounds.map((r) => r.hits.acceptedRps / r.bare.acceptedRps));
  const hitPostRatio = median(rounds.map((r) => r.hits.acceptedRps / r.barePost.acceptedRps));
  const perfRatio = median(rounds.map((r) => r.perf.acceptedRps / r.bare.acceptedRps));
  meter = undefined;
  // The loss check: a fixed number of calls, every answer counted.
  const checkLoadId = randomUUID();
  const checkHits = await measure(hitOptions('check'), seconds, Number(process.env.BENCH_CHECK ?? 20_000));
  const checkPerf = await measure(perfOptions(checkLoadId), seconds, Number(process.env.BENCH_CHECK ?? 20_000) / 10);

  // Stop analytics: it writes everything it accepted before it exits.
  const stopped = new Promise<number | null>((resolve) => analytics.once('exit', (code) => resolve(code)));
  const stopAt = Date.now();
  analytics.kill('SIGTERM');
  const exitCode = await stopped;
  const drainMs = Date.now() - stopAt;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const value = async (query: string, params: unknown[]) => Number((await db.query<{ n: number }>(query, params)).rows[0]?.n);
  const hitRows = await value(`select count(*)::int8 as n from analytics.hits where website_id = $1 and path like '/check-%'`, [site]);
  const pageViews = await value(
    `select coalesce(sum(views), 0)::int8 as n from analytics.page_daily where website_id = $1 and path like '/check-%'`,
    [site],
  );
  const perfRows = await value('select count(*)::int8 as n from analytics.perf_records where website_id = $1 and page_load_id = $2', [
    site,
    checkLoadId,
  ]);
  await db.end();
  const acceptedHits = checkHits.accepted;
  const acceptedPerf = checkPerf.accepted * batch;

  report.push(
    `medians of ${rounds.length} rounds; ratios: median of each round's figure over that round's bare route`,
    line('bare route via gateway', bare),
    line('bare route via gateway, as RecordHit', barePost),
    `${line('RecordHit via gateway', hits, 'events/s')}   ratio ${hitRatio.toFixed(3)}x (to the bare route called as RecordHit: ${hitPostRatio.toFixed(3)}x)`,
    `${line(`performance records x${batch} via gateway`, perf, 'records/s', batch)}   ratio ${perfRatio.toFixed(3)}x (requests)`,
    `rounds (bare / bare as RecordHit / RecordHit / performance, accepted requests per second): ${rounds.map((r) => `${r.bare.acceptedRps.toFixed(0)}/${r.barePost.acceptedRps.toFixed(0)}/${r.hits.acceptedRps.toFixed(0)}/${r.perf.acceptedRps.toFixed(0)}`).join(', ')}`,
    '',
    line(`loss check: RecordHit x${checkHits.accepted + checkHits.busy + checkHits.errors}`, checkHits, 'events/s'),
    line(`loss check: performance x${checkPerf.accepted + checkPerf.busy + checkPerf.errors}`, checkPerf, 'records/s', batch),
    `RecordHit: ${acceptedHits} accepted (202), ${hitRows} rows, ${pageViews} page views in the rollups: ${acceptedHits === hitRows && hitRows === pageViews ? '0 lost' : 'MISMATCH'}`,
    `performance: ${acceptedPerf} records accepted (202), ${perfRows} rows: ${acceptedPerf === perfRows ? '0 lost' : 'MISMATCH'}`,
    `analytics stopped with exit code ${String(exitCode)} after ${drainMs} ms (draining its buffer)`,
    `goals: RecordHit 0.8x of the bare route or better; performance records 20,000/s or more; 0 lost`,
  );
  if (acceptedHits !== hitRows || acceptedPerf !== perfRows || exitCode !== 0) process.exitCode = 1;
} finally {
  processes.stopAll();
  process.stdout.write(
    `\nbench/analytics/ingest (${connections} connections, ${seconds} s each, ${new Date().toISOString()})\n${report.join('\n')}\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
}
