// Conformance with the reference engine (@squarespace/template-engine): every case file in this
// folder holds templates and data written from the public documentation, with the reference's
// output recorded as "expected" by `node ../shared/tools/template-oracle.mjs compare --write`.
// This test needs no network and no reference: it renders each case with our engine and compares
// the output the way the oracle does (trailing whitespace of each line ignored).
//
// ../conformance-pending.json lists cases we do not match yet, by "<file>#<index>"; each one must still differ
// (so the list only shrinks and cannot hide a case that now passes). Cases where we differ on
// purpose carry "divergence" (why, also in the package README) and "ours" (what we render).
// A case may also carry "errors": the syntax errors the reference reports ({type, message}, taken
// from its compile result); ours must name the same problems in the same order (we add positions).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { referenceError, type EngineError } from '../../src/errors.js';
import { render } from '../../src/index.js';

interface Case {
  name?: string;
  template: string;
  data: unknown;
  partials?: Record<string, string>;
  locale?: string;
  timezone?: string;
  now?: number;
  expected?: string;
  errors?: { type: string; message: string }[];
  divergence?: string;
  ours?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function caseFiles(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) out.push(...caseFiles(p));
    else if (f.endsWith('.json')) out.push(p);
  }
  return out;
}

/** The oracle's comparison: CRLF as LF, trailing whitespace of each line and of the end ignored. */
const norm = (s: string): string =>
  s
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();

const pending = new Set(JSON.parse(readFileSync(path.join(here, '..', 'conformance-pending.json'), 'utf8')) as string[]);

function renderCase(c: Case): { output: string; syntaxErrors: { type: string; message: string }[] } {
  const r = render(c.template, c.data, { partials: c.partials, locale: c.locale, timezone: c.timezone, now: c.now });
  return { output: r.output, syntaxErrors: syntaxOnly((r.errors as EngineError[]).map(referenceError).filter((e) => e !== null)) };
}

/** Syntax errors only: the reference's runtime messages are not ours to copy. */
const syntaxOnly = (errors: { type: string; message: string }[]): { type: string; message: string }[] =>
  errors.filter((e) => e.type !== 'engine');

const files = caseFiles(here);
const seen = new Set<string>();

describe('conformance with the reference engine', () => {
  for (const file of files) {
    const rel = path.relative(here, file);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Case | Case[];
    const list = Array.isArray(parsed) ? parsed : [parsed];
    describe(rel, () => {
      list.forEach((c, i) => {
        const id = `${rel}#${i}`;
        seen.add(id);
        it(`${i} ${c.name ?? ''}`, () => {
          expect(typeof c.expected).toBe('string');
          const r = renderCase(c);
          const got = norm(r.output);
          if (c.errors) expect(r.syntaxErrors).toEqual(syntaxOnly(c.errors));
          if (c.divergence !== undefined) {
            expect(c.ours).toBeDefined();
            expect(got).toBe(norm(c.ours ?? ''));
            expect(got).not.toBe(norm(c.expected ?? ''));
          } else if (pending.has(id)) {
            expect(got).not.toBe(norm(c.expected ?? ''));
          } else {
            expect(got).toBe(norm(c.expected ?? ''));
          }
        });
      });
    });
  }

  it('lists only existing cases as pending', () => {
    expect([...pending].filter((id) => !seen.has(id))).toEqual([]);
  });
});
