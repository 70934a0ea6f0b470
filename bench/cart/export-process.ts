// bench/cart/export-process.ts: the orders CSV export of 10,000 and of 100,000 orders, streamed
// through the route of a cart server running as its own process (bench/cart/export-server.ts, which
// bulk-inserts the orders with SQL before it listens), read to the end by this process. For each
// export: time, rows, bytes, and the server process's resident memory (from /proc, sampled every
// 10 ms): before the export and the peak while it ran. Constant memory shows as the same peak for
// ten times the rows. PGlite inside the server by default; DATABASE_URL for Postgres.
//   node --conditions=@sc/source --import tsx bench/cart/export-process.ts [counts...]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@sc/contracts';
import { signIdentity } from '@sc/platform';

const KEY = 'bench-export-signing-key-0123456789abcdef';
const MB = 1024 * 1024;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const runs = (counts.length > 0 ? counts : [10_000, 100_000]).map((count) => ({
  count,
  site: `bench-${count}-${Date.now().toString(36)}`,
}));

/** A /proc/<pid>/status field in bytes (VmRSS: now; VmHWM: the highest so far). */
function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

// BENCH_SERVER_HEAP_MB caps the server's V8 heap: an export that held its rows would then fail.
const heapCap = process.env.BENCH_SERVER_HEAP_MB ? [`--max-old-space-size=${Number(process.env.BENCH_SERVER_HEAP_MB)}`] : [];
const server = spawn(
  process.execPath,
  [...heapCap, '--conditions=@sc/source', '--import', 'tsx', 'bench/cart/export-server.ts', ...runs.map((r) => `${r.site}:${r.count}`)],
  {
    cwd: ROOT,
    env: { ...process.env, BENCH_SIGNING_KEY: KEY, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.startsWith('seeded ')) console.log(`  ${line}`);
    const ready = /^ready (\d+)$/m.exec(out);
    if (ready) resolve(Number(ready[1]));
  });
  server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
});
const pid = server.pid!;

/** GETs the export and reads it to the end, sampling the server's RSS meanwhile. */
function download(site: string): Promise<{ ms: number; bytes: number; lines: number; peakRss: number }> {
  const requestId = randomUUID();
  const headers = {
    'x-website-id': site,
    'x-request-id': requestId,
    ...signIdentity({ v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: 'bench', roles: [Role.ADMIN] }, KEY),
  };
  return new Promise((resolve, reject) => {
    let peakRss = status(pid, 'VmRSS');
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, status(pid, 'VmRSS'))), 10);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    request({ host: '127.0.0.1', port, path: '/api/commerce/store/exports/orders.csv', headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      response.on('end', () => {
        clearInterval(sampler);
        resolve({ ms: performance.now() - started, bytes, lines, peakRss: Math.max(peakRss, status(pid, 'VmRSS')) });
      });
    })
      .on('error', reject)
      .end();
  });
}

console.log(
  `database: ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite (inside the server process)'}; server pid ${pid}${heapCap.length ? `; server heap capped at ${process.env.BENCH_SERVER_HEAP_MB} MB` : ''}`,
);
// A first small export warms the code paths up, so the first measured run is not charged for them.
await download(runs[0]!.site);
for (const { count, site } of runs) {
  const before = status(pid, 'VmRSS');
  const result = await download(site);
  console.log(
    `${count.toLocaleString('en-US')} orders: ${(result.lines - 1).toLocaleString('en-US')} rows, ${(result.bytes / MB).toFixed(1)} MB of CSV in ${(result.ms / 1000).toFixed(2)} s` +
      ` (${Math.round(((result.lines - 1) / result.ms) * 1000).toLocaleString('en-US')} rows/s); server RSS before ${(before / MB).toFixed(0)} MB,` +
      ` peak during ${(result.peakRss / MB).toFixed(0)} MB (+${((result.peakRss - before) / MB).toFixed(0)} MB)`,
  );
}
console.log(`server peak RSS over its whole life (VmHWM, seeding included): ${(status(pid, 'VmHWM') / MB).toFixed(0)} MB`);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
