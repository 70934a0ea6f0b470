// The password-hashing threads under `pnpm start` (TypeScript run through tsx): a thread must not
// inherit `--import tsx`, or each new thread starts an esbuild child that nobody reaps once the
// thread ends after its idle timeout (a defunct esbuild per idle sign-in burst, piling up).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HASH_POOL = path.join(ROOT, 'services/identity/src/passwords/hash-pool.ts');

// Runs a hash on a pool thread, closes the pool, and prints the states of this process's children.
const SCRIPT = `
import { readdirSync, readFileSync } from 'node:fs';
import { HashPool } from ${JSON.stringify(HASH_POOL)};
const pool = new HashPool({ threads: 1, maxQueue: 4 });
await pool.scrypt({ password: 'x', salt: Buffer.from('salt'), length: 32, N: 1024, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
await pool.close();
await new Promise((resolve) => setTimeout(resolve, 300));
const states = [];
for (const pid of readdirSync('/proc').filter((name) => /^\\d+$/.test(name))) {
  try {
    const stat = readFileSync('/proc/' + pid + '/stat', 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (parent === String(process.pid)) states.push(state);
  } catch {}
}
console.log(JSON.stringify(states));
`;

describe('HashPool under tsx', () => {
  it('leaves no defunct child behind when a thread ends', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hash-pool-'));
    const file = path.join(dir, 'run.mts');
    writeFileSync(file, SCRIPT);
    const run = spawnSync(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const states = JSON.parse(run.stdout.trim()) as string[];
    expect(states).not.toContain('Z');
  }, 60_000);
});
