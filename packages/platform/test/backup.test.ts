// Embedded backups as files: what goes in (the database as of one moment, the media, nothing
// half-written), what comes back out, and what a restore refuses (a directory in use, a damaged
// or hostile archive) without leaving anything behind.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import tar from 'tar-stream';
import { BackupError, restoreBackup, writeBackup } from '../src/backup/index.js';
import { EmbeddedPostgres } from '../src/database/serialized-pglite.js';

let work: string;
let archive: string;
let embedded: EmbeddedPostgres;
let assetsDir: string;

async function tempDir(name: string): Promise<string> {
  return mkdtemp(path.join(work, `${name}-`));
}

/** The entries of a backup, name and bytes, in order. */
async function entries(file: string): Promise<Array<{ name: string; body: Buffer; type: string }>> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  const out: Array<{ name: string; body: Buffer; type: string }> = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    out.push({ name: entry.header.name, body: Buffer.concat(chunks), type: entry.header.type ?? 'file' });
  }
  await reading;
  return out;
}

/** Writes a gzipped tar of `list` (hostile archives are made this way). */
async function writeArchive(
  file: string,
  list: Array<{ name: string; body?: Buffer; type?: 'file' | 'symlink' | 'directory'; linkname?: string }>,
): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(file));
  for (const item of list) {
    await new Promise<void>((resolve, reject) =>
      pack.entry(
        { name: item.name, type: item.type ?? 'file', linkname: item.linkname, size: item.body?.length ?? 0 },
        item.body ?? Buffer.alloc(0),
        (e) => (e ? reject(e) : resolve()),
      ),
    );
  }
  pack.finalize();
  await done;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sc-backup-'));
  embedded = await EmbeddedPostgres.open(path.join(work, 'source-pg'));
  await embedded.client.exec(
    `create schema shop; create table shop.products (sku text primary key, title text); insert into shop.products values ('MUG-1', 'Blue Mug'), ('BOWL', 'Bowl');`,
  );
  assetsDir = path.join(work, 'source-assets');
  await mkdir(path.join(assetsDir, 'demo'), { recursive: true });
  await writeFile(path.join(assetsDir, 'demo', 'abc123.jpg'), 'jpeg bytes');
  await writeFile(path.join(assetsDir, 'demo', 'abc123.500w.webp'), 'webp bytes');
  await writeFile(path.join(assetsDir, 'demo', 'half.jpg.1a2b3c.part'), 'half written');
  archive = path.join(work, 'backup.tar.gz');
  await writeBackup({ embedded, assetsDir }, createWriteStream(archive));
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

