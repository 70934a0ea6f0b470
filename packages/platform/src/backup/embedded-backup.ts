// Backups of embedded mode: one gzipped tar holding manifest.json (what the archive holds, with a
// checksum of each part), pg.tar (PGlite's data directory, taken by EmbeddedPostgres.snapshot
// while the process holds its one session) and assets/<website>/<file> (uploaded media; files are
// written once under their content hash and never changed, so copying them after the database
// leaves no row without its file). Restoring checks every entry's name, type and checksum, writes
// only into an empty data directory, and proves the database opens before it says it worked.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable, type Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { EmbeddedPostgres } from '../database/serialized-pglite.js';

export const BACKUP_FORMAT = 'sitebuilder-embedded-backup';

export const BackupManifest = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(1),
    createdAt: z.string(),
    /** False when the in-process bus still had events in flight after the wait (a read model may lag them). */
    settled: z.boolean(),
    postgres: z
      .object({ file: z.literal('pg.tar'), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
      .strict(),
    assets: z
      .object({
        included: z.boolean(),
        files: z.number().int().nonnegative(),
        bytes: z.number().int().nonnegative(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      })
      .strict(),
  })
  .strict();
export type BackupManifest = z.infer<typeof BackupManifest>;

/** Where embedded mode keeps uploaded media (content's ASSETS_DIR rule), or undefined when it is S3. */
export function embeddedAssetsDir(env: { DATA_DIR: string; ASSETS_DIR?: string; S3_BUCKET?: string }): string | undefined {
  if (env.S3_BUCKET) return undefined;
  return env.ASSETS_DIR || path.join(env.DATA_DIR, 'assets');
}

// The same shape as content's asset keys ('site/ID.jpg', 'site/ID.500w.webp'): nothing else is
// taken from a directory or accepted from an archive, so no entry can name a path outside it.
const ASSET_KEY = /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}(?:\.[a-z0-9]{1,16})?\.[a-z0-9]{1,8}$/;
const MANIFEST_MAX_BYTES = 64 * 1024;

interface AssetFile {
  key: string;
  size: number;
}

async function listAssets(dir: string | undefined): Promise<AssetFile[]> {
  if (!dir) return [];
  const files: AssetFile[] = [];
  let sites: string[];
  try {
    sites = (await readdir(dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  for (const site of sites) {
    let names: string[];
    try {
      names = (await readdir(path.join(dir, site))).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const key = `${site}/${name}`;
      if (!ASSET_KEY.test(key)) continue; // half-written `.part` files and strangers
      const info = await stat(path.join(dir, key));
      if (info.isFile()) files.push({ key, size: info.size });
    }
  }
  return files.sort(byKey);
}

// The assets' checksum covers names and sizes (the files are immutable by construction); reading
// every file twice to hash its bytes would double a backup's time for nothing.
const byKey = (a: AssetFile, b: AssetFile): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function assetsDigest(files: readonly AssetFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.key}\0${file.size}\n`);
  return hash.digest('hex');
}

export interface BackupSource {
  embedded: EmbeddedPostgres;
  /** The media directory, or undefined when media lives in S3 (then it is not in the archive). */
  assetsDir: string | undefined;
  /** True when every event published in-process has been handled (embedded mode's MemoryBus). */
  settled?: () => boolean;
}

/** Writes a backup of the running (or just opened) embedded platform to `out`; answers its manifest. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  const { tarball, settled } = await source.embedded.snapshot(source.settled);
  const pg = Buffer.from(await tarball.arrayBuffer());
  const assets = await listAssets(source.assetsDir);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    settled,
    postgres: { file: 'pg.tar', bytes: pg.length, sha256: createHash('sha256').update(pg).digest('hex') },
    assets: {
      included: source.assetsDir !== undefined,
      files: assets.length,
      bytes: assets.reduce((sum, a) => sum + a.size, 0),
      sha256: assetsDigest(assets),
    },
  };
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), out);
  const entry = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())),
    );
  try {
    await entry('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await entry('pg.tar', pg);
    for (const file of assets) {
      const sink = pack.entry({ name: `assets/${file.key}`, size: file.size, mode: 0o600 });
      await pipeline(createReadStream(path.join(source.assetsDir!, file.key)), sink);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
  return manifest;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface RestoreTarget {
  dataDir: string;
  /** Where media goes: embeddedAssetsDir() of the restored platform's settings. */
  assetsDir: string | undefined;
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Empties `dir` (which was empty or missing before the restore began), keeping the directory itself. */
async function emptyAgain(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) await rm(path.join(dir, name), { recursive: true, force: true });
}

/** A pass-through that hashes and counts what goes by. */
function hashing(): Transform & { digest: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ sha256: hash.digest('hex'), bytes }) });
}

/**
 * Restores `archive` (a stream of what writeBackup wrote) into an empty data directory. On any
 * problem everything written is removed again and a BackupError says what was wrong.
 */
export async function restoreBackup(archive: Readable, target: RestoreTarget): Promise<BackupManifest> {
  const dataDir = path.resolve(target.dataDir);
  const assetsDir = target.assetsDir === undefined ? undefined : path.resolve(target.assetsDir);
  if (!(await isEmptyOrMissing(dataDir))) throw new BackupError(`${dataDir} is not empty: restore into an empty (or new) data directory.`);
  if (assetsDir && !assetsDir.startsWith(`${dataDir}${path.sep}`) && !(await isEmptyOrMissing(assetsDir))) {
    throw new BackupError(`${assetsDir} (ASSETS_DIR) is not empty: restore into an empty media directory.`);
  }
  const staging = path.join(dataDir, '.restore');
  await mkdir(staging, { recursive: true });
  try {
    const manifest = await unpack(archive, staging, assetsDir);
    await EmbeddedPostgres.restore(path.join(dataDir, 'pg'), await openAsBlob(path.join(staging, 'pg.tar')));
    await rm(staging, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    await emptyAgain(dataDir);
    if (assetsDir && !assetsDir.startsWith(`${dataDir}${path.sep}`)) await emptyAgain(assetsDir);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive could not be restored: ${(error as Error).message}`, { cause: error });
  }
}

