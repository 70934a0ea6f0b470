// The ingestion journal: a call is answered 202 only once its records are stored, so a process
// that dies right after answering loses nothing. Calls that arrive while one insert is running
// wait for the next, which takes all of them in one statement (group commit: one round trip per
// group, not per call). The buffer then writes the records into the raw tables and rollups in
// batches; each batch deletes its calls' journal rows in its own transaction and writes only the
// records whose rows it deleted, so a record is counted once whoever writes it. Rows left behind
// by a process that died (or could not write before shutdown) are written by recover(), which any
// process runs on start and every few seconds for rows older than `recoverAfterMs`.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Logger } from '@sc/platform';
import type { AnalyticsDB } from '../tables.js';
import { bulkInsert } from './bulk.js';
import type { IngestRecord } from './records.js';

interface Waiting {
  id: string;
  records: readonly IngestRecord[];
  resolve(): void;
  reject(error: unknown): void;
}

/** Calls stored by one insert at most. */
const GROUP_MAX = 2_000;

export class IngestJournal {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #schema: string;
  #waiting: Waiting[] = [];
  #running = false;

  constructor(db: Kysely<AnalyticsDB>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  /** Stores one call's records; resolves with the journal row's id once they are committed. */
  append(records: readonly IngestRecord[]): Promise<string> {
    const id = randomUUID();
    return new Promise<string>((resolve, reject) => {
      this.#waiting.push({ id, records, resolve: () => resolve(id), reject });
      if (!this.#running) void this.#run();
    });
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.length > 0) {
        const group = this.#waiting.length <= GROUP_MAX ? this.#waiting : this.#waiting.slice(0, GROUP_MAX);
        this.#waiting = group === this.#waiting ? [] : this.#waiting.slice(group.length);
        try {
          await bulkInsert(
            this.#db as Kysely<unknown>,
            this.#schema,
            'ingest_journal',
            [
              { name: 'id', type: 'uuid' },
              { name: 'records', type: 'jsonb' },
            ],
            group.map((call) => [call.id, JSON.stringify(call.records)]),
          );
          for (const call of group) call.resolve();
        } catch (error) {
          for (const call of group) call.reject(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

/** Journal rows waiting longer than this are taken to belong to no live buffer (default). */
export const RECOVER_AFTER_MS = 30_000;

/** Runs `recover` at start and then every `everyMs`; stop() waits for a run in progress. */
export function scheduleRecovery(recover: () => Promise<number>, everyMs: number, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = recover()
      .then((records) => {
        if (records > 0) logger.warn({ records }, 'analytics wrote records an earlier process had accepted and not written');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'analytics journal recovery failed; retrying'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** `accepted_at < now() - ms` for a journal query. */
export const olderThan = (ms: number) => sql<boolean>`accepted_at < now() - make_interval(secs => ${ms / 1000}::float8)`;
