// Migrations on their own (deploy/k8s: the migrate Job runs each service image with
// MIGRATE_ONLY=1 before a rollout): migrateService applies a service's pending migrations with the
// database alone, once; runService with MIGRATE_ONLY=1 migrates and exits without building the
// app or opening a port. Real Postgres when DATABASE_URL is set, the embedded PGlite otherwise.
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { serviceEnv } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { migrateService } from '../src/service.js';
import { openServiceInfra } from '../src/infra.js';
import { mode, testConfig, unique } from '../test-kit/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-migrate-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const logger = createLogger('test', 'silent');
const migrations = {
  '0001_notes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
    },
  },
};

describe(`migrateService on ${mode.database}`, () => {
  // A file-backed embedded database, so that the second run sees what the first one left.
  const config = () => testConfig(0, mode.database === 'pglite' ? { DATA_DIR: tempDir() } : {});

  it('applies the platform and service migrations once, then finds nothing to do', async () => {
    const schema = unique('migonly').toLowerCase();
    const cfg = config();
    const first = await migrateService({ name: schema, migrations }, cfg, logger);
    expect(first).toEqual(expect.arrayContaining(['0000_platform_outbox', '0001_notes']));
    expect(await migrateService({ name: schema, migrations }, cfg, logger)).toEqual([]);
    // The tables are there for the service to use.
    const infra = await openServiceInfra(schema, { ...cfg, NATS_URL: undefined, REDIS_URL: undefined }, logger);
    try {
      const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.notes`)}`.execute(infra.database.db);
      expect(rows.rows[0]?.n).toBe(0);
    } finally {
      await infra.close();
    }
  });

  it('opens nothing but the database: an unreachable bus and cache do not matter', async () => {
    const schema = unique('migonly').toLowerCase();
    const cfg = { ...config(), NATS_URL: 'nats://127.0.0.1:1', REDIS_URL: 'redis://127.0.0.1:1' };
    await expect(migrateService({ name: schema, migrations }, cfg, logger)).resolves.toContain('0001_notes');
  });

  it('reports the failing migration by name', async () => {
    const schema = unique('migonly').toLowerCase();
    const failing = { '0001_broken': { up: async (db: Kysely<unknown>) => void (await sql`select * from no_such_table`.execute(db)) } };
    await expect(migrateService({ name: schema, migrations: failing }, config(), logger)).rejects.toThrow(
      `Migration ${schema}/0001_broken failed`,
    );
  });
});

describe('MIGRATE_ONLY', () => {
  it('is read as a flag', () => {
    const parse = (value?: string) => serviceEnv(1).parse(value === undefined ? {} : { MIGRATE_ONLY: value }).MIGRATE_ONLY;
    expect(parse('1')).toBe(true);
    expect(parse('true')).toBe(true);
    expect(parse('0')).toBe(false);
    expect(parse('')).toBeUndefined();
    expect(parse()).toBeUndefined();
    expect(() => parse('yes')).toThrow();
  });

  /** Runs the fixture main as a process; resolves with its exit code and output. */
  const runMain = (env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--conditions=@sc/source', '--import', 'tsx', path.join(here, 'fixtures/migrate-only-main.ts')],
        {
          cwd: root,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });

  it('makes a service main migrate and exit without building the app or listening', async () => {
    // Embedded on purpose: the fixture's migration must not land in a real "analytics" schema.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: tempDir(),
      MIGRATE_ONLY: '1',
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
    };
    const first = await runMain(env);
    expect(first.out).toContain('applied');
    expect(first.out).toContain('0001_fixture_notes');
    expect(first.code).toBe(0);
    const second = await runMain(env);
    expect(second.out).toContain('schema up to date');
    expect(second.code).toBe(0);
    // Without the flag the same main builds the app, whose routes() throws: proof that the flag,
    // not the fixture, kept it from starting.
    const started = await runMain({ ...env, MIGRATE_ONLY: '0', PORT: '0' });
    expect(started.code).toBe(1);
    expect(started.out).toContain('MIGRATE_ONLY must not build the app');
  }, 120_000);
});
