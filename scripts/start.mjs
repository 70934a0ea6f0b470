// `pnpm start` and `pnpm start:cluster` (and README's first command, `node scripts/start.mjs`):
// checks the Node version in one clear line, then runs the TypeScript launcher in a child with the
// memory settings it needs (heap bound, two malloc arenas: README "Memory in embedded mode").
//
// Ctrl-C reaches the child from the terminal (the whole foreground group gets SIGINT); the child
// drains and exits 0, and this process then exits with the child's code, so a clean stop is exit 0
// with nothing printed after "stopped cleanly". (Run through `pnpm start`, pnpm itself still prints
// "ELIFECYCLE Command failed." on any Ctrl-C: pnpm 10 reports an interrupted script as failed,
// whatever its code. That is why README's command runs this file with node directly.)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeTooOld } from './node-check.mjs';

const mode = process.argv[2] === 'cluster' ? 'cluster' : 'embedded';
const tooOld = nodeTooOld(process.version, mode === 'cluster' ? 'pnpm start:cluster' : 'pnpm start');
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = mode === 'cluster' ? 'scripts/start-cluster.ts' : 'scripts/start-embedded.ts';
// The embedded process holds every service: its heap is bounded (EMBEDDED_HEAP_MB) so V8 collects
// before the process grows past what a busy site needs. The cluster launcher bounds each child itself.
const heap = mode === 'embedded' ? [`--max-old-space-size=${Number(process.env.EMBEDDED_HEAP_MB) || 512}`, '--max-semi-space-size=8'] : [];
const child = spawn(process.execPath, [...heap, '--conditions=@sc/source', '--import', 'tsx', entry, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
    SC_LAUNCHED_AT: String(Math.round(performance.timeOrigin)),
  },
});

// SIGINT comes from the terminal to the child as well; SIGTERM (a supervisor, `kill`) only to us.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
