// Many websites on one deployment (issue 34): `pnpm start:cluster` (every service its own process,
// on the local Postgres in a database of this run's own, NATS under its own prefix, Redis database
// 8), one owner creates BENCH_WEBSITES websites (default 1,000) through the gateway, one after the
// other, cycling through the six designs. Reported:
//  - time per creation (the POST's answer, all of the website's content written): p50, p95, max;
//  - each process's resident memory (RSS, from ps) with 1 website and with all of them;
//  - p50/p99 of the first website's home page, cached (the same URL again) and uncached (a
//    `?cursor=` of its own each time, which the page cache keys on), with 1 and with all websites,
//    measured one request at a time (BENCH_PAGES requests each, default 300).
// Run: node --conditions=@sc/source --import tsx bench/websites/run.ts
// Options (env): BENCH_WEBSITES, BENCH_PAGES, BENCH_PG (postgres://postgres@127.0.0.1:5432).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DESIGN_IDS, type CreatedWebsite } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import { REPO_ROOT } from '../lib/processes.js';

const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 1_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 300);

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One browser at one host: its cookies, the crumb repeated in unsafe calls. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly port: number,
    readonly host: string,
  ) {}

  async call(method: string, pathname: string, body?: unknown): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('crumb')) await this.call('GET', '/api/auth/session');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: pathname,
          headers: {
            host: `${this.host}:${this.port}`,
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('crumb') ?? '' } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const at = pair.indexOf('=');
            this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** RSS (MB) of every process under the launcher, by the entry it runs. */
function rssByProcess(launcher: number): Record<string, number> {
  const out = execFileSync('ps', ['-eo', 'pid,ppid,rss,args', '--no-headers'], { encoding: 'utf8' });
  const rows = out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4);
  const result: Record<string, number> = {};
  for (const [pid, ppid, rss, ...args] of rows) {
    if (Number(ppid) !== launcher || !pid) continue;
    const entry = args.find((a) => /services\/\w+\/src\/main\.ts|gateway\/src\/main\.ts/.test(a)) ?? args.join(' ');
    const name = /services\/(\w+)\//.exec(entry)?.[1] ?? (entry.includes('gateway') ? 'gateway' : entry.slice(0, 30));
    result[name] = Math.round(Number(rss) / 1024);
  }
  return result;
}

async function pageTimes(client: Client, uncached: boolean): Promise<{ p50: number; p99: number; misses: number }> {
  const times: number[] = [];
  let misses = 0;
  for (let i = 0; i < PAGES; i++) {
    const started = performance.now();
    const answer = await client.call('GET', uncached ? `/?cursor=bench-${Date.now()}-${i}` : '/');
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`the page answered ${answer.status}`);
    if (answer.headers['x-render-cache'] === 'miss') misses++;
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), misses };
}

const port = await freePort();
const database = `${(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/sc_bench_websites`;
const assetsDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-websites-'));
execFileSync(
  'psql',
  [
    database.replace(/\/sc_bench_websites$/, '/postgres'),
    '-qc',
    'DROP DATABASE IF EXISTS sc_bench_websites WITH (FORCE)',
    '-c',
    'CREATE DATABASE sc_bench_websites',
  ],
  { stdio: 'inherit' },
);
execFileSync('redis-cli', ['-n', '8', 'flushdb'], { stdio: 'ignore' });
// The bench owner's sign-up link arrives here (sign-up answers the same for any address, issue 40).
const smtp = new TestSmtpServer();
const env = {
  ...process.env,
  SMTP_URL: await smtp.start(),
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: database,
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379/8',
  ASSETS_DIR: assetsDir,
  LOG_LEVEL: 'warn',
  FALLBACK_WEBSITE_ID: '',
  WEBSITES_PER_OWNER: String(WEBSITES + 10),
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_NAMESPACE: `sc:bench-websites:${port}:`,
};
execFileSync(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/seed.ts'], {
  cwd: REPO_ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const launcher = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/start-cluster.ts'], {
  cwd: REPO_ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const home = new Client(port, 'localhost');
  for (let i = 0; ; i++) {
    const ready = await home.call('GET', '/api/auth/session').then(
      (a) => a.status,
      () => 0,
    );
    if (ready === 200) break;
    if (i > 600) throw new Error('the cluster did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ownerEmail = `bench-${port}@example.com`;
  const asked = await home.call('POST', '/api/auth/owners', { email: ownerEmail, password: 'a long bench password 1' });
  if (asked.status !== 202) throw new Error(`sign-up answered ${asked.status}: ${asked.text}`);
  let token: string | undefined;
  for (let i = 0; !token; i++) {
    token = smtp.received
      .filter((m) => m.to.includes(ownerEmail))
      .map((m) => /confirm-sign-up\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
      .find(Boolean);
    if (i > 240) throw new Error('no sign-up mail arrived');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signedUp = await home.call('POST', '/api/auth/owners/confirm', { token, password: 'a long bench password 1' });
  if (signedUp.status !== 201) throw new Error(`sign-up link answered ${signedUp.status}: ${signedUp.text}`);

  const creations: number[] = [];
  const create = async (n: number): Promise<CreatedWebsite> => {
    const started = performance.now();
    const answer = await home.call('POST', '/api/content-service/1.0/websites', {
      name: `Bench site ${n}`,
      design: DESIGN_IDS[n % DESIGN_IDS.length],
    });
    creations.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`creation ${n} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text) as CreatedWebsite;
  };
  const first = await create(0);
  const site = new Client(port, first.website.domains[0]!);
  await site.call('GET', '/');
  const one = { cached: await pageTimes(site, false), uncached: await pageTimes(site, true), rss: rssByProcess(launcher.pid ?? 0) };
  const started = Date.now();
  for (let n = 1; n < WEBSITES; n++) {
    await create(n);
    if (n % 100 === 0) process.stderr.write(`${n} websites, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  await site.call('GET', '/');
  const all = { cached: await pageTimes(site, false), uncached: await pageTimes(site, true), rss: rssByProcess(launcher.pid ?? 0) };

  console.log(`\nwebsites created: ${creations.length} in ${((Date.now() - started) / 1000).toFixed(0)} s (after the first)`);
  console.log(
    `creation: p50 ${ms(quantile(creations, 0.5))}, p95 ${ms(quantile(creations, 0.95))}, max ${ms(Math.max(...creations))}, first ${ms(creations[0]!)}`,
  );
  console.log(`home page of website 1, ${PAGES} requests one at a time:`);
  console.log(`                      1 website              ${WEBSITES} websites`);
  for (const kind of ['cached', 'uncached'] as const) {
    console.log(
      `  ${kind.padEnd(9)} p50/p99  ${ms(one[kind].p50)} / ${ms(one[kind].p99)}   ${ms(all[kind].p50)} / ${ms(all[kind].p99)}   (misses ${one[kind].misses}, ${all[kind].misses})`,
    );
  }
  console.log('RSS per process (MB):');
  for (const name of Object.keys(all.rss).sort())
    console.log(`  ${name.padEnd(10)} ${String(one.rss[name] ?? '-').padStart(5)}   ${String(all.rss[name]).padStart(5)}`);
} finally {
  launcher.kill('SIGINT');
  await new Promise((resolve) => launcher.once('exit', resolve));
  await smtp.stop();
  rmSync(assetsDir, { recursive: true, force: true });
}
