// Our template engine against the public implementations of the language that the npm registry
// carries (issue 6: "parse + render from source at least as fast as any public implementation"):
//  - @squarespace/template-engine, Squarespace's own TypeScript port of their server compiler;
//  - json-template-foo, the original JSON-Template JavaScript implementation (Andy Chu's) as a
//    CommonJS module.
// Both are devDependencies of the bench package only. Same data for everyone: the contexts render
// builds for the demo product page and a 50-product collection page (bench/render/stack.ts).
// Same templates, adjusted to what each implementation supports:
//  - "core": the two pages rewritten in the language core every implementation knows
//    (core-templates.ts); all three must produce the same HTML (whitespace aside: JSON-Template
//    drops the newline after a directive), so they do the same work;
//  - "theme": the default theme as served (site.region + page template + blocks/), for ours and
//    Squarespace's, with `{.include name}` written `{.include name output}` because their engine
//    discards an include's output unless told otherwise (ours ignores the extra word).
// Two ways to render, one row each:
//  - from source: every iteration parses the layout and every partial, then renders (partials get
//    a unique trailing comment each iteration so no engine can reuse an earlier parse);
//  - compiled once: parsed before timing, rendered many times.
// Rates are renders per second of this process's CPU time (one core), so the other processes on
// a shared machine disturb them less; each engine runs in alternating rounds and the ratio is the
// median of the per-round ratios. Exits non-zero when ours parses + renders from source slower
// than another implementation on any row.
// Run: node --conditions=@sc/source --import tsx bench/render/compare.ts
// Options (env): BENCH_ROUNDS (default 5), BENCH_ROUND_MS (default 300).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Compiler as SquarespaceCompiler, Partials } from '@squarespace/template-engine';
import { compile } from '@sc/template-engine';
import { Theme } from '../../services/render/src/theme/theme.js';
import { BenchProcesses, REPO_ROOT } from '../lib/processes.js';
import { CORE_TEMPLATES } from './core-templates.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 300);

// Both packages are CommonJS; json-template-foo ships no types, so its surface is declared here.
interface JsonTemplate {
  expand(data: unknown): string;
}
const require = createRequire(import.meta.url);
const squarespace = require('@squarespace/template-engine') as { Compiler: new () => SquarespaceCompiler };
const jsonTemplate = require('json-template-foo') as { Template: (source: string, options: { undefined_str: string }) => JsonTemplate };
const sqs = new squarespace.Compiler();

type Render = () => string;
interface Engine {
  name: string;
  fromSource: Render;
  compiled: Render;
}

/** CPU milliseconds used by this process so far. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Renders per CPU-second of `render` over about `ms` of CPU time. */
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

/** Alternating rounds of every engine; median rate of each and median ratio of ours to each. */
function race(engines: { name: string; render: Render }[]): { name: string; perSecond: number; oursOver: number }[] {
  for (const e of engines) rate(e.render, roundMs / 2); // warm up
  const rates = engines.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) engines.forEach((e, i) => rates[i]?.push(rate(e.render, roundMs)));
  const ours = rates[0] ?? [];
  return engines.map((e, i) => ({
    name: e.name,
    perSecond: median(rates[i] ?? []),
    oursOver: median(ours.map((o, r) => o / (rates[i]?.[r] ?? NaN))),
  }));
}

let generation = 0;
/** The partials with a unique trailing comment, so a parse cached by source text cannot be reused. */
function freshPartials(partials: Record<string, string>): Record<string, string> {
  generation++;
  const out: Record<string, string> = {};
  for (const [name, source] of Object.entries(partials)) out[name] = `${source}{# ${generation}}`;
  return out;
}

function coreEngines(source: string, data: unknown): Engine[] {
  const ours = compile(source);
  const theirs = sqs.parse(source).code;
  const original = jsonTemplate.Template(source, { undefined_str: '' });
  return [
    { name: 'ours', fromSource: () => compile(source).render(data).output, compiled: () => ours.render(data).output },
    {
      name: '@squarespace/template-engine',
      fromSource: () => sqs.execute({ code: sqs.parse(source).code, json: data }).ctx.render(),
      compiled: () => sqs.execute({ code: theirs, json: data }).ctx.render(),
    },
    {
      name: 'json-template-foo',
      fromSource: () => jsonTemplate.Template(source, { undefined_str: '' }).expand(data),
      compiled: () => original.expand(data),
    },
  ];
}

function themeEngines(layout: string, partials: Record<string, string>, data: unknown): Engine[] {
  const ours = compile(layout);
  const theirLayout = sqs.parse(layout).code;
  const theirPartials: Partials = {};
  for (const [name, source] of Object.entries(partials)) theirPartials[name] = sqs.parse(source).code as Partials[string];
  return [
    {
      name: 'ours',
      fromSource: () => compile(layout).render(data, { partials: freshPartials(partials) }).output,
      compiled: () => ours.render(data, { partials }).output,
    },
    {
      name: '@squarespace/template-engine',
      fromSource: () =>
        sqs.execute({ code: sqs.parse(layout).code, json: data, partials: freshPartials(partials), enableInclude: true }).ctx.render(),
      compiled: () => sqs.execute({ code: theirLayout, json: data, partials: theirPartials, enableInclude: true }).ctx.render(),
    },
  ];
}

