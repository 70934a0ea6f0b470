// `pnpm start:cluster`: every service as its own OS process plus the gateway, against real
// Postgres, NATS and Redis (DATABASE_URL, NATS_URL, REDIS_URL; the local servers by default).
// Output of each process is prefixed with its name; a process that exits is started again (with
// back-off), and Ctrl-C stops them all gracefully. Readiness is checked against each start's
// instance id, so services of another deployment on the same ports are never taken for ours.
// `--replicas N` (or CLUSTER_REPLICAS) runs N of each service: replica k listens on its port + 100·(k-1)
// (cart 4101, 4201, ...), and the gateway balances over them with failover (gateway/src/upstream.ts).
// Replicas share their service's durable consumers (each event is handled by one of them) and the
// Redis caches.
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
/** `--replicas N` / `--replicas=N`, else CLUSTER_REPLICAS, else 1. */
function replicasFrom(argv: readonly string[]): number {
  const at = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  const raw = at < 0 ? process.env.CLUSTER_REPLICAS || '1' : argv[at]!.includes('=') ? argv[at]!.split('=')[1]! : (argv[at + 1] ?? '');
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) {
    process.stderr.write(`--replicas must be a whole number from 1 to 9 (got "${raw}")\n`);
    process.exit(2);
  }
  return n;
}
const replicas = replicasFrom(process.argv.slice(2));
/** Replica k (1-based) of a service: its process name and port. */
const replicaOf = (name: (typeof SERVICE_NAMES)[number], k: number) => ({
  process: k === 1 ? name : `${name}-${k}`,
  port: SERVICE_PORTS[name] + 100 * (k - 1),
});
const replicaList = (name: (typeof SERVICE_NAMES)[number]) => Array.from({ length: replicas }, (_, i) => replicaOf(name, i + 1));
// The gateway's upstream pools: every replica of each service (an operator's own <SERVICE>_URL wins).
const upstreams = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    `${name.toUpperCase()}_URL`,
    process.env[`${name.toUpperCase()}_URL`] ||
      replicaList(name)
        .map((r) => `http://127.0.0.1:${r.port}`)
        .join(','),
  ]),
);
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
      return await waitReadyAs(url, () => supervisor.instanceOf(name), timeoutMs, {
        stopping: () => supervisor.stopping,
        log: (m) => process.stderr.write(`${m}\n`),
      });
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
start('gateway', 'gateway/src/main.ts', { ...upstreams, PORT: String(gatewayPort), METRICS_PORT: String(metricsPort) });
try {
  await waitReady('gateway', `http://127.0.0.1:${gatewayPort}`, 60_000);
  if (supervisor.stopping) throw new Error('stopping');
  process.stdout.write(`gateway answering at http://localhost:${gatewayPort}; starting the services\n`);
  // Metrics: replica k of the i-th service on METRICS_PORT + 1 + i + 10·(k-1).
  for (const [i, name] of SERVICE_NAMES.entries()) {
    for (const [k, replica] of replicaList(name).entries()) {
      // Render reads content: every replica of it, as the gateway does.
      const extra: Record<string, string> = name === 'render' ? { CONTENT_URL: upstreams.CONTENT_URL! } : {};
      start(replica.process, `services/${name}/src/main.ts`, {
        ...extra,
        PORT: String(replica.port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort + 1 + i + 10 * k),
      });
    }
  }
  await Promise.all(
    SERVICE_NAMES.flatMap((name) =>
      replicaList(name).map((replica) => waitReady(replica.process, `http://127.0.0.1:${replica.port}`, 60_000)),
    ),
  );
  const shape =
    replicas === 1 ? `${SERVICE_NAMES.length} services + gateway` : `${SERVICE_NAMES.length} services × ${replicas} replicas + gateway`;
  process.stdout.write(
    `\nSite builder (cluster mode: ${shape}) is running at http://localhost:${gatewayPort}\n` +
      `  Postgres ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}, NATS ${env.NATS_URL}, Redis ${env.REDIS_URL}\n` +
      `  started in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  process.stderr.write(`cluster did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll(1);
}
