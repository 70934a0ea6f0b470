// Prometheus metrics (prom-client) on a port of their own (METRICS_PORT, default 9464), never on
// the public one: the gateway proxies every unknown path to render, and neither has /metrics.
// One registry per process: in embedded mode the services of the process share it and tell
// themselves apart by the `service` label. What a scrape reads of the database, the bus and the
// cache is asked for at scrape time (collect), so nothing is polled between scrapes.
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Cache } from './cache/cache.js';
import type { Logger } from './logger.js';
import type { ConsumerStatus } from './read-models.js';

/** The process's registry; default Node metrics (event-loop lag, heap, GC, CPU) are on it. */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new client.Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'HTTP requests by service, method, route and status code, and how long they took',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const cacheLookups = new client.Counter({
  name: 'cache_lookups_total',
  help: 'Cache reads by service and result (hit or miss)',
  labelNames: ['service', 'result'] as const,
  registers: [metricsRegistry],
});

const dependencyFailures = new client.Counter({
  name: 'dependency_failures_total',
  help: 'Failures of a backing server that the process rode out, by service, dependency (postgres, redis, nats) and what it did instead (retried, cache-miss, local-limit, ...)',
  labelNames: ['service', 'dependency', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Counts one failure of `dependency` that `service` survived by `outcome` (alerts read it: deploy/k8s). */
export function countDependencyFailure(service: string, dependency: 'postgres' | 'redis' | 'nats', outcome: string): void {
  dependencyFailures.inc({ service, dependency, outcome });
}

/** What a service lets a scrape ask about its database, outbox and consumers. */
export interface ServiceMetricsSource {
  service: string;
  outboxBacklog(): Promise<number>;
  consumers(): Promise<ConsumerStatus[]>;
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Whether each backing server answers now (dependency_up): readiness no longer says so for the bus and cache. */
  dependencies?(): Promise<Record<string, boolean>>;
  /** Counts of rows in states that should stay near zero (a service's own, e.g. cart's abandoned orders). */
  states?(): Promise<Record<string, number>>;
}

const sources = new Set<ServiceMetricsSource>();

new client.Gauge({
  name: 'outbox_backlog_events',
  help: 'Outbox events not yet published, per service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of sources) this.set({ service: source.service }, await source.outboxBacklog().catch(() => -1));
  },
});

new client.Gauge({
  name: 'bus_consumer_pending_events',
  help: 'Events a durable consumer has not yet handled (NATS: pending plus unacknowledged)',
  labelNames: ['service', 'durable'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of sources) {
      for (const status of await source.consumers().catch(() => []))
        this.set({ service: source.service, durable: status.durable }, status.pending);
    }
  },
});

new client.Gauge({
  name: 'read_model_empty',
  help: '1 when a read model received events but recorded none (see /readyz), else 0',
  labelNames: ['service', 'durable'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of sources) {
      for (const status of await source.consumers().catch(() => [])) {
        if (status.readModel) this.set({ service: source.service, durable: status.durable }, status.state === 'empty' ? 1 : 0);
      }
    }
  },
});

new client.Gauge({
  name: 'db_pool_connections',
  help: 'Postgres pool connections per service: total, idle, and callers waiting for one',
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const source of sources) {
      const stats = source.poolStats?.();
      if (!stats) continue;
      this.set({ service: source.service, state: 'total' }, stats.total);
      this.set({ service: source.service, state: 'idle' }, stats.idle);
      this.set({ service: source.service, state: 'waiting' }, stats.waiting);
    }
  },
});

new client.Gauge({
  name: 'dependency_up',
  help: 'Whether a backing server (postgres, nats, redis) answers the service now: 1 or 0',
  labelNames: ['service', 'dependency'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of sources) {
      const found = (await source.dependencies?.().catch(() => undefined)) ?? {};
      for (const [dependency, up] of Object.entries(found)) this.set({ service: source.service, dependency }, up ? 1 : 0);
    }
  },
});

new client.Gauge({
  name: 'service_stuck_rows',
  help: 'Rows a service holds in a state that should stay near zero (cart: orders and idempotency keys past their lease)',
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of sources) {
      const found = (await source.states?.().catch(() => undefined)) ?? {};
      for (const [state, count] of Object.entries(found)) this.set({ service: source.service, state }, count);
    }
  },
});

/** Counts each request of `app` by route and status, with its duration. */
export function instrumentHttp(app: FastifyInstance, service: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      { service, method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Adds a service's database, outbox and consumers to the scrapes until `app` closes. */
export function registerServiceMetrics(app: FastifyInstance, source: ServiceMetricsSource): void {
  sources.add(source);
  app.addHook('onClose', async () => {
    sources.delete(source);
  });
}

/** The same cache, with each read counted as a hit or a miss (cache_lookups_total). */
export function countingCache(cache: Cache, service: string): Cache {
  const hit = cacheLookups.labels({ service, result: 'hit' });
  const miss = cacheLookups.labels({ service, result: 'miss' });
  const get = async (key: string): Promise<string | undefined> => {
    const value = await cache.get(key);
    (value === undefined ? miss : hit).inc();
    return value;
  };
  // A Proxy, so the object stays what it was for everyone else (instanceof RedisCache, .client).
  return new Proxy(cache, {
    get(target, property) {
      if (property === 'get') return get;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Serves GET /metrics (and nothing else) on `port`; resolves once it listens. */
export async function startMetricsServer(port: number, host: string): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The metrics server of a process's main: like startMetricsServer, but a port already in use
 * (a second `pnpm start` on one machine) costs only the metrics, with a warning, not the start.
 */
export async function serveMetrics(port: number, host: string, log: Pick<Logger, 'info' | 'warn'>): Promise<() => Promise<void>> {
  try {
    const metrics = await startMetricsServer(port, host);
    log.info(`metrics at http://${host}:${metrics.port}/metrics`);
    return () => metrics.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    log.warn(`METRICS_PORT ${port} is in use: this process serves no /metrics (set METRICS_PORT)`);
    return async () => undefined;
  }
}