describe('embedded backup', () => {
  it('holds its manifest first, the database, and the media without half-written files', async () => {
    const list = await entries(archive);
    expect(list.map((e) => e.name)).toEqual(['manifest.json', 'pg.tar', 'assets/demo/abc123.500w.webp', 'assets/demo/abc123.jpg']);
    const manifest = JSON.parse(list[0]!.body.toString());
    expect(manifest).toMatchObject({
      format: 'sitebuilder-embedded-backup',
      version: 1,
      settled: true,
      postgres: { file: 'pg.tar', bytes: list[1]!.body.length },
      assets: { included: true, files: 2, bytes: 20 },
    });
  });

  it('restores into an empty directory a database that opens with the same rows, and the media', async () => {
    const target = await tempDir('restored');
    const manifest = await restoreBackup(createReadStream(archive), { dataDir: target, assetsDir: path.join(target, 'assets') });
    expect(manifest.assets.files).toBe(2);
    expect((await readdir(target)).sort()).toEqual(['assets', 'pg']);
    expect(await readFile(path.join(target, 'assets', 'demo', 'abc123.jpg'), 'utf8')).toBe('jpeg bytes');
    const restored = await EmbeddedPostgres.open(path.join(target, 'pg'));
    try {
      expect((await restored.client.query('select sku, title from shop.products order by sku')).rows).toEqual([
        { sku: 'BOWL', title: 'Bowl' },
        { sku: 'MUG-1', title: 'Blue Mug' },
      ]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('waits for the in-process events to be handled before it copies, and says when they were not', async () => {
    let calls = 0;
    const waited = await embedded.snapshot(() => ++calls >= 3, 5_000);
    expect({ settled: waited.settled, calls }).toEqual({ settled: true, calls: 3 });
    const gaveUp = await embedded.snapshot(() => false, 100);
    expect(gaveUp.settled).toBe(false);
    expect(gaveUp.tarball.size).toBeGreaterThan(1_000_000);
  }, 30_000);

  it('refuses a data directory that is not empty, and leaves it as it was', async () => {
    const target = await tempDir('busy');
    await writeFile(path.join(target, 'keep.txt'), 'mine');
    await expect(restoreBackup(createReadStream(archive), { dataDir: target, assetsDir: path.join(target, 'assets') })).rejects.toThrow(
      `${target} is not empty`,
    );
    expect(await readdir(target)).toEqual(['keep.txt']);
  });

  const hostile: Array<
    [string, () => Promise<Array<{ name: string; body?: Buffer; type?: 'file' | 'symlink' | 'directory'; linkname?: string }>>, string]
  > = [
    [
      'a file that is not a backup',
      async () => [{ name: 'notes.txt', body: Buffer.from('hello') }],
      'This is not a backup of this platform',
    ],
    [
      'a path that climbs out of the media directory',
      async () => [
        ...(await entries(archive)).slice(0, 2).map((e) => ({ name: e.name, body: e.body })),
        { name: 'assets/../../evil.sh', body: Buffer.from('x') },
      ],
      'unexpected entry',
    ],
    [
      'a symbolic link',
      async () => [
        ...(await entries(archive)).slice(0, 2).map((e) => ({ name: e.name, body: e.body })),
        { name: 'assets/demo/link.jpg', type: 'symlink', linkname: '/etc/passwd' },
      ],
      'of type symlink',
    ],
    [
      'a database that does not match its checksum',
      async () => {
        const [manifest, pg] = await entries(archive);
        const damaged = Buffer.from(pg!.body);
        damaged[damaged.length - 600] = damaged[damaged.length - 600]! ^ 0xff;
        return [
          { name: 'manifest.json', body: manifest!.body },
          { name: 'pg.tar', body: damaged },
        ];
      },
      'does not match its checksum',
    ],
    [
      'media that the manifest does not list',
      async () => [
        ...(await entries(archive)).map((e) => ({ name: e.name, body: e.body })),
        { name: 'assets/demo/extra.jpg', body: Buffer.from('x') },
      ],
      'do not match its manifest',
    ],
    [
      'a manifest of another format',
      async () => [{ name: 'manifest.json', body: Buffer.from('{"format":"other","version":1}') }],
      'not a backup this version can restore',
    ],
  ];

  it.each(hostile)(
    'refuses %s and leaves the directory empty',
    async (_name, make, message) => {
      const file = path.join(work, `hostile-${Math.random().toString(36).slice(2)}.tar.gz`);
      await writeArchive(file, await make());
      const target = await tempDir('hostile');
      const error = await restoreBackup(createReadStream(file), { dataDir: target, assetsDir: path.join(target, 'assets') }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toContain(message);
      expect(await readdir(target)).toEqual([]);
      expect(await readdir(work)).not.toContain('evil.sh');
    },
    30_000,
  );

  it('refuses a file that is not gzip at all', async () => {
    const target = await tempDir('garbage');
    await expect(
      restoreBackup(Readable.from([Buffer.from('PK\u0003\u0004 not a tar')]), { dataDir: target, assetsDir: undefined }),
    ).rejects.toThrow('The archive is damaged or not a backup');
    expect(await readdir(target)).toEqual([]);
  });
});
