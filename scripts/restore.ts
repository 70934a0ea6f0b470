// `pnpm restore <file>`: makes DATA_DIR (which must be empty or missing) from a backup that
// `pnpm backup` wrote; then `pnpm start` with the same DATA_DIR serves the same shop. Media goes
// to ASSETS_DIR when set (it must be empty too), else DATA_DIR/assets.
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { BaseEnv, controlSocketPath, embeddedAssetsDir, loadConfig, restoreBackup, runMain, socketAnswers } from '@sc/platform';

await runMain(async () => {
  const config = loadConfig(BaseEnv);
  const file = process.argv[2];
  if (!file) throw new Error('Usage: pnpm restore <backup file> (into DATA_DIR, which must be empty)');
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  if (config.DATABASE_URL)
    throw new Error(
      'DATABASE_URL is set: restore that Postgres with pg_restore (README, "Backup and restore"); `pnpm restore` makes an embedded data directory.',
    );
  if (await socketAnswers(controlSocketPath(config.DATA_DIR)))
    throw new Error(`A platform is running on ${path.resolve(config.DATA_DIR)}: restore into an empty data directory.`);
  const started = Date.now();
  const manifest = await restoreBackup(createReadStream(file), {
    dataDir: config.DATA_DIR,
    assetsDir: embeddedAssetsDir({ DATA_DIR: config.DATA_DIR, ASSETS_DIR: process.env.ASSETS_DIR, S3_BUCKET: process.env.S3_BUCKET }),
  });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${path.resolve(config.DATA_DIR)} (database ${(manifest.postgres.bytes / 1024 / 1024).toFixed(1)} MB, ` +
      `${manifest.assets.files} media files) in ${((Date.now() - started) / 1000).toFixed(1)} s. Start it with DATA_DIR=${config.DATA_DIR} pnpm start.\n`,
  );
});
