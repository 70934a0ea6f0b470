// bench/security: every attack script of issue 19 against both modes. Starts `pnpm start` and then
// `pnpm start:cluster` (platform.ts), runs each script against it with BASE_URL (and SERVICE_URLS
// for bypass.ts), and prints their ok/FAIL lines by mode. cache-rss.ts starts its own platforms
// (it needs 50,000 requests and its own settings) and is run apart.
//   node --conditions=@sc/source --import tsx bench/security/run.ts        (BENCH_MODES=embedded)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../lib/processes.js';
import { startPlatform, type Mode } from './platform.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCRIPTS = [
  'coupons.ts',
  'concurrent-wrong-passwords.ts',
  'owner-lockout.ts',
  'bad-input.ts',
  'big-body.ts',
  'cart-burst.ts',
  'crumbless.ts',
  'bypass.ts',
  'order-by-id.ts',
  'signin-burst.ts',
  'slow-clients.ts',
];
const modes = (process.env.BENCH_MODES ?? 'embedded,cluster').split(',') as Mode[];
const only = process.env.BENCH_SCRIPTS?.split(',');

let failed = false;
const summary: string[] = [];
for (const mode of modes) {
  const platform = await startPlatform(mode);
  try {
    for (const script of SCRIPTS.filter((s) => !only || only.includes(s))) {
      const result = spawnSync(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', path.join(HERE, script)], {
        cwd: REPO_ROOT,
        env: { ...process.env, BASE_URL: platform.base, SERVICE_URLS: JSON.stringify(platform.services) },
        encoding: 'utf8',
        timeout: 300_000,
      });
      const lines = `${result.stdout}`.split('\n').filter((l) => /^(ok|FAIL)/.test(l));
      if (result.status !== 0 || lines.length === 0) {
        failed = true;
        lines.push(
          `FAIL ${script} exited ${result.status ?? result.signal}: ${`${result.stderr}`.trim().split('\n').slice(-3).join(' | ')}`,
        );
      }
      for (const line of lines) {
        summary.push(`${mode.padEnd(8)} ${line}`);
        process.stdout.write(`${mode.padEnd(8)} ${line}\n`);
      }
    }
  } finally {
    await platform.stop();
  }
}
process.stdout.write(
  `\nbench/security (${new Date().toISOString()}): ${summary.filter((l) => l.includes(' ok ')).length} ok, ${summary.filter((l) => l.includes('FAIL')).length} FAIL\n`,
);
if (failed || summary.some((l) => l.includes('FAIL'))) process.exitCode = 1;
