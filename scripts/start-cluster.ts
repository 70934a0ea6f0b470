// `pnpm start:cluster`: every service as its own OS process plus the gateway, against real
// Postgres, NATS and Redis (DATABASE_URL, NATS_URL, REDIS_URL; the local servers by default).
// Output of each process is prefixed with its name; a process that exits is started again (with
// back-off), and Ctrl-C stops them all gracefully. Readiness is checked against each start's
// instance id, so services of another deployment on the same ports are never taken for ours.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS } from '@sc/platform';
import { Supervisor, waitReadyAs } from './cluster/supervisor.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gatewayPort = Number(process.env.PORT || GATEWAY_PORT);
const env = {
  ...process.env,
  // Links we send (mail, canonical URLs) point at the gateway's address unless the operator says otherwise.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${gatewayPort}`,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  // Every child verifies (services) or signs (gateway) the identity header with this key.
  IDENTITY_SIGNING_KEY: process.env.IDENTITY_SIGNING_KEY || randomBytes(32).toString('base64url'),
};
// Each process serves /metrics on a port of its own: the gateway on METRICS_PORT (9464), the
// services on the ports after it, in SERVICE_NAMES order (cart 9465 … render 9471).
const metricsPort = Number(process.env.METRICS_PORT || 9464);
const supervisor = new Supervisor({ clusterId: randomBytes(6).toString('hex') });

function start(name: string, entry: string, extra: Record<string, string>): void {
  // Each process's V8 heap is bounded as a container's memory limit would bound it: left to the
  // machine's default (4 GB here), V8 collects lazily and render alone grew past 550 MB on 20,000
  // distinct URLs although every cache is bounded (bench/security/cache-rss.ts).
  const heap = [`--max-old-space-size=${Number(process.env.CLUSTER_HEAP_MB || 256)}`, '--max-semi-space-size=8'];
  const prefix = `[${name}] `.padEnd(12);
  supervisor.add({
    name,
    command: process.execPath,
    args: [...heap, '--conditions=@sc/source', '--import', 'tsx', entry],
    cwd: root,
    env: { MALLOC_ARENA_MAX: '2', ...env, ...extra },
    onLine: (line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(prefix + line + '\n'),
  });
}

/** Waits for the named process's own /readyz; a slow start is reported each `timeoutMs`, never given up on (only Ctrl-C stops). */
async function waitReady(name: string, url: string, timeoutMs: number): Promise<void> {
  for (;;) {
    try {
      return await waitReadyAs(url, () => supervisor.instanceOf(name), timeoutMs, { stopping: () => supervisor.stopping, log: (m) => process.stderr.write(`${m}\n`) });
    } catch (error) {
      if (supervisor.stopping) throw error;
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}; still waiting\n`);
    }
  }
}

let stopped = false;
async function stopAll(code: number): Promise<void> {
  if (stopped) return;
  stopped = true;
  await supervisor.stop();
  process.exit(code);
}

// Only Ctrl-C (or SIGTERM) stops the cluster: a process that exits is started again (supervisor.ts).
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const started = Date.now();
// The gateway starts first, on its own: it needs no service to start, so it answers within
// seconds, and a request for a service still starting gets a clear 502 instead of a hang. The
// services then start together (on two cores, eight processes starting at once made the
// gateway itself take over 15 s).
start('gateway', 'gateway/src/main.ts', { PORT: String(gatewayPort), METRICS_PORT: String(metricsPort) });
try {
  await waitReady('gateway', `http://127.0.0.1:${gatewayPort}`, 60_000);
  if (supervisor.stopping) throw new Error('stopping');
  process.stdout.write(`gateway answering at http://localhost:${gatewayPort}; starting the services\n`);
  for (const [i, name] of SERVICE_NAMES.entries()) {
    start(name, `services/${name}/src/main.ts`, { PORT: String(SERVICE_PORTS[name]), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort + 1 + i) });
  }
  await Promise.all(SERVICE_NAMES.map((name) => waitReady(name, `http://127.0.0.1:${SERVICE_PORTS[name]}`, 60_000)));
  process.stdout.write(
    `\nSite builder (cluster mode: ${SERVICE_NAMES.length} services + gateway) is running at http://localhost:${gatewayPort}\n` +
      `  Postgres ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}, NATS ${env.NATS_URL}, Redis ${env.REDIS_URL}\n` +
      `  started in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  process.stderr.write(`cluster did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll(1);
}
