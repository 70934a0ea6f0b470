// `pnpm backup [file]`: a backup of embedded mode (the PGlite data directory and the media files)
// in one gzipped tar. While the platform runs, it is asked for the copy through its control socket
// (a consistent state of every service, taken between two transactions); when it does not run,
// the data directory is opened here and copied the same way. Cluster mode (DATABASE_URL) is backed
// up with pg_dump instead: README "Backup and restore".
import { createWriteStream } from 'node:fs';
import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BaseEnv,
  controlSocketPath,
  embeddedAssetsDir,
  loadConfig,
  openEmbeddedPostgres,
  requestBackup,
  runMain,
  socketAnswers,
  writeBackup,
} from '@sc/platform';

await runMain(async () => {
  const config = loadConfig(BaseEnv);
  if (config.DATABASE_URL)
    throw new Error(
      'DATABASE_URL is set: back up that Postgres with pg_dump (README, "Backup and restore"); `pnpm backup` copies embedded mode.',
    );
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const target = path.resolve(process.argv[2] ?? `sitebuilder-backup-${stamp}.tar.gz`);
  if (existsSync(target)) throw new Error(`${target} exists already; name another file.`);
  const partial = `${target}.partial`;
  const started = Date.now();
  const running = await socketAnswers(controlSocketPath(config.DATA_DIR));
  try {
    if (running) {
      await pipeline(await requestBackup(config.DATA_DIR), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    } else {
      if (!existsSync(path.join(config.DATA_DIR, 'pg', 'PG_VERSION')))
        throw new Error(`There is no embedded database in ${path.resolve(config.DATA_DIR)} (set DATA_DIR).`);
      const embedded = await openEmbeddedPostgres(config.DATA_DIR);
      try {
        const assetsDir = embeddedAssetsDir({
          DATA_DIR: config.DATA_DIR,
          ASSETS_DIR: process.env.ASSETS_DIR,
          S3_BUCKET: process.env.S3_BUCKET,
        });
        await writeBackup({ embedded, assetsDir }, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      } finally {
        await embedded.close();
      }
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const size = (await stat(target)).size;
  process.stdout.write(
    `Backed up ${running ? 'the running platform' : 'the stopped platform'} in ${path.resolve(config.DATA_DIR)}: ${target} (${(size / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
});
