// Cluster mode's backup procedure (README "Backup and restore", scripts/cluster-backup.sh and
// cluster-restore.sh) against the real Postgres of DATABASE_URL: the demo seeded into a database
// of its own, dumped, restored into a second, empty one; every table holds the same rows, a second
// restore over it is refused, and the platform started on the copy serves the shop. It needs
// pg_dump and a server URL, so it runs in CI's real-server pass and is skipped in embedded runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@sc/platform/test-kit';
import { ROOT, startProcess, waitForHttp, type Running } from './helpers.js';
import { OwnerApi } from './storefront-kit.js';

const server = process.env.DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const names = { source: `sc_backup_src_${suffix}`, copy: `sc_backup_dst_${suffix}` };
const urlOf = (database: string) => {
  const url = new URL(server ?? 'postgres://localhost/x');
  url.pathname = `/${database}`;
  return url.toString();
};
let created = false;
let platform: Running | undefined;

function bash(script: string, env: Record<string, string>): { code: number | null; output: string } {
  const run = spawnSync('bash', [path.join(ROOT, 'scripts', script), ...(env.ARG ? [env.ARG] : [])], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Runs SQL with psql (installed with pg_dump); answers its unaligned output. */
function psql(url: string, query: string): string {
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atc', query], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
  return run.stdout;
}

/** Every table of the database with its number of rows. */
function rowCounts(url: string): Record<string, number> {
  const out = psql(
    url,
    `select table_schema || '.' || table_name || '=' || (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', table_schema, table_name), false, true, '')))[1]::text
       from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.lastIndexOf('=')), Number(line.slice(line.lastIndexOf('=') + 1))]),
  );
}

afterAll(async () => {
  platform?.child.kill('SIGKILL');
  if (created) for (const name of Object.values(names)) psql(server!, `drop database if exists ${name} with (force)`);
});

(server && hasPgDump ? describe : describe.skip)(
  'cluster mode backup with pg_dump and pg_restore (DATABASE_URL and pg_dump needed)',
  () => {
    it('restores a seeded database into an empty one with the same rows, and the platform serves it', async () => {
      created = true;
      for (const name of Object.values(names)) psql(server!, `create database ${name}`);
      const work = mkdtempSync(path.join(tmpdir(), 'sc-cluster-backup-'));
      const seeded = startProcess('scripts/seed.ts', {
        DATABASE_URL: urlOf(names.source),
        NATS_URL: '',
        REDIS_URL: '',
        DATA_DIR: path.join(work, 'source'),
        LOG_LEVEL: 'warn',
      });
      expect({ code: await seeded.exited, output: seeded.output() }).toMatchObject({ code: 0 });

      const dump = bash('cluster-backup.sh', {
        DATABASE_URL: urlOf(names.source),
        ASSETS_DIR: path.join(work, 'source', 'assets'),
        ARG: path.join(work, 'dump'),
      });
      expect(dump).toMatchObject({ code: 0, output: expect.stringContaining('Backed up') });
      const restored = bash('cluster-restore.sh', {
        DATABASE_URL: urlOf(names.copy),
        ASSETS_DIR: path.join(work, 'copy-assets'),
        ARG: path.join(work, 'dump'),
      });
      expect(restored).toMatchObject({ code: 0, output: expect.stringContaining('Restored') });
      const before = rowCounts(urlOf(names.source));
      expect(Object.keys(before).length).toBeGreaterThan(50);
      expect(rowCounts(urlOf(names.copy))).toEqual(before);
      const again = bash('cluster-restore.sh', {
        DATABASE_URL: urlOf(names.copy),
        ASSETS_DIR: path.join(work, 'other-assets'),
        ARG: path.join(work, 'dump'),
      });
      expect(again).toMatchObject({ code: 1, output: expect.stringContaining('restore into an empty database') });

      // The platform on the copy (one process, Postgres at the copy's URL) serves the demo shop.
      const port = await freePort();
      platform = startProcess('scripts/start-embedded.ts', {
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(await freePort()),
        DATABASE_URL: urlOf(names.copy),
        NATS_URL: '',
        REDIS_URL: '',
        DATA_DIR: path.join(work, 'copy'),
        ASSETS_DIR: path.join(work, 'copy-assets'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      });
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/readyz`, 180_000);
      const shop = await fetch(`${url}/shop/waxed-canvas-market-tote`);
      expect(shop.status).toBe(200);
      expect(await shop.text()).toContain('Waxed Canvas Market Tote');
      const owner = await OwnerApi.signIn(url);
      expect(await owner.call('GET', '/api/auth/session')).toBeTruthy();
      platform.child.kill('SIGINT');
      await platform.exited;
      platform = undefined;
    }, 400_000);
  },
);
