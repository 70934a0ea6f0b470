// The production build of one process (`pnpm build:service <app> <out dir>`), the steps the
// Dockerfile runs and scripts/prove-image.sh repeats without Docker:
//   1. `pnpm deploy --prod` of the app's package: its production dependencies only, hoisted into
//      one flat node_modules (no dev tools, no tsx, no TypeScript);
//   2. esbuild compiles the app and the workspace packages it uses (@sc/*, TypeScript source)
//      into dist/bundle/main.js; npm packages stay external and load from that node_modules;
//   3. the TypeScript sources and tests are removed; render keeps its themes, and render and the
//      gateway get the built web app (web/dist, built first when missing).
// The bundle sits two levels below the package root, as src/<dir>/file.ts did, so paths made
// from import.meta.url (render's themes) point at the same files.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVICE_PORTS } from '@sc/platform';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [app, outArg] = process.argv.slice(2);
const apps = [...Object.keys(SERVICE_PORTS), 'gateway'];
if (!app || !apps.includes(app) || !outArg) {
  process.stderr.write(`usage: pnpm build:service <${apps.join('|')}> <out dir>\n`);
  process.exit(1);
}
const out = path.resolve(outArg);
const packageDir = app === 'gateway' ? 'gateway' : `services/${app}`;
const pnpm = ['-y', 'pnpm@10.34.9'];
const run = (args: string[]) => execFileSync('npx', [...pnpm, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

const needsWeb = app === 'gateway' || app === 'render';
if (needsWeb && !existsSync(path.join(root, 'web/dist/.vite/manifest.json'))) run(['--filter', '@sc/web', 'build']);

rmSync(out, { recursive: true, force: true });
run(['--filter', `@sc/${app}`, 'deploy', '--prod', '--legacy', '--config.node-linker=hoisted', out]);

await build({
  entryPoints: [path.join(root, packageDir, 'src/main.ts')],
  outfile: path.join(out, 'dist/bundle/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  conditions: ['@sc/source'],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // Bare imports other than the workspace's own (@sc/*) load from node_modules at run time.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sc/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

// Sources, tests and the workspace packages' copies are in the bundle now.
for (const dir of ['src', 'test', 'bench']) rmSync(path.join(out, dir), { recursive: true, force: true });
const scoped = path.join(out, 'node_modules/@sc');
if (existsSync(scoped)) for (const name of readdirSync(scoped)) rmSync(path.join(scoped, name), { recursive: true, force: true });
rmSync(scoped, { recursive: true, force: true });
if (needsWeb) cpSync(path.join(root, 'web/dist'), path.join(out, 'web/dist'), { recursive: true });
process.stdout.write(`built ${app} into ${out}\n`);
