// A service is a definition (name, port, migrations, routes, consumers) run by this module.
// buildService() makes the app and never listens (tests call it); runService() is main.ts:
// it reads the environment, listens, and drains on SIGTERM.
import type { Kysely, Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadConfig, runMain, serviceEnv, type BaseEnv, type ServiceEnv } from './config.js';
import type { EventBus, SubscribeOptions, Subscription } from './bus/bus.js';
import type { Cache } from './cache/cache.js';
import { migrateToLatest, type Migrations } from './database/migrate.js';
import { installGatewayOnly } from './auth/gateway-only.js';
import { createHttpApp, type ZodApp } from './http/app.js';
import { installInputGuard } from './http/input-guard.js';
import { registerHealth } from './http/health.js';
import { closeOnSignals, drainingFlag } from './http/shutdown.js';
import { openEmbeddedPostgres, openServiceInfra, type SharedInfra } from './infra.js';
import { createLogger, loggerOptions, type Logger } from './logger.js';
import { openEmbedded, openPostgres, type Database } from './database/database.js';
import { OutboxRelay, type OutboxTables } from './outbox/index.js';
import { SpanKind, startTelemetry, withSpanFromHeaders } from './telemetry.js';
import { countDependencyFailure, countingCache, instrumentHttp, registerServiceMetrics, serveMetrics } from './metrics.js';
import { consumerStatuses, replayConsumers, type ConsumerStatus } from './read-models.js';
import { erasureConsumer, type EraseRules } from './privacy/erase.js';
import { websitePurgeConsumer, type PurgeRules } from './privacy/purge-website.js';
import { withTables } from './database/tables.js';
import { transactionRetryingLostConnection } from './database/retry.js';
import { pinoOf } from './logger.js';

export const SERVICE_PORTS = {
  cart: 4101,
  forms: 4102,
  restock: 4103,
  identity: 4104,
  analytics: 4105,
  content: 4106,
  render: 4107,
} as const;
export type ServiceName = keyof typeof SERVICE_PORTS;
export const GATEWAY_PORT = 8080;
export const SERVICE_NAMES = Object.keys(SERVICE_PORTS) as ServiceName[];

/** What a service's routes and consumers are given: its schema-bound database and the shared pieces. */
export interface ServiceContext<DB> {
  name: ServiceName;
  config: ServiceEnv;
  db: Kysely<DB & OutboxTables>;
  bus: EventBus;
  cache: Cache;
  logger: Logger;
  relay: OutboxRelay;
  /**
   * Runs `work` in one transaction, then wakes the outbox relay so its events leave at once. A
   * transaction whose connection was lost before COMMIT runs again on a fresh one (up to three
   * runs), so `work` must do database statements only: no provider call, no mail, no publish.
   */
  transaction<T>(work: (trx: Transaction<DB & OutboxTables>) => Promise<T>): Promise<T>;
}

export interface ServiceDefinition<DB, Parts = undefined> {
  name: ServiceName;
  migrations: Migrations;
  /**
   * The wiring step: builds the service's parts once (its repositories and use-case services,
   * usually through `create<Name>Module(ctx)` in the service's module.ts) and returns them; the
   * platform hands the same object to routes, consumers and seed, so what depends on what is
   * written in one place and nothing is looked up through module-level maps.
   */
  wire?(ctx: ServiceContext<DB>, app: ZodApp): Promise<Parts> | Parts;
  /** Adds the service's routes; runs before the app is ready. */
  routes(app: ZodApp, ctx: ServiceContext<DB>, parts: Parts): Promise<void> | void;
  /** Durable consumers to start with the service. */
  consumers?(ctx: ServiceContext<DB>, parts: Parts): SubscribeOptions[];
  /**
   * Writes the demo website's data (embedded mode's first start, `pnpm seed`). Must be
   * idempotent: it runs on every embedded start and does nothing when the data is there.
   */
  seed?(ctx: ServiceContext<DB>, parts: Parts): Promise<void>;
  /**
   * 'active' (the default): each request's and each delivery's span is the current context while
   * it is handled, so outbox events written meanwhile carry its trace. 'on-request': the spans are
   * made but never made current, for a service that publishes nothing (analytics). Entering a
   * context turns on Node 20's promise hooks for the whole process, and they cost analytics about
   * a quarter of its CPU per page view (bench/analytics; see the session 4 note).
   */
  tracing?: 'active' | 'on-request';
  /**
   * What this service does of its own when a customer is erased (privacy.customer.erased), before
   * every text and jsonb cell of the website's rows that still holds the email is scrubbed.
   */
  erase?: EraseRules<DB>;
  /**
   * What this service does of its own when a deleted website is purged (content.website.purged),
   * before every row of the website in its schema is deleted: files, caches.
   */
  purge?: PurgeRules<DB>;
  /**
   * Counts of rows in states that should stay near zero, read at each scrape (service_stuck_rows;
   * deploy/k8s alerts on them): e.g. cart's pending orders and idempotency keys past their lease.
   */
  stuck?(ctx: ServiceContext<DB>, parts: Parts): Promise<Record<string, number>>;
}

