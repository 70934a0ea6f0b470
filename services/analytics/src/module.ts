// The wiring step of the analytics service: the ingestion path (settings cache, daily salts,
// batch writer, buffer), the owner's services and the retention purge, built once per app.
// app.ts's wire() calls it; the platform hands the result to routes and consumers.
import { WebsiteGenerations, type ServiceContext } from '@sc/platform';
import type { IngestLimits } from './config.js';
import { IngestBuffer } from './ingest/buffer.js';
import { IngestService } from './ingest/ingest.service.js';
import { IngestJournal } from './ingest/journal.js';
import type { BufferedRecord } from './ingest/records.js';
import { DailySalts } from './ingest/visitor-id.js';
import { BatchWriter } from './ingest/writer.js';
import { ReplayService } from './replay/replay.service.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { ReportsService } from './reports/reports.service.js';
import { purge, type PurgeResult } from './retention/purge.js';
import { RollupsService } from './rollups/rollups.service.js';
import { SettingsCache } from './settings/settings.repository.js';
import { SettingsService } from './settings/settings.service.js';
import type { AnalyticsDB } from './tables.js';
import { withTables } from '@sc/platform';

export interface AnalyticsModuleOptions {
  limits: IngestLimits;
}

export interface AnalyticsModule {
  limits: IngestLimits;
  /** Accepted records waiting to be written (started on ready, drained on close). */
  buffer: IngestBuffer<BufferedRecord>;
  /** Where a call's records are stored before it is answered 202. */
  journal: IngestJournal;
  /** Writes journal rows no live buffer holds (a crashed process's); the number of records written. */
  recover(): Promise<number>;
  /** Writes a batch at once, bypassing the buffer (tests, seeding). */
  writer: BatchWriter;
  /** Runs the retention purge now. */
  purge(now?: number): Promise<PurgeResult>;
  repositories: { reports: ReportsRepository };
  ingest: IngestService;
  replay: ReplayService;
  reports: ReportsService;
  /** Applies the bus's events to the rollups (the consumers). */
  rollups: RollupsService;
  settings: SettingsService;
}

export function createAnalyticsModule(ctx: ServiceContext<AnalyticsDB>, options: AnalyticsModuleOptions): AnalyticsModule {
  const { limits } = options;
  const db = withTables<AnalyticsDB>(ctx.db);
  const writer = new BatchWriter(db, ctx.name);
  const buffer = new IngestBuffer<BufferedRecord>({
    capacity: limits.bufferMax,
    batchSize: limits.flushBatch,
    intervalMs: limits.flushIntervalMs,
    write: (batch) => writer.write(batch),
    logger: ctx.logger,
    sameGroup: (a, b) => a.journal !== undefined && a.journal === b.journal,
  });
  // Replicas agree through the website's token in the shared cache (settings.repository.ts).
  const settingsCache = new SettingsCache(db, { generations: new WebsiteGenerations(ctx.cache, 'settings') });
  const ingest = new IngestService(settingsCache, new DailySalts(db));
  const repositories = { reports: new ReportsRepository(db) };
  return {
    limits,
    buffer,
    journal: new IngestJournal(db, ctx.name),
    recover: () => writer.recover(limits.recoverAfterMs),
    writer,
    purge: (now?: number) => purge(db, ctx.name, limits.retentionDays, now),
    repositories,
    ingest,
    replay: new ReplayService(ingest),
    reports: new ReportsService(repositories.reports),
    rollups: new RollupsService(ctx),
    settings: new SettingsService(db, settingsCache),
  };
}
