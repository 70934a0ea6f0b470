// A platform for the attack scripts to attack: `pnpm start` (embedded: one process, a fresh data
// directory) or `pnpm start:cluster` (one process per service, its own Postgres database created and
// seeded here, Redis database 7, its own NATS prefix), on a free port, answering once the shop does.
// The gateway trusts X-Forwarded-For from loopback (TRUSTED_PROXIES), so each script's visitors
// have addresses of their own, as visitors behind a real load balancer would.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, SERVICE_PORTS } from '@sc/platform';
import { freePort } from '@sc/platform/test-kit';
import { REPO_ROOT } from '../lib/processes.js';

export type Mode = 'embedded' | 'cluster';

export interface Platform {
  mode: Mode;
  /** The gateway, e.g. http://127.0.0.1:41234. */
  base: string;
  /** Each service's own address (what an attacker inside the network could reach). */
  services: Record<string, string>;
  /** The process `pnpm start` or `pnpm start:cluster` runs as. */
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, exited: () => boolean, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the platform exited before it answered');
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

/** Starts the platform in `mode` with `env` on top of the defaults above. */
export async function startPlatform(mode: Mode, env: Record<string, string> = {}): Promise<Platform> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-security-'));
  const common = {
    PORT: String(port),
    LOG_LEVEL: 'info',
    TRUSTED_PROXIES: 'loopback',
    RATE_LIMIT_NAMESPACE: `sc:bench-security:${port}:`,
    ...env,
  };
  const database = `${(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/sc_bench_security`;
  const cluster = {
    DATABASE_URL: database,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/7',
  };
  const all =
    mode === 'embedded' ? { ...common, DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', REDIS_URL: '' } : { ...common, ...cluster };
  if (mode === 'cluster') {
    const admin = database.replace(/\/sc_bench_security$/, '/postgres');
    execFileSync(
      'psql',
      [admin, '-qc', 'DROP DATABASE IF EXISTS sc_bench_security WITH (FORCE)', '-c', 'CREATE DATABASE sc_bench_security'],
      { stdio: 'inherit' },
    );
    execFileSync('redis-cli', ['-n', '7', 'flushdb'], { stdio: 'ignore' });
    execFileSync(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/seed.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...all },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const entry = mode === 'embedded' ? 'scripts/start-embedded.ts' : 'scripts/start-cluster.ts';
  const child = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...all },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Embedded mode's services listen on ports chosen at start, which its log names.
  const services: Record<string, string> =
    mode === 'cluster' ? Object.fromEntries(SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${SERVICE_PORTS[name]}`])) : {};
  child.stdout.on('data', (chunk: Buffer) => {
    for (const [, name, url] of chunk.toString().matchAll(/started (\w+) on (http:\/\/[\d.:]+)/g)) services[name!] = url!;
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/commerce/shopping-cart`, () => child.exitCode !== null);
    await waitFor(`${base}/shop`, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { mode, base, services, pid: child.pid ?? 0, stop };
}