export interface BuildServiceOptions {
  config?: ServiceEnv;
  /** Resources shared with other services of this process (embedded mode, tests). */
  shared?: SharedInfra;
  /** Turn the relay's polling off (tests drive it by hand). */
  relay?: { autoStart?: boolean; pollMs?: number };
  /** Run the definition's demo seed after migrating (embedded mode, `pnpm seed`). */
  seedDemo?: boolean;
  /** Where log lines go instead of stdout (tests read what a service logged). */
  logStream?: { write(line: string): void };
  /**
   * The erasure consumer's durable instead of `<service>-privacy`: a test that runs two apps of one
   * service on one in-process bus gives the second its own (replicas on NATS share the name).
   */
  erasureDurable?: string;
  /** The website purge consumer's durable instead of `<service>-website-purge` (as erasureDurable). */
  purgeDurable?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context, for tests and for the embedded launcher. */
    serviceContext?: ServiceContext<unknown>;
    /** What the service's wiring step built (tests call a service's seed or parts with it). */
    serviceParts?: unknown;
    /** The service's durable consumers: where they stand, and the read-model rebuild (scripts/read-models.ts). */
    readModels?: {
      status(): Promise<ConsumerStatus[]>;
      /** Replays the named durables (when none is named, those that feed a read model); returns the names. */
      rebuild(durables?: string[]): Promise<string[]>;
    };
  }
}

/** Builds a service's app: migrates, adds health, routes, relay and consumers. Does not listen. */
export async function buildService<DB, Parts = undefined>(
  definition: ServiceDefinition<DB, Parts>,
  options: BuildServiceOptions = {},
): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig(serviceEnv(SERVICE_PORTS[definition.name]));
  const app = await createHttpApp({
    name: definition.name,
    logLevel: config.LOG_LEVEL,
    openapi: { title: `${definition.name} service` },
    tracing: definition.tracing ?? 'active',
    ...(options.logStream
      ? { fastify: { logger: { ...loggerOptions(definition.name, config.LOG_LEVEL), stream: options.logStream } } }
      : {}),
  });
  installInputGuard(app);
  if (config.IDENTITY_SIGNING_KEY) installGatewayOnly(app);
  const logger = pinoOf(app.log);
  instrumentHttp(app, definition.name);
  const infra = await openServiceInfra<DB & OutboxTables>(definition.name, config, logger, options.shared);
  try {
    await migrateToLatest(infra.database.db as Kysely<unknown>, definition.name, definition.migrations);
  } catch (error) {
    await infra.close();
    await app.close();
    throw error;
  }
  const db = infra.database.db;
  const relay = new OutboxRelay({ db: withTables<OutboxTables>(db), bus: infra.bus, logger, pollMs: options.relay?.pollMs ?? 500 });
  const ctx: ServiceContext<DB> = {
    name: definition.name,
    config,
    db,
    bus: infra.bus,
    cache: countingCache(infra.cache, definition.name),
    logger,
    relay,
    transaction: async (work) => {
      const result = await transactionRetryingLostConnection(db, work, {
        onRetry: (error) => {
          countDependencyFailure(definition.name, 'postgres', 'transaction-retried');
          logger.warn({ err: error }, 'transaction lost its connection before COMMIT; running it again');
        },
      });
      relay.poke();
      return result;
    },
  };
  app.decorate('serviceContext', ctx as ServiceContext<unknown>);
  // The platform's close, registered before the service adds anything: Fastify runs onClose hooks
  // last-added first, so the service's own (its jobs, its mail relay, its pools) have stopped, and
  // finished their work on the database, before this runs. One hook, so its order is certain too:
  // in-flight requests have drained by now; stop taking events, let the relay finish its batch,
  // then close NATS, the pool and the cache. (Registered after wire/routes, it ran first, and a job
  // or a mail in progress found the pool gone: cart/test/shutdown-order.test.ts.)
  const subscriptions: Subscription[] = [];
  app.addHook('onClose', async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await relay.stop();
    await infra.close();
  });
  const draining = drainingFlag(app);
  // The consumers this app subscribed (on ready); /readyz, /metrics and the rebuild read them.
  const subscribed: SubscribeOptions[] = [];
  const outboxDb = withTables<OutboxTables>(db);
  const statuses = () => consumerStatuses(outboxDb, infra.bus, subscribed);
  app.decorate('readModels', {
    status: statuses,
    rebuild: async (durables?: string[]) => {
      // By default the read models only: a consumer that does something per event (adds to a
      // counter, sends a mail) is not replayed unless it is named.
      const names = durables ?? subscribed.filter((consumer) => consumer.readModel).map((consumer) => consumer.durable);
      const unknown = names.filter((name) => !subscribed.some((consumer) => consumer.durable === name));
      if (unknown.length > 0) throw new Error(`${definition.name} has no consumer ${unknown.join(', ')}`);
      await replayConsumers(outboxDb, infra.bus, names);
      return names;
    },
  });
  registerHealth(
    app,
    {
      database: () => infra.database.ping(),
      // An empty read model makes the service not ready (it would answer from nothing); a backlog
      // is only reported: every replica shares the durable, so all would leave the Service at once.
      // Progress the bus cannot tell (it is away) is no reason to stop serving.
      ...(definition.consumers
        ? {
            events: async () => {
              const found = (await infra.bus.ready().catch(() => false)) ? await statuses().catch(() => undefined) : undefined;
              return found
                ? { ok: !found.some((status) => status.state === 'empty'), detail: found }
                : { ok: true, detail: 'unknown while the bus is away' };
            },
          }
        : {}),
    },
    draining,
    { bus: () => infra.bus.ready(), cache: () => infra.cache.ready() },
  );
  // Set once the wiring step has run (the scrape reads it then).
  let stuck: (() => Promise<Record<string, number>>) | undefined;
  registerServiceMetrics(app, {
    service: definition.name,
    states: async () => (stuck ? stuck() : {}),
    outboxBacklog: async () => {
      const row = await outboxDb
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('published_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    consumers: statuses,
    dependencies: async () => ({
      postgres: await infra.database.ping(),
      nats: await infra.bus.ready().catch(() => false),
      redis: await infra.cache.ready().catch(() => false),
    }),
    ...(infra.database.poolStats ? { poolStats: () => infra.database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } } : {}),
  });
  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  // Without a wiring step the service has no parts: routes, consumers and seed get undefined.
  const parts = (definition.wire ? await definition.wire(ctx, zodApp) : undefined) as Parts;
  app.decorate('serviceParts', parts as unknown);
  if (definition.stuck) stuck = () => definition.stuck!(ctx, parts);
  await definition.routes(zodApp, ctx, parts);
  if (options.seedDemo && definition.seed) await definition.seed(ctx, parts);

  app.addHook('onReady', async () => {
    if (options.relay?.autoStart !== false) relay.start();
    const erasure = erasureConsumer(
      { name: definition.name, schema: infra.database.schema, db: withTables<DB>(db), logger },
      definition.erase,
      options.erasureDurable,
    );
    const purge = websitePurgeConsumer(
      { name: definition.name, schema: infra.database.schema, db: withTables<DB>(db), logger },
      definition.purge,
      options.purgeDurable,
    );
    for (const consumer of [...(definition.consumers?.(ctx, parts) ?? []), erasure, purge]) {
      // Each delivery runs in a span continued from the publisher's trace (message headers).
      const handler: SubscribeOptions['handler'] = (event, info) =>
        withSpanFromHeaders(`consume ${event.type}`, SpanKind.CONSUMER, info.headers, () => consumer.handler(event, info), {
          active: definition.tracing !== 'on-request',
        });
      subscriptions.push(await infra.bus.subscribe({ ...consumer, handler }));
      subscribed.push(consumer);
    }
  });
  return app;
}

