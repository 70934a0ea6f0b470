// `pnpm start` serves the web app's build (web/dist: the storefront islands and the admin app).
// A new checkout has none, and a developer's may be older than their sources: then it is built
// first (a few seconds, while the services start), so that the README's first command gives a
// working storefront. Whether the build is current is decided by a hash of its sources' contents
// (kept in web/dist/.source-hash), not their times: a checkout, a branch switch or a `touch`
// changes times but not what the build would be, and rebuilding then cost every start ~15 s.
// A WEB_DIST pointing elsewhere is the operator's own build and is left alone.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');
const DEFAULT_DIST = path.join(WEB, 'dist');
/** What the build is made from: the web app and the contracts it compiles in. */
const SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'config.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(ROOT, 'packages', 'contracts', 'src'),
];

const HASH_FILE = '.source-hash';

/** Every file under `target` (itself when it is a file), in a stable order. */
function filesUnder(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .sort()
    .flatMap((entry) => (entry === 'node_modules' || entry === 'dist' ? [] : filesUnder(path.join(target, entry))));
}

/** A hash of the build's sources: their paths and contents. */
export function webSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder))
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Why web/dist must be (re)built, or undefined when it is up to date. */
export function webBuildReason(dist: string = DEFAULT_DIST, sourceHash = webSourceHash()): string | undefined {
  const manifest = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifest) || !existsSync(path.join(dist, 'config.html'))) return 'web/dist is missing';
  const hashFile = path.join(dist, HASH_FILE);
  const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  return built === sourceHash ? undefined : 'its sources changed';
}

/**
 * Builds web/dist when it is missing or stale (only for the default WEB_DIST), in a child process;
 * resolves when it is done. The gateway, which serves the build, must start after it.
 */
export function ensureWebBuilt(webDist: string | undefined, log: (line: string) => void): Promise<void> {
  if (webDist && path.resolve(ROOT, webDist) !== DEFAULT_DIST) return Promise.resolve();
  const sourceHash = webSourceHash();
  const reason = webBuildReason(DEFAULT_DIST, sourceHash);
  if (!reason) return Promise.resolve();
  log(`Building the web app (${reason})…`);
  const vite = path.join(WEB, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve) => {
    // What users run is the production build, whatever NODE_ENV this process was given (Jest's
    // 'test' would give React's development build).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: WEB,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const done = (ok: boolean) => {
      // The platform still starts without it: pages are readable, only their islands are missing.
      if (ok) writeFileSync(path.join(DEFAULT_DIST, HASH_FILE), `${sourceHash}\n`);
      else log('The web app did not build; pages are served without their interactive parts.');
      resolve();
    };
    child.once('error', () => done(false));
    child.once('exit', (code) => done(code === 0));
  });
}
