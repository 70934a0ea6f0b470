// Counts the conformance cases (test/conformance) that use each instruction, formatter and
// predicate of the template language, and fails when any has fewer than 3 (issue 23).
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATTERS } from '../src/formatters/index.js';
import { PREDICATES, THEME_PREDICATES } from '../src/predicates/index.js';

const MIN = 3;
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance');

function files(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith('.json') ? [p] : [];
  });
}

const templates: string[] = [];
for (const f of files(dir)) {
  const parsed = JSON.parse(readFileSync(f, 'utf8')) as
    { template: string; partials?: Record<string, string> } | { template: string; partials?: Record<string, string> }[];
  for (const c of Array.isArray(parsed) ? parsed : [parsed]) templates.push([c.template, ...Object.values(c.partials ?? {})].join('\n'));
}

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Instructions (TEMPLATE-LANGUAGE.md) and the pattern that finds each in a template. */
const INSTRUCTIONS: Record<string, RegExp> = {
  section: /\{\.section /,
  'repeated section': /\{\.repeated section /,
  'alternates with': /\{\.alternates with\}/,
  or: /\{\.or[ }]/,
  end: /\{\.end\}/,
  if: /\{\.if /,
  var: /\{\.var /,
  ctx: /\{\.ctx /,
  eval: /\{\.eval /,
  include: /\{\.include /,
  inject: /\{\.inject /,
  macro: /\{\.macro /,
  'meta-left': /\{\.meta-left\}/,
  'meta-right': /\{\.meta-right\}/,
  newline: /\{\.newline\}/,
  space: /\{\.space\}/,
  tab: /\{\.tab\}/,
  eof: /\{\.eof\}/,
  comment: /\{#/,
  'multi-line comment': /\{##/,
  '@index': /@index/,
};

const rows: [string, string, number][] = [];
for (const [name, re] of Object.entries(INSTRUCTIONS)) rows.push(['instruction', name, templates.filter((t) => re.test(t)).length]);
for (const name of FORMATTERS.keys()) {
  if (name.startsWith('site-')) continue;
  const re = new RegExp(`\\|\\s*${esc(name)}(?![\\w-])`);
  rows.push(['formatter', name, templates.filter((t) => re.test(t)).length]);
}
for (const name of PREDICATES.keys()) {
  if (THEME_PREDICATES.has(name)) continue;
  const re = new RegExp(`\\{\\.(?:or |if )?${esc(name)}`);
  rows.push(['predicate', name, templates.filter((t) => re.test(t)).length]);
}

describe('conformance coverage', () => {
  it(`has at least ${MIN} cases for every instruction, formatter and predicate`, () => {
    expect(rows.filter(([, , n]) => n < MIN).map(([kind, name, n]) => `${kind} ${name}: ${n}`)).toEqual([]);
  });
});