/**
 * Applies a service's pending migrations (the platform's tables and its own, in its schema) and
 * returns their names; empty when the schema was up to date. Opens the database only: no bus, no
 * cache, no port. Kysely's migration lock makes concurrent runs (a Job and a starting replica)
 * apply each migration once.
 */
export async function migrateService(
  definition: { name: string; migrations: Migrations },
  config: BaseEnv,
  logger: Logger,
): Promise<string[]> {
  let closeEmbedded: (() => Promise<void>) | undefined;
  let database: Database;
  if (config.DATABASE_URL) {
    database = openPostgres(config.DATABASE_URL, definition.name, logger, 1);
  } else {
    const embedded = await openEmbeddedPostgres(config.DATA_DIR);
    closeEmbedded = () => embedded.close();
    database = openEmbedded(embedded, definition.name);
  }
  try {
    return await migrateToLatest(database.db, definition.name, definition.migrations);
  } finally {
    await database.close();
    await closeEmbedded?.();
  }
}

/**
 * The main of a service in distributed mode: config, telemetry, build, listen, drain on SIGTERM.
 * With MIGRATE_ONLY=1 it applies the migrations and exits instead (deploy/k8s: the migrate Job).
 */
export function runService<DB, Parts>(definition: ServiceDefinition<DB, Parts>): Promise<void> {
  return runMain(async () => {
    const config = loadConfig(serviceEnv(SERVICE_PORTS[definition.name]));
    if (config.MIGRATE_ONLY) {
      const logger = createLogger(definition.name, config.LOG_LEVEL);
      const applied = await migrateService(definition, config, logger);
      logger.info({ applied }, applied.length > 0 ? `applied ${applied.length} migrations` : 'schema up to date');
      return;
    }
    const stopTelemetry = startTelemetry(definition.name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
    const app = await buildService(definition, { config });
    await app.listen({ port: config.PORT, host: config.HOST });
    const closeMetrics = await serveMetrics(config.METRICS_PORT, config.HOST, app.log);
    closeOnSignals(
      async () => {
        await app.close();
        await closeMetrics();
        await stopTelemetry();
      },
      app.log,
      config.SHUTDOWN_TIMEOUT_MS,
    );
  });
}
