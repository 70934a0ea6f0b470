// bench/security/sign-up-timing (issue 40): does sign-up take longer for a new address than for a
// taken one? Before issue 40 a taken address was answered 409 after one SELECT, a new one only
// after the password hash (scrypt, ~100 ms): the time alone told them apart. Now both paths hash
// the password and write one mail (a sign-up link, or "someone tried to sign up").
// The identity service runs in this process (embedded PGlite, the production scrypt cost, the
// hashing pool), called as the gateway calls it. Rows, timed per request in alternating order:
//  - new: a fresh address each time (mails a sign-up link);
//  - taken: a different existing account each time (mails "someone tried");
//  - taken again: one existing account probed repeatedly (its mail limited to one an hour).
// It prints median, p10-p90 and mean per row, and the difference of the medians against the
// noise (the spread of the new row between its two halves). Goal: |taken - new| within the noise.
// Run: node --conditions=@sc/source --import tsx bench/security/sign-up-timing.ts   (SIGN_UP_RUNS=40)
import { performance } from 'node:perf_hooks';
import { asFromGateway, testConfig } from '@sc/platform/test-kit';
import type { ServiceContext } from '@sc/platform';
import { buildApp } from '../../services/identity/src/index.js';
import type { IdentityDB } from '../../services/identity/src/tables.js';
import { upsertWebsite } from '../../services/identity/src/websites/website.repository.js';
import { insertSiteUser } from '../../services/identity/src/site-users/site-user.repository.js';
import { report } from './lib.js';

const RUNS = Number(process.env.SIGN_UP_RUNS ?? 40);
const KEY = 'bench-identity-signing-key-0123456789-abcdefghijklmn';
const SITE = 'bench-sign-up';

const app = await buildApp({
  config: testConfig(0, { IDENTITY_SIGNING_KEY: KEY, PUBLIC_URL: 'https://bench.example.net', LOG_LEVEL: 'silent' }),
  websites: false,
});
await app.ready();
const ctx = app.serviceContext as ServiceContext<IdentityDB>;
await upsertWebsite(ctx.db, { id: SITE, title: 'Bench Goods', domains: ['bench.example.net'], changedAt: new Date() });
const stamp = Date.now();
const taken = Array.from({ length: RUNS + 5 }, (_, i) => `taken-${stamp}-${i}@example.com`);
for (const [i, email] of taken.entries()) {
  await insertSiteUser(ctx.db, { id: `bench-${stamp}-${i}`, websiteId: SITE, email, name: null, passwordHash: 'not-a-hash' });
}
await insertSiteUser(ctx.db, {
  id: `bench-${stamp}-again`,
  websiteId: SITE,
  email: `again-${stamp}@example.com`,
  name: null,
  passwordHash: 'not-a-hash',
});

async function signUp(email: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/site-users',
    headers: asFromGateway({ 'x-website-id': SITE }, KEY),
    payload: { email, password: 'a bench password 1' },
  });
  return { ms: performance.now() - started, status: answer.statusCode, body: answer.body };
}

const rows = { new: [] as number[], taken: [] as number[], 'taken again': [] as number[] };
const answers = new Set<string>();
let n = 0;
const one = async (row: keyof typeof rows, warm: boolean) => {
  const email =
    row === 'new' ? `new-${stamp}-${n++}@example.com` : row === 'taken' ? taken[n++ % taken.length]! : `again-${stamp}@example.com`;
  const result = await signUp(email);
  answers.add(`${result.status} ${result.body}`);
  if (!warm) rows[row].push(result.ms);
};
// Warm-up (JIT, the hashing pool's threads, PGlite's caches), then the three rows in turns whose
// order rotates, so that a slow moment of the machine falls on every row alike.
for (let i = 0; i < 5; i++) for (const row of ['new', 'taken', 'taken again'] as const) await one(row, true);
const orders = [
  ['new', 'taken', 'taken again'],
  ['taken', 'taken again', 'new'],
  ['taken again', 'new', 'taken'],
] as const;
for (let i = 0; i < RUNS; i++) for (const row of orders[i % 3]!) await one(row, false);
await app.close();

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const median = (xs: number[]) => at(xs, 0.5);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x: number) => x.toFixed(1).padStart(6);
console.log(`sign-up timing, ${RUNS} per row (ms):          median   p10    p90    mean`);
for (const [name, xs] of Object.entries(rows))
  console.log(`  ${name.padEnd(38)} ${f(median(xs))} ${f(at(xs, 0.1))} ${f(at(xs, 0.9))} ${f(mean(xs))}`);
const newRow = rows.new;
const noise = Math.abs(median(newRow.filter((_, i) => i % 2 === 0)) - median(newRow.filter((_, i) => i % 2 === 1)));
const spread = at(newRow, 0.75) - at(newRow, 0.25);
const difference = median(rows.taken) - median(rows.new);
const again = median(rows['taken again']) - median(rows.new);
console.log(
  `  difference of medians: taken - new ${difference.toFixed(1)} ms, taken again - new ${again.toFixed(1)} ms; new vs new (halves) ${noise.toFixed(1)} ms; IQR of new ${spread.toFixed(1)} ms`,
);
report(answers.size === 1, 'sign-up: one answer for every address', [...answers].join(' | ').slice(0, 160));
report(
  Math.abs(difference) <= Math.max(spread, noise) && Math.abs(again) <= Math.max(spread, noise),
  'sign-up: new and taken take the same time (within the IQR)',
  `taken - new ${difference.toFixed(1)} ms, taken again - new ${again.toFixed(1)} ms, IQR ${spread.toFixed(1)} ms`,
);
