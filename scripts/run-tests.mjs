// `pnpm test [jest arguments]`: the two Jest projects one after the other, each given the same
// arguments (a path filter narrows both): "parallel" with two workers, then "processes" in band.
// Both always run; the exit code is non-zero when either failed.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...args];
const run = (project, extra) =>
  spawnSync(process.execPath, [...jest, '--selectProjects', project, '--passWithNoTests', ...extra], { stdio: 'inherit' }).status ?? 1;

const parallel = run('parallel', []);
const processes = run('processes', ['--runInBand']);
process.exit(parallel !== 0 ? parallel : processes);