async function unpack(archive: Readable, staging: string, assetsDir: string | undefined): Promise<BackupManifest> {
  const extract = tar.extract();
  const reading = pipeline(archive, createGunzip(), extract);
  let manifest: BackupManifest | undefined;
  let pg: { sha256: string; bytes: number } | undefined;
  const assets: AssetFile[] = [];
  try {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      if (type !== 'file') throw new BackupError(`The archive holds ${name} of type ${type}; a backup holds only files.`);
      if (!manifest) {
        if (name !== 'manifest.json' || size > MANIFEST_MAX_BYTES)
          throw new BackupError('This is not a backup of this platform (its first entry must be manifest.json).');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          throw new BackupError('The backup manifest is not JSON.');
        }
        const checked = BackupManifest.safeParse(parsed);
        if (!checked.success)
          throw new BackupError(`This is not a backup this version can restore: ${checked.error.issues[0]?.message ?? 'bad manifest'}.`);
        manifest = checked.data;
      } else if (name === 'pg.tar' && !pg) {
        const hash = hashing();
        await pipeline(entry, hash, createWriteStream(path.join(staging, 'pg.tar'), { flags: 'wx', mode: 0o600 }));
        pg = hash.digest();
      } else if (name.startsWith('assets/') && ASSET_KEY.test(name.slice('assets/'.length))) {
        const key = name.slice('assets/'.length);
        if (!assetsDir)
          throw new BackupError(
            'The backup holds media files but this platform keeps media in S3 (S3_BUCKET): unset it to restore them to a directory.',
          );
        await mkdir(path.join(assetsDir, path.dirname(key)), { recursive: true });
        await pipeline(entry, createWriteStream(path.join(assetsDir, key), { flags: 'wx', mode: 0o644 }));
        assets.push({ key, size });
      } else {
        throw new BackupError(`The archive holds an unexpected entry: ${JSON.stringify(name.slice(0, 200))}.`);
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive is damaged or not a backup: ${(error as Error).message}`, { cause: error });
  }
  if (!manifest) throw new BackupError('The archive is empty.');
  if (!pg || pg.sha256 !== manifest.postgres.sha256 || pg.bytes !== manifest.postgres.bytes)
    throw new BackupError('The database in the archive does not match its checksum: the file is damaged.');
  assets.sort(byKey);
  if (assets.length !== manifest.assets.files || assetsDigest(assets) !== manifest.assets.sha256)
    throw new BackupError('The media files in the archive do not match its manifest: the file is damaged.');
  return manifest;
}
