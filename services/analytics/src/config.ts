// The analytics service's own settings, read from the environment at start (a bad value stops
// the process with one line naming the variable, like the shared ones).
import { loadConfig } from '@sc/platform';
import { z } from 'zod';

const positive = z.coerce.number().int().positive();

export const AnalyticsEnv = z.object({
  /** Records held in memory at most (accepted, not yet written); beyond it calls answer 503. */
  ANALYTICS_BUFFER_MAX: positive.default(50_000),
  /** A flush starts once this many records wait, and writes at most this many per transaction. */
  ANALYTICS_FLUSH_BATCH: positive.default(5_000),
  /** ... or this long after the last flush, whichever comes first. */
  ANALYTICS_FLUSH_INTERVAL_MS: positive.default(250),
  /** Raw records (hits, events, errors, performance records) are deleted after this many days; rollups stay. */
  ANALYTICS_RAW_RETENTION_DAYS: positive.default(30),
  /** How often the retention purge runs. */
  ANALYTICS_PURGE_INTERVAL_MS: positive.default(3_600_000),
  /** Journal rows older than this are written by recovery (their process died before writing them); checked every tenth of it. */
  ANALYTICS_RECOVER_AFTER_MS: positive.default(30_000),
});
export type AnalyticsEnv = z.infer<typeof AnalyticsEnv>;

/** Limits of the ingestion path (from AnalyticsEnv, or set by tests). */
export interface IngestLimits {
  bufferMax: number;
  flushBatch: number;
  flushIntervalMs: number;
  retentionDays: number;
  purgeIntervalMs: number;
  recoverAfterMs: number;
}

export function ingestLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): IngestLimits {
  const parsed = loadConfig(AnalyticsEnv, env);
  return {
    bufferMax: parsed.ANALYTICS_BUFFER_MAX,
    flushBatch: parsed.ANALYTICS_FLUSH_BATCH,
    flushIntervalMs: parsed.ANALYTICS_FLUSH_INTERVAL_MS,
    retentionDays: parsed.ANALYTICS_RAW_RETENTION_DAYS,
    purgeIntervalMs: parsed.ANALYTICS_PURGE_INTERVAL_MS,
    recoverAfterMs: parsed.ANALYTICS_RECOVER_AFTER_MS,
  };
}
