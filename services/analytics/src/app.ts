// The analytics service: ingestion of page views, events, errors and performance records (SPEC 7)
// through a bounded in-memory buffer written in batches; consumers of commerce, forms and content
// events; rollups by hour and day kept up to date by both; owner reports read from the rollups;
// session replay eligibility; the retention purge of raw rows.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { AppError, buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsDB } from './analytics.table.js';
import { ingestLimitsFromEnv, type IngestLimits } from './config.js';
import { analyticsConsumers, type ConsumerOptions } from './consumers/analytics.consumer.js';
import { IngestBuffer } from './ingest/buffer.js';
import { IngestService } from './ingest/ingest.service.js';
import type { IngestRecord } from './ingest/records.js';
import { DailySalts } from './ingest/visitor-id.js';
import { BatchWriter } from './ingest/writer.js';
import { migrations } from './migrations/index.js';
import { purge, schedulePurge, type PurgeResult } from './purge.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { censusRoutes } from './routes/census.routes.js';
import { eventsRoutes } from './routes/events.routes.js';
import { performanceRoutes } from './routes/performance.routes.js';
import { replayRoutes } from './routes/replay.routes.js';
import { reportsRoutes } from './routes/reports.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { SettingsCache } from './store/settings.repository.js';

export interface AnalyticsOptions {
  /** Overrides of the ANALYTICS_* environment (tests, benchmarks). */
  limits?: Partial<IngestLimits>;
  /** How the bus consumers subscribe (tests). */
  consumers?: ConsumerOptions;
}

/** What tests and tools reach through the app. */
export interface AnalyticsHandle {
  buffer: IngestBuffer<IngestRecord>;
  /** Writes a batch at once, bypassing the buffer (tests, seeding). */
  writer: BatchWriter;
  /** Runs the retention purge now. */
  purge(now?: number): Promise<PurgeResult>;
  limits: IngestLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    analytics?: AnalyticsHandle;
  }
}

/** Beacons send JSON as text/plain; any other text is not a tracking call. */
function parseTextAsJson(_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void): void {
  try {
    done(null, JSON.parse(body));
  } catch {
    done(new AppError('BAD_REQUEST', 'The body is not valid JSON.'));
  }
}

export function createAnalyticsService(options: AnalyticsOptions = {}): ServiceDefinition<AnalyticsDB> {
  return {
    name: 'analytics',
    migrations,
    // Analytics publishes nothing, so no span needs to be the current context; keeping it that way
    // spares every page view the promise hooks (see ServiceDefinition.tracing).
    tracing: 'on-request',
    routes: async (app, ctx) => {
      const limits: IngestLimits = { ...ingestLimitsFromEnv(), ...options.limits };
      await app.register(cookie);
      await app.register(formbody);
      app.removeContentTypeParser('text/plain');
      app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseTextAsJson);

      const db = ctx.db as unknown as Kysely<AnalyticsDB>;
      const writer = new BatchWriter(db, ctx.name);
      const buffer = new IngestBuffer<IngestRecord>({
        capacity: limits.bufferMax,
        batchSize: limits.flushBatch,
        intervalMs: limits.flushIntervalMs,
        write: (batch) => writer.write(batch),
        logger: ctx.logger,
      });
      const settings = new SettingsCache(db);
      const ingest = new IngestService(settings, new DailySalts(db));
      censusRoutes(app, ingest, buffer);
      eventsRoutes(app, ingest, buffer);
      performanceRoutes(app, ingest, buffer);
      replayRoutes(app, ingest);
      reportsRoutes(app, new ReportsRepository(db));
      settingsRoutes(app, db, settings);

      const runPurge = (now?: number) => purge(db, ctx.name, limits.retentionDays, now);
      app.decorate('analytics', { buffer, writer, purge: runPurge, limits } satisfies AnalyticsHandle);

      let purgeJob: { stop(): Promise<void> } | undefined;
      app.addHook('onReady', async () => {
        buffer.start();
        purgeJob = schedulePurge(runPurge, limits.purgeIntervalMs, ctx.logger);
      });
      // Shutdown: new calls already get 503 (the platform's return503OnClosing); let the calls in
      // flight put their records in the buffer, then write all of it while the database is still
      // open (the platform closes it in onClose, which runs after preClose).
      let inFlight = 0;
      app.addHook('onRequest', async () => {
        inFlight++;
      });
      app.addHook('onResponse', async () => {
        inFlight--;
      });
      app.addHook('preClose', async () => {
        const deadline = Date.now() + Math.max(1_000, ctx.config.SHUTDOWN_TIMEOUT_MS - 2_000);
        const settle = Date.now() + 2_000;
        while (inFlight > 0 && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 5));
        await purgeJob?.stop();
        await buffer.close(deadline);
      });
    },
    consumers: (ctx) => analyticsConsumers(ctx, options.consumers),
  };
}

export const analyticsService: ServiceDefinition<AnalyticsDB> = createAnalyticsService();

/** Builds the analytics app (never listens). */
export const buildApp = (options: BuildServiceOptions & AnalyticsOptions = {}): Promise<FastifyInstance> =>
  buildService(options.limits || options.consumers ? createAnalyticsService(options) : analyticsService, options);
