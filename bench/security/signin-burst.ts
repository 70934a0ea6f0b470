// Row "40 concurrent sign-ins": p99 latency of a static asset before and during a burst of 40
// sign-ins (password hashing runs on a bounded pool, off the threads that serve files).
// ASSET_PATH picks the asset (default: the first /assets/ file the home page links, else /favicon.ico).
import { BASE_URL, report, Visitor } from './lib.js';

async function assetPath(): Promise<string> {
  if (process.env.ASSET_PATH) return process.env.ASSET_PATH;
  const html = await (await fetch(`${BASE_URL}/`)).text();
  return /["'](\/assets\/[^"'?#]+)/.exec(html)?.[1] ?? '/favicon.ico';
}

const p99 = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] ?? 0;

/** Times sequential GETs of the asset until `until` resolves (or `n` samples). */
async function sample(path: string, n: number, until?: Promise<unknown>): Promise<number[]> {
  let done = false;
  // Settled either way: a sign-in that failed outright must end the sampling too.
  void until?.then(
    () => (done = true),
    () => (done = true),
  );
  const times: number[] = [];
  while (until ? !done : times.length < n) {
    const started = performance.now();
    const response = await fetch(`${BASE_URL}${path}`, { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const path = await assetPath();
await sample(path, 20);
const before = await sample(path, 200);
const visitors = await Promise.all(Array.from({ length: 40 }, () => new Visitor().open()));
const burst = Promise.all(
  visitors.map((v, i) =>
    v.send('POST', '/api/site-users/account/session', { email: `burst-${i}-${Date.now()}@example.com`, password: 'not the password' }),
  ),
);
const during = await sample(path, 0, burst);
const statuses = (await burst).map((a) => a.status);
const [b, d] = [p99(before), p99(during)];
report(
  d < Math.max(250, 5 * b),
  `static asset ${path} during 40 concurrent sign-ins`,
  `p99 ${b.toFixed(1)} ms before, ${d.toFixed(1)} ms during (${during.length} samples; sign-ins ${[...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length}×${s}`).join(', ')})`,
);
