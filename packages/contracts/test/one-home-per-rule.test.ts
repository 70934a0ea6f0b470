// One home per rule (docs/where-rules-live.md): a limit or pattern that the services, the
// storefront and the admin all check is defined once, in src/rules.ts (or the one place the index
// names), and every other place imports it. This test reads the product source and fails when a
// copy appears again: a second email pattern, a second quantity parser, a literal 9999, a second
// cookie parser, the coupon percentage rule worded twice, or form part labels written twice.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { FIELD_PART_LABELS, FIELD_PARTS, MAX_QUANTITY, MIN_QUANTITY, RuleMessages, parseQuantity } from '../src/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_ROOTS = ['packages', 'services', 'gateway/src', 'web/src'];

/** Product source files (no tests, no migrations: those are frozen history in SQL), relative to the root. */
function productSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (
        name === 'node_modules' ||
        name === 'dist' ||
        name === 'test' ||
        name === 'test-kit' ||
        name === 'migrations' ||
        name.startsWith('.')
      )
        continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path.relative(ROOT, full));
    }
  };
  for (const root of SOURCE_ROOTS) walk(path.join(ROOT, root));
  return out;
}

const files = productSources().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
/** The code lines of a file (comment lines left out), for rules that comments may mention. */
const codeLines = (text: string) => text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
const filesWhere = (test: (text: string, file: string) => boolean) =>
  files.filter(({ file, text }) => test(text, file)).map(({ file }) => file);

describe('one home per rule', () => {
  it('finds the product source (the scan itself works)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some(({ file }) => file === 'packages/contracts/src/rules.ts')).toBe(true);
  });

  it('writes the email patterns only in rules.ts', () => {
    expect(filesWhere((text) => /\[\^\\s@\]\+@/.test(text))).toEqual(['packages/contracts/src/rules.ts']);
  });

  it('parses a quantity in one place, and writes 9999 only where the rule is defined', () => {
    expect(filesWhere((text) => /function parseQuantity\b/.test(text))).toEqual(['packages/contracts/src/rules.ts']);
    // The template engine depends on no package of ours: it keeps a copy, held equal below.
    const literal = filesWhere((text) => codeLines(text).some((line) => /(?<![\w.])9_?999(?![\w])/.test(line)));
    expect(literal.sort()).toEqual(
      [
        'packages/contracts/src/rules.ts',
        'packages/template-engine/src/formatters/commerce.ts',
        'services/cart/src/places/regions.ts',
      ].sort(),
    );
    const engine = readFileSync(path.join(ROOT, 'packages/template-engine/src/formatters/commerce.ts'), 'utf8');
    expect(Number(/export const QUANTITY_MAX = (\d+);/.exec(engine)?.[1])).toBe(MAX_QUANTITY);
    expect(Number(/export const QUANTITY_MIN = (\d+);/.exec(engine)?.[1])).toBe(MIN_QUANTITY);
    expect(parseQuantity('10000')).toEqual({ ok: false, message: RuleMessages.quantityOutOfRange });
    expect(RuleMessages.quantityOutOfRange).toBe('Quantity must be between 1 and 9999.');
  });

  it('words the coupon percentage rule once', () => {
    expect(filesWhere((text) => /A percentage is/.test(text))).toEqual(['packages/contracts/src/rules.ts']);
  });

  it('reads cookies through one reader on the server and one in the browser', () => {
    // Reading the Cookie header (the gateway's page cache only checks whether personal cookies are present).
    expect(filesWhere((text) => /headers\.cookie\b[^;]*?\.split\(|parse\(\s*\w*\.?headers\.cookie/.test(text))).toEqual([]);
    expect(filesWhere((text) => /from 'cookie'/.test(text))).toEqual(['packages/platform/src/http/cookies.ts']);
    expect(filesWhere((text) => /document\.cookie\.split/.test(text))).toEqual(['web/src/api/cookies.ts']);
  });

  it('labels the parts of a multi-part field once, for the form and the admin preview alike', () => {
    // (The checkout's shipping address and the orders export are other things, with their own words.)
    const formPartFiles = filesWhere((text, file) => /'Address (line )?1'/.test(text) && !/Checkout\.tsx$|exports\.routes\.ts$/.test(file));
    expect(formPartFiles).toEqual(['packages/contracts/src/forms.ts']);
    for (const [type, parts] of Object.entries(FIELD_PARTS)) {
      expect(Object.keys(FIELD_PART_LABELS[type as keyof typeof FIELD_PARTS]).sort()).toEqual([...parts].sort());
    }
  });
});