const squash = (html: string): string => html.replace(/\s+/g, '');

// The contexts render builds for the two pages, from the bench stack (stopped before timing).
const processes = new BenchProcesses();
let product: unknown;
let listing: unknown;
try {
  const stack = JSON.parse(await processes.start('bench/render/stack.ts', {}, /^(\{.*\})$/m)) as { renderUrl: string; websiteId: string };
  const contextOf = async (pagePath: string, websiteId: string): Promise<unknown> => {
    // A first read can time out on a busy machine (render answers 503 then): try a few times.
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${stack.renderUrl}${pagePath}?format=json`, { headers: { 'x-website-id': websiteId } });
      if (response.ok) return response.json();
      if (response.status !== 503 || attempt === 5) throw new Error(`${pagePath} answered ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  product = await contextOf('/shop/waxed-canvas-market-tote', 'demo');
  listing = await contextOf('/shop', stack.websiteId);
} finally {
  processes.stopAll();
}
if ((listing as { items: unknown[] }).items.length !== 50) throw new Error('the bench store should list 50 products');

const themeDir = path.join(REPO_ROOT, 'services/render/themes/default');
const withIncludeOutput = (source: string): string => source.replace(/\{\.include ([^\s}]+)\}/g, '{.include $1 output}');
const readTheme = (file: string): string => withIncludeOutput(readFileSync(path.join(themeDir, file), 'utf8'));
const blocks: Record<string, string> = {};
for (const file of readdirSync(path.join(themeDir, 'blocks')).filter((f) => f.endsWith('.block')))
  blocks[file] = readTheme(path.join('blocks', file));
const theme = Theme.load();

const pages = [
  { label: 'product page', data: product, core: CORE_TEMPLATES.product, template: 'products.item' as const },
  { label: '50-product page', data: listing, core: CORE_TEMPLATES.list, template: 'products.list' as const },
];

const lines: string[] = [];
let slower = false;
for (const page of pages) {
  const layout = readTheme('site.region');
  const partials = { ...blocks, 'main-content': readTheme(page.template) };
  const suites = [
    { label: 'core', engines: coreEngines(page.core, page.data) },
    { label: 'theme', engines: themeEngines(layout, partials, page.data) },
  ];
  for (const suite of suites) {
    // Same work: the core pages must match across engines; ours must render the adjusted theme
    // exactly as the service renders the theme itself.
    const outputs = suite.engines.map((e) => [e.fromSource(), e.compiled()] as const);
    const [ourSource, ourCompiled] = outputs[0] ?? ['', ''];
    if (ourSource !== ourCompiled) throw new Error(`${page.label} ${suite.label}: ours differs from source and compiled`);
    if (suite.label === 'core') {
      for (const [i, [fromSource, compiled]] of outputs.entries()) {
        if (squash(fromSource) !== squash(ourSource) || squash(compiled) !== squash(ourSource)) {
          throw new Error(`${page.label} core: ${suite.engines[i]?.name} renders different HTML`);
        }
      }
    } else {
      const served = theme.render(page.template, page.data);
      if (served.errors.length > 0 || served.html !== ourSource)
        throw new Error(`${page.label} theme: the adjusted theme renders differently from the served one`);
    }
    const sizes = outputs.map(([html]) => `${(html.length / 1024).toFixed(1)}`).join(' / ');
    lines.push(`${page.label}, ${suite.label} templates (KiB of HTML: ${sizes}):`);
    for (const mode of ['fromSource', 'compiled'] as const) {
      const results = race(suite.engines.map((e) => ({ name: e.name, render: e[mode] })));
      for (const r of results) {
        const vs = r.name === 'ours' ? '' : `   ours ${r.oursOver.toFixed(2)}x`;
        lines.push(
          `  ${mode === 'fromSource' ? 'parse + render' : 'compiled once '}  ${r.name.padEnd(30)} ${r.perSecond.toFixed(0).padStart(7)} renders/s${vs}`,
        );
        if (mode === 'fromSource' && r.name !== 'ours' && r.oursOver < 1) slower = true;
      }
    }
  }
}

process.stdout.write(
  `\nbench/render/compare (${new Date().toISOString()}, node ${process.version}; renders per CPU-second on one core, median of ${rounds} alternating rounds)\n` +
    `${lines.join('\n')}\n` +
    `goal: ours at least as fast as every other implementation when parsing + rendering from source (ratio >= 1.00): ${slower ? 'NOT MET' : 'met'}\n`,
);
if (slower) process.exitCode = 1;
