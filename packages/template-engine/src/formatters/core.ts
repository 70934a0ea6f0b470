// Core formatters: data access, JSON output, counting and small number operations.
import type { FormatterFn } from '../context.js';
import { getPath, isObject, splitPath, toNum, toNumber, toOutput } from '../values.js';
import { fail, intArg } from './util.js';

// As the reference, `</` is written `<\/` so a value cannot end the script element. One deliberate
// divergence (render README): `<!--` is written `\u003c!--`, because the reference lets it through
// and `<!--<script>` in owner data then holds the script element open past its `</script>`.
const SCRIPT_UNSAFE = /<\/|<!--/g;
function scriptSafe(json: string): string {
  return json.includes('<') ? json.replace(SCRIPT_UNSAFE, (m) => (m === '</' ? '<\\/' : '\\u003c!--')) : json;
}

// The theme's island data (`site-json`) goes further: no `<` at all, so no markup-looking text is in
// the page source, whatever a later change to the surrounding element.
const ANY_LT = /</g;
function noMarkup(json: string): string {
  return json.includes('<') ? json.replace(ANY_LT, '\\u003c') : json;
}

/**
 * `{n|pluralize}`: '' for 1 else 's'; one argument is the plural suffix; two (or more: the rest
 * are ignored, as the reference does) are singular and plural.
 */
const pluralize: FormatterFn = (v, call) => {
  const [a, b] = call.args;
  const two = call.args.length >= 2;
  const singular = two ? (a ?? '') : '';
  const plural = two ? (b ?? '') : call.args.length === 1 ? (a ?? '') : 's';
  return toNumber(v) === 1 ? singular : plural;
};

export const coreFormatters: Record<string, FormatterFn> = {
  /** Renders a macro or partial (first argument) with the value as its context. */
  apply: (v, call, c) => {
    const name = call.args[0];
    if (!name) fail('apply needs a partial name');
    return c.renderNamed(name, v, c.pos);
  },

  /** Number of elements of an array, keys of an object, or characters of a string. */
  count: (v) => (Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : typeof v === 'string' ? v.length : 0),

  /** Picks among the arguments by a 1-based counter, wrapping around (`{@index|cycle odd even}`). */
  cycle: (v, call) => {
    const n = call.args.length;
    if (n === 0) return '';
    // As the reference counts: no value, null, objects and arrays are 0 (the last argument);
    // text that is not a number and fractions pick nothing.
    const i = v === undefined || v === null || typeof v === 'object' ? 0 : toNumber(v);
    if (!Number.isInteger(i)) return '';
    return call.args[(((i - 1) % n) + n) % n] ?? '';
  },

  /** The first element of an array. */
  'find-first': (v): unknown => (Array.isArray(v) ? (v[0] as unknown) : undefined),
  /** The last element of an array. */
  'find-last': (v): unknown => (Array.isArray(v) ? (v[v.length - 1] as unknown) : undefined),

  /**
   * Replaces {0}, {1}, ... in the value with the arguments, each the value of the variable it
   * names. Not ICU: as the reference does, every other `{...}` (up to the first `}`) is dropped.
   */
  format: (v, call, c) =>
    toOutput(v).replace(/\{([^}]*)\}/g, (_m, d: string) => {
      const r = /^\d+$/.test(d) ? call.refs[Number(d)] : undefined;
      return r?.ref ? toOutput(c.resolve(r.ref)) : '';
    }),

  /**
   * Reads from the value the path made of the arguments' values, each argument a variable
   * resolved with the value as the innermost scope (`{obj|get key}`).
   */
  get: (v, call, c) => {
    const path: (string | number)[] = [];
    c.push(v);
    try {
      for (const r of call.refs) {
        const seg = r.ref ? c.resolve(r.ref) : undefined;
        if (typeof seg !== 'string' && typeof seg !== 'number') return undefined;
        path.push(seg);
      }
    } finally {
      c.pop();
    }
    return path.length === 0 ? undefined : getPath(v, path);
  },

  /** The 1-based position of the current repeated-section item. */
  iter: (_v, _call, c) => {
    const i = c.index0();
    return i < 0 ? '' : i + 1;
  },

  /**
   * The value as JSON, safe inside a script tag: neither `</` nor `<!--` (which would keep the tag
   * open past its end) can appear. JSON.parse reads it back unchanged.
   */
  json: (v) => (v === undefined ? '' : scriptSafe(JSON.stringify(v))),
  /** The value as indented JSON (script-safe like json). */
  'json-pretty': (v) => (v === undefined ? '' : scriptSafe(JSON.stringify(v, null, 2))),
  /** Theme: JSON for the islands' script elements, with every `<` written `\u003c`. */
  'site-json': (v) => (v === undefined ? '' : noMarkup(JSON.stringify(v))),

  /** Turns an array of objects into an object keyed by the field named by the argument. */
  'key-by': (v, call) => {
    const path = call.args[0];
    if (!path) fail('key-by needs a field name');
    const out: Record<string, unknown> = {};
    if (!Array.isArray(v)) return out;
    const segs = splitPath(path);
    for (const item of v) {
      const k = getPath(item, segs);
      if (k !== undefined && k !== null && typeof k !== 'object') out[toOutput(k)] = item;
    }
    return out;
  },

  /**
   * With the value as the innermost scope, reads the variable the argument names and uses its
   * value as a path to look up (`{map|lookup key}` reads map[key]).
   */
  lookup: (v, call, c) => {
    const r = call.refs[0];
    if (!r?.ref) return undefined;
    c.push(v);
    try {
      const key = c.resolve(r.ref);
      return typeof key === 'string' && key !== '' ? c.lookup(key) : typeof key === 'number' ? c.lookup(String(key)) : undefined;
    } finally {
      c.pop();
    }
  },

  /** Remainder of the value divided by the whole-number argument (default 2); missing counts as 0. */
  mod: (v, call) => toNum(v) % intArg(call, 0, 2),

  /** Outputs the arguments joined by spaces, ignoring the value. */
  output: (_v, call) => call.args.join(' '),

  pluralize,

  /** Reads a property path (each argument a dotted path, applied in turn) from the value. */
  prop: (v, call) => {
    let cur = v;
    for (const a of call.args) cur = getPath(cur, splitPath(a));
    return cur;
  },

  /** The value as JSON (missing is null). */
  raw: (v) => JSON.stringify(v ?? null),

  /** Rounds to the nearest integer; missing counts as 0. */
  round: (v) => Math.round(toNum(v)),

  /** The text of a string, number or boolean; nothing for anything else. */
  str: (v) => (Array.isArray(v) ? '' : toOutput(v)),

  /** Prefixes the site's base URL (`base-url` at the top of the data) and a slash. */
  AbsUrl: (v, _call, c) => `${toOutput(c.rootPath(['base-url']))}/${toOutput(v)}`,
};
