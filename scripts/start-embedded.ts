// `pnpm start`: embedded mode. One process runs every service and the gateway; Postgres is PGlite
// under DATA_DIR, the bus and the cache live in memory. Real servers are used instead for any of
// DATABASE_URL, NATS_URL, REDIS_URL that is set. Services listen on free loopback ports that only
// the gateway needs to know, so nothing but the gateway's PORT can clash with other programs.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import {
  BaseEnv,
  DataDirInUseError,
  MemoryBus,
  MemoryCache,
  SERVICE_NAMES,
  closeOnSignals,
  createLogger,
  instrumentHttp,
  serveMetrics,
  loadConfig,
  openEmbeddedPostgres,
  runMain,
  serveControl,
  serviceEnv,
  socketAnswers,
  controlSocketPath,
  embeddedAssetsDir,
  GATEWAY_PORT,
  startTelemetry,
  type SharedInfra,
} from '@sc/platform';
import { SERVICES } from './services.js';
import { ensureWebBuilt } from './web-build.js';

await runMain(async () => {
  // From the launcher's start (scripts/start.mjs), so loading the code counts too.
  const started = Number(process.env.SC_LAUNCHED_AT) || performance.timeOrigin;
  // The gateway and the services of this process share one identity signing key; a random one per
  // run unless the operator set it (sessions live in the database, so nobody is signed out by it).
  process.env.IDENTITY_SIGNING_KEY ||= randomBytes(32).toString('base64url');
  // Links we send (mail, canonical URLs) point at the address this process serves.
  if (!process.env.PUBLIC_URL && process.env.PORT !== '0') process.env.PUBLIC_URL = `http://localhost:${process.env.PORT || GATEWAY_PORT}`;
  const base = loadConfig(BaseEnv);
  const log = createLogger('embedded', base.LOG_LEVEL);
  const webBuilt = ensureWebBuilt(process.env.WEB_DIST, (line) => process.stdout.write(`${line}\n`));
  const stopTelemetry = startTelemetry('sitebuilder', base.OTEL_EXPORTER_OTLP_ENDPOINT);
  // Two processes on one PGlite data directory would corrupt it: the first one's control socket answers.
  if (!base.DATABASE_URL && (await socketAnswers(controlSocketPath(base.DATA_DIR)))) {
    throw new DataDirInUseError(`Another process is running on ${base.DATA_DIR}; stop it first (or set DATA_DIR).`);
  }
  const memoryBus = base.NATS_URL ? undefined : new MemoryBus({ logger: log });
  const shared: SharedInfra = {
    embedded: base.DATABASE_URL ? undefined : await openEmbeddedPostgres(base.DATA_DIR),
    bus: memoryBus,
    cache: base.REDIS_URL ? undefined : new MemoryCache(),
  };
  const apps: FastifyInstance[] = [];
  const urls: Record<string, string> = {};
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers) await close();
    for (const app of apps.reverse()) await app.close();
    await shared.bus?.close();
    await shared.cache?.close();
    await shared.embedded?.close();
    await stopTelemetry();
  };
  try {
    for (const name of SERVICE_NAMES) {
      const config = loadConfig(serviceEnv(0), { ...process.env, PORT: '0', HOST: '127.0.0.1' });
      // Render reads pages from content, which listens on a port chosen just now (content starts first).
      const own = name === 'render' ? { settings: { contentUrl: urls.CONTENT_URL } } : {};
      const app = await SERVICES[name]({ config, shared, seedDemo: process.env.SEED_DEMO !== 'false', ...own });
      apps.push(app);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      urls[`${name.toUpperCase()}_URL`] = url;
      log.info(`started ${name} on ${url}`);
    }
    await webBuilt;
    const gatewayConfig = loadConfig(GatewayEnv, { ...process.env, ...urls });
    // Render's cache (its website generations) is handed over in-process; with REDIS_URL the gateway reads Redis.
    const gateway = await buildGateway({ config: gatewayConfig, ...(shared.cache ? { pageGenerations: shared.cache } : {}) });
    instrumentHttp(gateway, 'gateway');
    apps.push(gateway);
    const where = await gateway.listen({ port: gatewayConfig.PORT, host: gatewayConfig.HOST });
    // One /metrics for the whole process; the services tell themselves apart by their label.
    const closeMetrics = await serveMetrics(gatewayConfig.METRICS_PORT, gatewayConfig.HOST, log);
    closers.push(closeMetrics);
    // `pnpm backup` asks this process for a consistent copy through a socket in DATA_DIR.
    if (shared.embedded) {
      const closeControl = await serveControl(
        base.DATA_DIR,
        {
          embedded: shared.embedded,
          assetsDir: embeddedAssetsDir({ DATA_DIR: base.DATA_DIR, ASSETS_DIR: process.env.ASSETS_DIR, S3_BUCKET: process.env.S3_BUCKET }),
          settled: () => (memoryBus ? memoryBus.pendingEvents() === 0 : true),
        },
        log,
      );
      if (closeControl) closers.unshift(closeControl);
    }
    // The time printed is until the home page answers, not until the port is open: the first page
    // compiles the theme and fills render's caches, which took as long again as starting did.
    await firstPage(where);
    const data = base.DATABASE_URL ? 'Postgres at DATABASE_URL' : `PGlite in ${base.DATA_DIR}/pg`;
    process.stdout.write(
      `\nSite builder (embedded mode) is running at ${where.replace('127.0.0.1', 'localhost')}\n` +
        `  data: ${data}; bus: ${base.NATS_URL ? 'NATS' : 'in-process'}; cache: ${base.REDIS_URL ? 'Redis' : 'in-memory'}\n` +
        `  started in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.\n\n`,
    );
  } catch (error) {
    await closeAll();
    throw error;
  }
  closeOnSignals(closeAll, log, base.SHUTDOWN_TIMEOUT_MS);
});

/** Resolves once the home page at `url` answers (any status below 500), or after two minutes. */
async function firstPage(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
