// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 25's image proof, run as CI runs it: scripts/prove-image.sh builds the cart as the
// Dockerfile does (pnpm deploy --prod, the compiled bundle), starts the compiled main as a
// non-root user on a read-only tree, waits for /readyz and checks /metrics on METRICS_PORT. The
// cart, because its routes read @sc/contracts' schemas while they load: a bundle that initialises
// modules in the wrong order dies there (it did, once createHttpApp imported the examples lazily).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT } from './helpers.js';

function prove(app: string, env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['scripts/prove-image.sh', app], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the production image of a service (scripts/prove-image.sh)', () => {
  it('builds the cart, starts it as a non-root user, and reports a size under 200 MB and its start time', async () => {
    // The embedded defaults (PGlite, in-memory bus and cache) in a directory the runtime user may write.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-prove-'));
    chmodSync(dataDir, 0o777);
    try {
      const { code, output } = await prove('cart', {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        NATS_URL: undefined,
        REDIS_URL: undefined,
        NODE_BIN: process.execPath,
      });
      expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/^cart\s+\d+(\.\d+)?M\s+\d+ ms$/m) as unknown });
      const [, size] = /^cart\s+(\d+(?:\.\d+)?)M/m.exec(output) ?? [];
      expect(Number(size)).toBeLessThan(200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
