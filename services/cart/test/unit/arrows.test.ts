// The cart's imports point one way (issue 42): features sit above the folders every feature reads
// (rules/, shared/, domain/, tables.ts), and a feature reaches another feature only through that
// feature's services (`*.service.ts`) or its index.ts, never its repositories or helpers. The
// wiring (app.ts, module.ts, main.ts, index.ts) and the entry points it hands the parts to
// (consumers/, jobs/) sit above everything. Reads every import and export statement of src/,
// multi-line ones included; type-only imports are arrows too. Also holds every source file to
// 350 lines (the split of checkout into checkout/, payments/ and orders/).
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Folders below the features, lowest first: each may import only folders at or below its rank. */
const BELOW = ['tables.ts', 'domain', 'shared', 'rules', 'migrations'];
const RANK: Record<string, number> = { 'tables.ts': 0, domain: 1, shared: 2, rules: 3, migrations: 1 };
/** The wiring and its entry points: they may import anything, nothing below imports them. */
const WIRING = new Set(['app.ts', 'module.ts', 'main.ts', 'index.ts', 'consumers', 'jobs']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier of a file's import and export statements (multi-line ones too) and dynamic imports. */
export function importsOf(source: string): Array<{ spec: string; typeOnly: boolean }> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  for (const m of code.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g))
    found.push({ spec: m[4]!, typeOnly: Boolean(m[2]) });
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) found.push({ spec: m[1]!, typeOnly: false });
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1]!, typeOnly: false });
  return found;
}

/** The top part of src/ a path is in: a folder name, or a file at the top. */
const partOf = (rel: string) => rel.split('/')[0]!;

/** What is wrong with one import of `from` (a path relative to src/) to `to` (the same). */
export function arrowProblem(from: string, to: string, typeOnly: boolean): string | undefined {
  const a = partOf(from);
  const b = partOf(to);
  if (a === b && from.includes('/')) return undefined; // inside one folder
  if (WIRING.has(a)) return undefined;
  if (WIRING.has(b)) {
    // A routes file is handed the wiring's parts: it names their type (no run-time arrow).
    if (b === 'module.ts' && typeOnly && from.endsWith('.routes.ts')) return undefined;
    return `${from} → ${to}: only the wiring imports ${b}`;
  }
  const fromBelow = BELOW.includes(a);
  const toBelow = BELOW.includes(b);
  if (fromBelow) {
    if (!toBelow) return `${from} → ${to}: ${a} is below the features and imports none`;
    if (RANK[b]! > RANK[a]!) return `${from} → ${to}: ${a} imports only what is below it`;
    return undefined;
  }
  if (toBelow) return undefined;
  // Feature → another feature: its services or its index only.
  if (/\.service\.ts$/.test(to) || to === `${b}/index.ts`) return undefined;
  return `${from} → ${to}: another feature is reached through its *.service.ts or index.ts`;
}

function problems(): string[] {
  const found: string[] = [];
  for (const file of filesUnder(SRC)) {
    const from = path.relative(SRC, file).split(path.sep).join('/');
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const to = path
        .relative(SRC, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      if (to.startsWith('..')) {
        found.push(`${from} → ${spec}: outside the cart's src/`);
        continue;
      }
      const problem = arrowProblem(from, to, typeOnly);
      if (problem) found.push(problem);
    }
  }
  return found.sort();
}

/** Source files (migrations aside) longer than a newcomer reads in one go. */
const MAX_LINES = 350;

describe("the cart's import arrows", () => {
  it(`keeps every source file (migrations aside) at most ${MAX_LINES} lines`, () => {
    const long = filesUnder(SRC)
      .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`))
      .map((file) => ({ file: path.relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('point down: rules/, shared/ and domain/ import no feature; features reach each other through services or index', () => {
    expect(problems()).toEqual([]);
  });

  it('reads multi-line, type-only, re-export and dynamic imports', () => {
    const source = [
      'import {',
      '  a,',
      '  b,',
      "} from '../orders/orders.repository.js';",
      "import type { X } from '../cart/http.js'; import './side.js';",
      "// import { c } from '../commented.js';",
      "/* import { d } from '../blocked.js'; */",
      "export { e } from './e.js';",
      "export * from '../f.js';",
      "const g = await import('../g.js');",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { spec: '../orders/orders.repository.js', typeOnly: false },
      { spec: '../cart/http.js', typeOnly: true },
      { spec: './e.js', typeOnly: false },
      { spec: '../f.js', typeOnly: false },
      { spec: './side.js', typeOnly: false },
      { spec: '../g.js', typeOnly: false },
    ]);
  });

  it('finds the arrows it is written to find', () => {
    expect(arrowProblem('store/store.service.ts', 'checkout/order-mail.ts', false)).toMatch(/through its \*\.service\.ts or index\.ts/);
    expect(arrowProblem('gift-cards/gift-cards.service.ts', 'orders/orders.repository.ts', true)).toMatch(/through its/);
    expect(arrowProblem('rules/rules.repository.ts', 'cart/cart.service.ts', true)).toMatch(/rules is below the features/);
    expect(arrowProblem('shared/idempotency.ts', 'rules/rules.repository.ts', false)).toMatch(/imports only what is below it/);
    expect(arrowProblem('domain/totals.ts', 'shared/errors.ts', false)).toMatch(/imports only what is below it/);
    expect(arrowProblem('orders/orders.service.ts', 'module.ts', true)).toMatch(/only the wiring imports module\.ts/);
    expect(arrowProblem('cart/cart.service.ts', 'jobs/jobs.ts', false)).toMatch(/only the wiring imports jobs/);
    expect(arrowProblem('orders/coupons.routes.ts', 'module.ts', false)).toMatch(/only the wiring/);
    // What is allowed.
    expect(arrowProblem('orders/coupons.routes.ts', 'module.ts', true)).toBeUndefined();
    expect(arrowProblem('checkout/checkout.service.ts', 'payments/payments.service.ts', true)).toBeUndefined();
    expect(arrowProblem('checkout/checkout.service.ts', 'orders/index.ts', false)).toBeUndefined();
    expect(arrowProblem('checkout/checkout.service.ts', 'rules/coupons.repository.ts', false)).toBeUndefined();
    expect(arrowProblem('rules/rules.repository.ts', 'tables.ts', true)).toBeUndefined();
    expect(arrowProblem('consumers/catalog.consumer.ts', 'catalog/products.repository.ts', false)).toBeUndefined();
    expect(arrowProblem('module.ts', 'checkout/checkout.service.ts', false)).toBeUndefined();
  });
});
