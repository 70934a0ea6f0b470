// `pnpm start` serves the web app's build (web/dist: the storefront islands and the admin app).
// A new checkout has none, and a developer's may be older than their sources: then it is built
// first (a few seconds, while the services start), so that the README's first command gives a
// working storefront. A WEB_DIST pointing elsewhere is the operator's own build and is left alone.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');
const DEFAULT_DIST = path.join(WEB, 'dist');
/** What the build is made from: the web app and the contracts it compiles in. */
const SOURCES = [path.join(WEB, 'src'), path.join(WEB, 'public'), path.join(WEB, 'config.html'), path.join(WEB, 'vite.config.ts'), path.join(ROOT, 'packages', 'contracts', 'src')];

/** The newest modification time under `target` (0 when it does not exist). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/** Why web/dist must be (re)built, or undefined when it is up to date. */
export function webBuildReason(dist: string = DEFAULT_DIST): string | undefined {
  const manifest = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifest) || !existsSync(path.join(dist, 'config.html'))) return 'web/dist is missing';
  const built = statSync(manifest).mtimeMs;
  return SOURCES.some((source) => newest(source) > built) ? 'web/dist is older than its sources' : undefined;
}

/**
 * Builds web/dist when it is missing or stale (only for the default WEB_DIST), in a child process;
 * resolves when it is done. The gateway, which serves the build, must start after it.
 */
export function ensureWebBuilt(webDist: string | undefined, log: (line: string) => void): Promise<void> {
  if (webDist && path.resolve(ROOT, webDist) !== DEFAULT_DIST) return Promise.resolve();
  const reason = webBuildReason();
  if (!reason) return Promise.resolve();
  log(`Building the web app (${reason})…`);
  const vite = path.join(WEB, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve) => {
    // What users run is the production build, whatever NODE_ENV this process was given (Jest's
    // 'test' would give React's development build).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: WEB, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const done = (ok: boolean) => {
      // The platform still starts without it: pages are readable, only their islands are missing.
      if (!ok) log('The web app did not build; pages are served without their interactive parts.');
      resolve();
    };
    child.once('error', () => done(false));
    child.once('exit', (code) => done(code === 0));
  });
}
