// bench/security/cache-rss: issue 19's row "12,000 distinct page URLs: gateway/render RSS 575 MB →
// 1.28 GB and climbing". Starts the platform (`pnpm start`, and `pnpm start:cluster` against the
// local Postgres, NATS and Redis), asks the gateway for 50,000 distinct page URLs (paths, query
// strings, hosts: every one a new key for each cache on the way) and prints the resident memory
// of the gateway and render (one process in embedded mode; their sum in cluster mode) after
// warm-up, at 12,000 and at 50,000 URLs. `ok` when it stays under 700 MB, otherwise `FAIL`.
//   node --conditions=@sc/source --import tsx bench/security/cache-rss.ts          (both modes)
//   BENCH_MODES=embedded BENCH_URLS=12000 BENCH_STEP=2000 node ... bench/security/cache-rss.ts
// Cluster mode uses the fixed service ports (4101–4107) and its own database (sc_bench_rss,
// created and seeded here) and Redis database 7, so it leaves other runs' data alone.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@sc/platform/test-kit';
import { REPO_ROOT } from '../lib/processes.js';

const TOTAL = Number(process.env.BENCH_URLS ?? 50_000);
const CHECKPOINT = 12_000;
const STEP = Number(process.env.BENCH_STEP ?? 5_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LIMIT_MB = 700;
const modes = (process.env.BENCH_MODES ?? 'embedded,cluster').split(',');

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
}

/** The pids of `parent`'s children whose command line contains `needle`. */
function childPids(parent: number, needle: string): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(needle))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** The i-th distinct URL: a new cache key for render's page cache, and every 10th a new host for the gateway's. */
function urlOf(i: number): { path: string; host?: string } {
  const shapes = [
    `/shop?tag=bench-${i}`,
    `/shop?category=bench-${i}`,
    `/blog?cursor=bench-${i}`,
    `/search?q=bench+${i}`,
    `/bench-missing-page-${i}`,
    `/?format=json&tag=bench-${i}`,
    `/events?tag=bench-${i}`,
    `/gallery?category=bench-${i}`,
  ];
  const path = shapes[i % shapes.length] ?? '/';
  return i % 10 === 9 ? { path, host: `site-${i}.bench.invalid` } : { path };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET through the gateway (node:http, since fetch may not set Host); answers the status, 0 when it failed. */
function get(base: string, p: string, host?: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      `${base}${p}`,
      { agent, headers: { 'accept-encoding': 'gzip', ...(host ? { host } : {}) }, timeout: 30_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
  });
}

/** The first few URLs answered 5xx or not at all, shown with the figures. */
const failures: string[] = [];

async function ask(base: string, i: number, statuses: Map<number, number>): Promise<void> {
  const { path: p, host } = urlOf(i);
  const status = await get(base, p, host);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if ((status === 0 || status >= 500) && failures.length < 5) failures.push(`${status} ${host ?? ''}${p}`);
}

