// The analytics service: ingestion of page views, events, errors and performance records (SPEC 7)
// through a bounded in-memory buffer written in batches; consumers of commerce, forms and content
// events; rollups by hour and day kept up to date by both; owner reports read from the rollups;
// session replay eligibility; the retention purge of raw rows.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { AppError, buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import type { FastifyInstance } from 'fastify';
import { censusRoutes } from './census/census.routes.js';
import { ingestLimitsFromEnv, type IngestLimits } from './config.js';
import { analyticsConsumers, type ConsumerOptions } from './consumers/analytics.consumer.js';
import { eventsRoutes } from './ingest/events.routes.js';
import { performanceRoutes } from './ingest/performance.routes.js';
import { scheduleRecovery } from './ingest/journal.js';
import { migrations } from './migrations/index.js';
import { createAnalyticsModule, type AnalyticsModule } from './module.js';
import { replayRoutes } from './replay/replay.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { schedulePurge } from './retention/purge.js';
import { settingsRoutes } from './settings/settings.routes.js';
import type { AnalyticsDB } from './tables.js';

export interface AnalyticsOptions {
  /** Overrides of the ANALYTICS_* environment (tests, benchmarks). */
  limits?: Partial<IngestLimits>;
  /** How the bus consumers subscribe (tests). */
  consumers?: ConsumerOptions;
}

/** What tests and tools reach through the app (app.analytics: the module's ingestion parts). */
export type AnalyticsHandle = Pick<AnalyticsModule, 'buffer' | 'journal' | 'recover' | 'writer' | 'purge' | 'limits'>;

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

export function createAnalyticsService(options: AnalyticsOptions = {}): ServiceDefinition<AnalyticsDB, AnalyticsModule> {
  return {
    name: 'analytics',
    migrations,
    // Analytics publishes nothing, so no span needs to be the current context; keeping it that way
    // spares every page view the promise hooks (see ServiceDefinition.tracing).
    tracing: 'on-request',
    wire: (ctx, app) => {
      const limits: IngestLimits = { ...ingestLimitsFromEnv(), ...options.limits };
      const parts = createAnalyticsModule(ctx, { limits });
      app.decorate('analytics', parts satisfies AnalyticsHandle);
      return parts;
    },
    routes: async (app, ctx, parts) => {
      await app.register(cookie);
      await app.register(formbody);
      app.removeContentTypeParser('text/plain');
      app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseTextAsJson);

      const { buffer, ingest, limits } = parts;
      const intake = { buffer, journal: parts.journal };
      censusRoutes(app, ingest, intake);
      eventsRoutes(app, ingest, intake);
      performanceRoutes(app, ingest, intake);
      replayRoutes(app, parts.replay);
      reportsRoutes(app, parts.reports);
      settingsRoutes(app, parts.settings);

      let purgeJob: { stop(): Promise<void> } | undefined;
      let recovery: { stop(): Promise<void> } | undefined;
      app.addHook('onReady', async () => {
        buffer.start();
        purgeJob = schedulePurge(() => parts.purge(), limits.purgeIntervalMs, ctx.logger);
        recovery = scheduleRecovery(() => parts.recover(), Math.max(1_000, limits.recoverAfterMs / 10), ctx.logger);
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
        await recovery?.stop();
        await buffer.close(deadline);
      });
    },
    consumers: (_ctx, parts) => analyticsConsumers(parts, options.consumers),
  };
}

export const analyticsService: ServiceDefinition<AnalyticsDB, AnalyticsModule> = createAnalyticsService();

/** Builds the analytics app (never listens). */
export const buildApp = (options: BuildServiceOptions & AnalyticsOptions = {}): Promise<FastifyInstance> =>
  buildService(options.limits || options.consumers ? createAnalyticsService(options) : analyticsService, options);
