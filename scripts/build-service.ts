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
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

const built = await build({
  metafile: true,
  entryPoints: { main: path.join(root, packageDir, 'src/main.ts') },
  outdir: path.join(out, 'dist/bundle'),
  bundle: true,
  // A dynamic import() of a workspace module (createHttpApp's '@sc/contracts/examples') becomes its
  // own chunk. Without splitting esbuild wraps that module and everything it imports in lazy
  // initialisers, and a module that reads an export of @sc/contracts at load time could run before
  // them (the cart died on "OrderStatus.optional" of undefined).
  splitting: true,
  // Chunks beside main.js: paths made from import.meta.url stay two levels below the package root.
  chunkNames: 'chunk-[hash]',
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

// `pnpm deploy --legacy` with the hoisted linker installs the production dependencies of the whole
// workspace (every app got the same 243 MB: sharp, the AWS SDK and CLDR data in the cart). Keep only
// what this app can load: the npm packages its bundle imports, the production dependencies of the
// workspace packages compiled into it (packages loaded by name at run time, such as pino's
// transports, are declared there), and everything those need in turn.
const dependenciesOf = (packageJson: string): string[] => {
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as Record<string, Record<string, string> | undefined>;
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
};
/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const wanted: string[] = [];
for (const output of Object.values(built.metafile.outputs)) {
  for (const imported of output.imports)
    if (imported.external && !imported.path.startsWith('node:')) wanted.push(packageName(imported.path));
}
const workspaceDirs = new Set<string>();
for (const input of Object.keys(built.metafile.inputs)) {
  const match = /^(?:\.\.\/)*((?:packages|services)\/[^/]+|gateway)\//.exec(path.relative(root, path.resolve(input)));
  if (match?.[1]) workspaceDirs.add(match[1]);
}
for (const dir of workspaceDirs)
  wanted.push(...dependenciesOf(path.join(root, dir, 'package.json')).filter((name) => !name.startsWith('@sc/')));
const modules = path.join(out, 'node_modules');
const keep = new Set<string>();
/** Follows the dependencies of the package in `dir` as Node resolves them: a copy nested in its own
 * node_modules (kept with it, glob's minimatch@3) first, else the hoisted one, which is kept. */
const seen = new Set<string>();
const follow = (dir: string): void => {
  if (seen.has(dir)) return;
  seen.add(dir);
  for (const dependency of dependenciesOf(path.join(dir, 'package.json'))) {
    let found = false;
    for (let at = dir; at.startsWith(modules + path.sep) && !found; at = path.dirname(at)) {
      const candidate = path.join(at, 'node_modules', dependency);
      if (path.basename(at) !== 'node_modules' && existsSync(path.join(candidate, 'package.json'))) {
        follow(candidate);
        found = true;
      }
    }
    if (!found) wanted.push(dependency);
  }
};
while (wanted.length > 0) {
  const name = wanted.pop()!;
  const manifest = path.join(modules, name, 'package.json');
  if (keep.has(name) || !existsSync(manifest)) continue;
  keep.add(name);
  follow(path.join(modules, name));
}
for (const entry of readdirSync(modules)) {
  if (entry === '.bin' || entry.startsWith('.')) continue;
  const names = entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`) : [entry];
  for (const name of names)
    if (!keep.has(name) && !name.startsWith('@sc/')) rmSync(path.join(modules, name), { recursive: true, force: true });
}
rmSync(path.join(modules, '.bin'), { recursive: true, force: true });

// Sources, tests and the workspace packages' copies are in the bundle now.
for (const dir of ['src', 'test', 'bench']) rmSync(path.join(out, dir), { recursive: true, force: true });
const scoped = path.join(out, 'node_modules/@sc');
if (existsSync(scoped)) for (const name of readdirSync(scoped)) rmSync(path.join(scoped, name), { recursive: true, force: true });
rmSync(scoped, { recursive: true, force: true });
if (needsWeb) cpSync(path.join(root, 'web/dist'), path.join(out, 'web/dist'), { recursive: true });
process.stdout.write(`built ${app} into ${out}\n`);
