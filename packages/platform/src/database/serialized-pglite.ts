// PGlite is one Postgres session. kysely-pglite hands every caller that same session without
// serialising, so two concurrent transactions interleave their statements and one ROLLBACK wipes
// the other's writes (measured: 50 concurrent, 25 rolled back, 0 survived instead of 25). This
// dialect wraps its driver so a connection (one query, or one whole transaction) is held by one
// caller at a time; the others queue in order.
//
// PGlite and kysely-pglite are imported when an embedded database is opened, not before: the
// kysely-pglite entry point loads its CLI and code generator (about 0.9 s per process), a cost
// every service of distributed mode would otherwise pay at start for nothing.
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';
import type { KyselyPGlite } from 'kysely-pglite';

/** A FIFO mutex: `acquire()` resolves with the function that releases it. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }
}

class SerializedDriver implements Driver {
  readonly #inner: Driver;
  readonly #mutex: Mutex;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(inner: Driver, mutex: Mutex) {
    this.#inner = inner;
    this.#mutex = mutex;
  }

  async init(): Promise<void> {
    await this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    try {
      const connection = await this.#inner.acquireConnection();
      // The inner driver hands out one shared object per call; wrap it so each holder is distinct.
      const held: DatabaseConnection = {
        executeQuery: (query) => connection.executeQuery(query),
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      this.#releases.set(held, release);
      return held;
    } catch (error) {
      release();
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }

  async destroy(): Promise<void> {
    // The PGlite client is shared by every service of the process; EmbeddedPostgres closes it.
  }
}

/**
 * Server settings for the one embedded session. Postgres's defaults size shared memory for a server
 * of 100 connections with 128 MB of buffers; inside WebAssembly every page of that, once touched,
 * stays resident for the life of the process (measured: 404 MB resident after opening a data
 * directory, 275 MB with these). A single-session shop database fits its working set in 32 MB,
 * and the operating system's page cache holds the data directory's files besides.
 */
const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers = 32MB', 'max_connections = 10', 'wal_buffers = 1MB'];

/** One PGlite database (a data directory, or memory) shared by every service in this process. */
export class EmbeddedPostgres {
  readonly client: PGlite;
  readonly #mutex = new Mutex();
  readonly #base: KyselyPGlite;

  private constructor(client: PGlite, base: KyselyPGlite) {
    this.client = client;
    this.#base = base;
  }

  /** Opens (creating if needed) the database in `dataDir`, or an in-memory one when omitted. */
  static async open(dataDir?: string): Promise<EmbeddedPostgres> {
    const [{ PGlite }, { KyselyPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite')]);
    if (dataDir) {
      const client = await PGlite.create({ dataDir, postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
      return new EmbeddedPostgres(client, new KyselyPGlite(client));
    }
    // An in-memory database (tests, benches, throw-away demos) starts from a copy of a fresh
    // cluster when there is one: PGlite's initdb takes 2-3 s, loading its files 0.3 s, and the
    // test suite opens hundreds of these.
    const image = pristineClusterFile();
    let client: PGlite | undefined;
    const copy = image ? readIfPresent(image) : undefined;
    if (copy)
      client = await PGlite.create({ loadDataDir: new Blob([copy]), postgresqlconf: EMBEDDED_POSTGRESQL_CONF }).catch(() => undefined);
    if (!client) {
      client = await PGlite.create({ postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
      if (image) await keepPristineCluster(client, image);
    }
    return new EmbeddedPostgres(client, new KyselyPGlite(client));
  }

  /** A Kysely dialect whose connections are serialised through this database's one session. */
  dialect(): Dialect {
    const base = this.#base.dialect;
    const mutex = this.#mutex;
    return {
      createAdapter: () => base.createAdapter(),
      createQueryCompiler: () => base.createQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => base.createIntrospector(db),
      createDriver: () => new SerializedDriver(base.createDriver(), mutex),
    };
  }

  /**
   * The data directory as a tarball (PGlite's `dumpDataDir`), taken while this process holds the
   * one session: no transaction is open, so the copy is a committed state of every service at
   * once. A CHECKPOINT first writes the data files out, so a restore needs no WAL replay to speak
   * of. `settled` (checked with the session held) may ask for the copy to wait: it is asked again
   * after the session was given back for a moment, until it answers true or `waitMs` passed.
   */
  async snapshot(settled: () => boolean = () => true, waitMs = 10_000): Promise<{ tarball: Blob; settled: boolean }> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const release = await this.#mutex.acquire();
      try {
        const calm = settled();
        if (calm || Date.now() >= deadline) {
          await this.client.exec('CHECKPOINT');
          return { tarball: await this.client.dumpDataDir('none'), settled: calm };
        }
      } finally {
        release();
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Makes the database in `dataDir` (which must not hold one) from a tarball `snapshot` made,
   * opens it once to prove it starts (and to replay what WAL it carries), and closes it.
   */
  static async restore(dataDir: string, tarball: Blob): Promise<void> {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({ dataDir, loadDataDir: tarball });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  }

  async close(): Promise<void> {
    if (!this.client.closed) await this.client.close();
  }
}

/**
 * Where a fresh in-memory cluster's files are kept for the next one: the temporary directory,
 * named by PGlite's version and the server settings, so another version never loads them.
 * Undefined when PGlite's version cannot be read (then every database is made fresh).
 */
export function pristineClusterFile(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof manifest.version !== 'string') return undefined;
    const settings = EMBEDDED_POSTGRESQL_CONF.join(',').replace(/[^a-z0-9]+/gi, '-');
    return path.join(tmpdir(), `sc-pglite-${manifest.version}-${settings}.tar`);
  } catch {
    return undefined;
  }
}

function readIfPresent(file: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return new Uint8Array(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** Writes a fresh cluster's files for the next in-memory database (whole or not at all: a rename). */
async function keepPristineCluster(client: PGlite, file: string): Promise<void> {
  try {
    const tarball = await client.dumpDataDir('none');
    const partial = `${file}.${randomUUID()}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // Only a cache: the next database is made fresh.
  }
}
