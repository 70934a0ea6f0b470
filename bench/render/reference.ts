// Speed against the reference (issue 23): our compiled templates against the public
// @squarespace/template-engine's pre-parsed code, rendering the same realistic pages with the same
// data in the same process: a product page, a collection page of 50 products and a blog list of 20
// posts. Each page is first rendered by both and the outputs compared byte for byte; a page whose
// outputs differ is reported and fails the run (the speed figure is only like-for-like when the
// work is). Then, per page and engine, in alternating rounds:
//  - renders per second of this process's CPU time (one core);
//  - p99 of one render's wall time, over single timed renders;
//  - bytes allocated per render (heap growth over a batch too small to be collected, median of
//    batches);
// and the ratio ours / reference (median of per-round ratios). Exits non-zero when outputs differ
// or a page is under BENCH_MIN_RATIO (default 5) times the reference.
// Run: node --conditions=@sc/source --import tsx bench/render/reference.ts
// Options (env): BENCH_ROUNDS (default 5), BENCH_ROUND_MS (default 300), BENCH_MIN_RATIO (default 5).
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Compiler as SquarespaceCompiler } from '@squarespace/template-engine';
import { cldrFor, compile } from '@sc/template-engine';
import { REFERENCE_PAGES } from './reference-pages.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 300);
const minRatio = Number(process.env.BENCH_MIN_RATIO ?? 5);

const require = createRequire(import.meta.url);
const squarespace = require('@squarespace/template-engine') as { Compiler: new () => SquarespaceCompiler };
const sqs = new squarespace.Compiler();
// The reference formats money and dates with the CLDR object it is given: the same library ours uses.
const cldr = cldrFor('en-US');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Render = () => string;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Renders per CPU-second over about `ms` of CPU time. */
function rate(render: Render, ms: number): number {
  const begin = cpuMs();
  let n = 0;
  let used = 0;
  while (used < ms) {
    for (let i = 0; i < 5; i++) render();
    n += 5;
    used = cpuMs() - begin;
  }
  return (n * 1000) / used;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/** p99 of single renders' wall time, in microseconds. */
function p99(render: Render, samples = 400): number {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    render();
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(samples * 0.99)] ?? NaN;
}

/** Bytes allocated per render: heap growth over small batches after a full collection (median). */
function allocation(render: Render, batch = 10, batches = 15): number {
  const per: number[] = [];
  for (let b = 0; b < batches; b++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < batch; i++) render();
    const grown = process.memoryUsage().heapUsed - before;
    if (grown > 0) per.push(grown / batch);
  }
  return median(per);
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

let failed = false;
console.log(`page              engine      renders/s   p99 (µs)   alloc/render   ours ÷ reference`);
for (const page of REFERENCE_PAGES) {
  const ours = compile(page.template);
  const code = sqs.parse(page.template).code;
  const oursRender: Render = () => ours.render(page.data, { locale: 'en-US' }).output;
  const theirsRender: Render = () => sqs.execute({ code, json: page.data, cldr }).ctx.render();
  const a = oursRender();
  const b = theirsRender();
  if (a !== b) {
    failed = true;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    console.log(
      `${page.name}: outputs differ at ${i}:\n  ours:      ${JSON.stringify(a.slice(i, i + 120))}\n  reference: ${JSON.stringify(b.slice(i, i + 120))}`,
    );
    continue;
  }
  rate(oursRender, roundMs / 2);
  rate(theirsRender, roundMs / 2);
  const mine: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mine.push(rate(oursRender, roundMs));
    theirs.push(rate(theirsRender, roundMs));
  }
  const ratio = median(mine.map((m, i) => m / (theirs[i] ?? NaN)));
  const rows = [
    ['ours', median(mine), p99(oursRender), allocation(oursRender)],
    ['reference', median(theirs), p99(theirsRender), allocation(theirsRender)],
  ] as const;
  for (const [name, perSecond, tail, bytes] of rows) {
    console.log(
      `${page.name.padEnd(17)} ${name.padEnd(10)} ${fmt(perSecond).padStart(10)} ${fmt(tail, 1).padStart(10)} ${`${fmt(bytes / 1024, 1)} KiB`.padStart(14)}   ${name === 'ours' ? `${fmt(ratio, 1)}×` : ''}`,
    );
  }
  console.log(`${page.name.padEnd(17)} identical output: ${fmt(a.length)} bytes`);
  if (ratio < minRatio) failed = true;
}
if (failed) {
  console.log(`FAILED: outputs differ or a page is under ${minRatio}× the reference`);
  process.exitCode = 1;
}
