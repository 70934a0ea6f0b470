// In-memory databases start from a copy of a fresh cluster kept in the temporary directory: the
// copy never carries another database's data, and a damaged copy is replaced by a fresh cluster.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { EmbeddedPostgres, pristineClusterFile } from '../../src/database/serialized-pglite.js';

const tablesNamed = async (db: EmbeddedPostgres, name: string) =>
  (await db.client.query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename = $1`, [name])).rows[0]?.n;

describe('in-memory databases from a pristine cluster', () => {
  const file = pristineClusterFile() as string;

  it('names the copy by PGlite version and settings', () => {
    expect(file).toMatch(/sc-pglite-\d+\.\d+\.\d+-shared-buffers-32MB-.*\.tar$/);
  });

  it('gives every database an empty cluster, whatever the one before it held', async () => {
    const first = await EmbeddedPostgres.open();
    await first.client.exec('create table left_behind (x int); insert into left_behind values (1)');
    await first.close();
    expect(readFileSync(file).length).toBeGreaterThan(1_000_000);
    const second = await EmbeddedPostgres.open();
    try {
      expect(await tablesNamed(second, 'left_behind')).toBe(0);
      await second.client.exec('create table mine (x int)');
      expect(await tablesNamed(second, 'mine')).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('makes a fresh cluster when the copy is damaged, and replaces the copy', async () => {
    writeFileSync(file, 'not a tarball');
    const db = await EmbeddedPostgres.open();
    try {
      expect((await db.client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(readFileSync(file).length).toBeGreaterThan(1_000_000);
  }, 60_000);
});
