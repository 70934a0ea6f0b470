// Counts the conformance cases (test/conformance) that use each instruction, formatter and
// predicate of the template language, and exits non-zero when any has fewer than 3 (issue 23).
// Run: node --conditions=@sc/source --import tsx services/render/scripts/conformance-coverage.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATTERS } from '../src/engine/formatters/index.js';
import { PREDICATES } from '../src/engine/predicates/index.js';

const MIN = 3;
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'conformance');

function files(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith('.json') ? [p] : [];
  });
}

const templates: string[] = [];
for (const f of files(dir)) {
  const parsed = JSON.parse(readFileSync(f, 'utf8')) as { template: string; partials?: Record<string, string> } | { template: string; partials?: Record<string, string> }[];
  for (const c of Array.isArray(parsed) ? parsed : [parsed]) templates.push([c.template, ...Object.values(c.partials ?? {})].join('\n'));
}

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Instructions (TEMPLATE-LANGUAGE.md) and the pattern that finds each in a template. */
const INSTRUCTIONS: Record<string, RegExp> = {
  section: /\{\.section /, 'repeated section': /\{\.repeated section /, 'alternates with': /\{\.alternates with\}/,
  or: /\{\.or[ }]/, end: /\{\.end\}/, if: /\{\.if /, var: /\{\.var /, ctx: /\{\.ctx /, eval: /\{\.eval /,
  include: /\{\.include /, inject: /\{\.inject /, macro: /\{\.macro /, 'meta-left': /\{\.meta-left\}/,
  'meta-right': /\{\.meta-right\}/, newline: /\{\.newline\}/, space: /\{\.space\}/, tab: /\{\.tab\}/, eof: /\{\.eof\}/,
  comment: /\{#/, 'multi-line comment': /\{##/, '@index': /@index/,
};

const rows: [string, string, number][] = [];
for (const [name, re] of Object.entries(INSTRUCTIONS)) rows.push(['instruction', name, templates.filter((t) => re.test(t)).length]);
for (const name of FORMATTERS.keys()) {
  if (name.startsWith('site-')) continue;
  const re = new RegExp(`\\|\\s*${esc(name)}(?![\\w-])`);
  rows.push(['formatter', name, templates.filter((t) => re.test(t)).length]);
}
for (const name of PREDICATES.keys()) {
  if (name === 'site-on-sale?' || name === 'site-sold-out?') continue;
  const re = new RegExp(`\\{\\.(?:or |if )?${esc(name)}`);
  rows.push(['predicate', name, templates.filter((t) => re.test(t)).length]);
}

const low = rows.filter(([, , n]) => n < MIN);
for (const [kind, name, n] of low) console.log(`${kind.padEnd(12)} ${name.padEnd(36)} ${n}`);
console.log(`${templates.length} cases; ${rows.length - low.length} of ${rows.length} names have at least ${MIN} cases`);
process.exitCode = low.length > 0 ? 1 : 0;