/** Sends URLs `from`..`to`-1, CONCURRENCY at a time. */
async function sweep(base: string, from: number, to: number, statuses: Map<number, number>): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await ask(base, next++, statuses);
    }),
  );
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode})`);
    if (
      (await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

interface Run {
  mode: string;
  figures: Array<{ at: number; mb: number }>;
  statuses: Map<number, number>;
}

async function run(mode: 'embedded' | 'cluster'): Promise<Run> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-rss-'));
  // One client sends every request: the per-client limit would answer 429 long before 50,000.
  // Pages stay cached for an hour (the default is a minute): a slow or busy machine then fills the
  // caches as a fast attacker would, instead of seeing old pages expire as new ones arrive.
  const common = {
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '10000000',
    RATE_LIMIT_NAMESPACE: 'sc:bench-rss:rl:',
    PAGE_CACHE_TTL_MS: '3600000',
  };
  const cluster = {
    DATABASE_URL: `${(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/sc_bench_rss`,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/7',
  };
  const env =
    mode === 'embedded' ? { ...common, DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', REDIS_URL: '' } : { ...common, ...cluster };
  if (mode === 'cluster') {
    const admin = cluster.DATABASE_URL.replace(/\/sc_bench_rss$/, '/postgres');
    execFileSync('psql', [admin, '-qc', 'DROP DATABASE IF EXISTS sc_bench_rss WITH (FORCE)', '-c', 'CREATE DATABASE sc_bench_rss'], {
      stdio: 'inherit',
    });
    execFileSync(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/seed.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  // Exactly what `pnpm start` / `pnpm start:cluster` run (the embedded one sizes the V8 heap and
  // glibc's arenas there); `exec` keeps the pid that of node.
  const script = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
    mode === 'embedded' ? 'start' : 'start:cluster'
  ];
  const launch = () =>
    spawn('sh', ['-c', `exec ${script}`], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (mode === 'embedded') {
    // The first start seeds the demo site (drawing and storing its pictures): a one-off peak that
    // is not what this bench measures. Seed in a first run, then measure a second start on it.
    const seeding = launch();
    const seeded = new Promise((resolve) => seeding.once('exit', resolve));
    try {
      await waitFor(`http://127.0.0.1:${port}/shop`, seeding);
    } finally {
      seeding.kill('SIGINT');
      await seeded;
    }
  }
  const child = launch();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`, child);
    await waitFor(`${base}/shop`, child);
    const pids =
      mode === 'embedded'
        ? [child.pid ?? 0]
        : [...childPids(child.pid ?? 0, 'gateway/src/main.ts'), ...childPids(child.pid ?? 0, 'services/render/src/main.ts')];
    if (pids.length !== (mode === 'embedded' ? 1 : 2))
      throw new Error(`expected the gateway and render processes, found ${pids.join(',')}`);
    const mb = () => pids.reduce((sum, pid) => sum + rssMb(pid), 0);
    const statuses = new Map<number, number>();
    // Warm-up: every shape once, so the figure before is of a running site, not a cold one.
    await sweep(base, 10_000_000, 10_000_000 + WARMUP, new Map());
    const figures = [{ at: 0, mb: mb() }];
    // A figure every STEP URLs and at the issue's 12,000.
    const marks = [...new Set([...Array.from({ length: Math.floor(TOTAL / STEP) }, (_, i) => (i + 1) * STEP), CHECKPOINT, TOTAL])]
      .filter((n) => n <= TOTAL)
      .sort((a, b) => a - b);
    let done = 0;
    for (const mark of marks) {
      await sweep(base, done, mark, statuses);
      done = mark;
      figures.push({ at: mark, mb: mb() });
      process.stderr.write(`  ${mode}: ${mark.toLocaleString('en')} URLs, ${figures.at(-1)?.mb.toFixed(0)} MB\n`);
    }
    return { mode, figures, statuses };
  } finally {
    child.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
let failed = false;
for (const mode of modes) {
  if (mode !== 'embedded' && mode !== 'cluster') throw new Error(`unknown mode ${mode}`);
  const { figures, statuses } = await run(mode);
  const peak = Math.max(...figures.map((f) => f.mb));
  const ok = peak < LIMIT_MB && !statuses.has(0) && ![...statuses.keys()].some((s) => s >= 500);
  failed ||= !ok;
  const trail = figures.map((f) => `${f.mb.toFixed(0)} MB${f.at ? ` at ${f.at.toLocaleString('en')}` : ' warm'}`).join(' → ');
  const answered = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${mode.padEnd(8)} gateway+render RSS ${trail} (limit ${LIMIT_MB} MB; answers ${answered})`);
  if (failures.length > 0) lines.push(`     first failed answers: ${failures.splice(0).join(', ')}`);
}
agent.destroy();
process.stdout.write(
  `\nbench/security/cache-rss (${new Date().toISOString()}): ${TOTAL.toLocaleString('en')} distinct page URLs through the gateway\n${lines.join('\n')}\n`,
);
if (failed) process.exitCode = 1;
