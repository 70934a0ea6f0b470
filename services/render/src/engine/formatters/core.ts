// Core formatters: data access, JSON output, counting and small number operations.
import type { FormatterFn } from '../types.js';
import { getPath, getProp, isObject, splitPath, toNumber, toOutput } from '../values.js';
import { MSG_PLURALIZE_TOO_MANY_ARGS } from '../errors.js';
import { argValue, fail, intArg } from './util.js';

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const HAS_SCRIPT_UNSAFE = /[<>&\u2028\u2029]/;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
function scriptSafe(json: string): string {
  return HAS_SCRIPT_UNSAFE.test(json) ? json.replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c) : json;
}

/** `{n|pluralize}`: '' for 1 else 's'; one argument is the plural suffix; two are singular and plural. */
const pluralize: FormatterFn = (v, call) => {
  if (call.args.length > 2) fail(MSG_PLURALIZE_TOO_MANY_ARGS);
  const [a, b] = call.args;
  const singular = call.args.length === 2 ? (a ?? '') : '';
  const plural = call.args.length === 2 ? (b ?? '') : call.args.length === 1 ? (a ?? '') : 's';
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
    const i = Math.trunc(toNumber(v));
    if (!Number.isFinite(i)) return '';
    return call.args[(((i - 1) % n) + n) % n] ?? '';
  },

  /**
   * First array element whose field (first argument, a path) is truthy, or equals the second
   * argument when one is given. Documentation silent on the argument form; this is ours.
   */
  'find-first': (v, call) => find(v, call.args, false),
  /** Last element matching as in find-first. */
  'find-last': (v, call) => find(v, call.args, true),

  /** Replaces {0}, {1}, ... in the value with the arguments, each resolved as a variable or literal. */
  format: (v, call, c) => toOutput(v).replace(/\{(\d+)\}/g, (m, d: string) => {
    const i = Number(d);
    return i < call.refs.length ? toOutput(argValue(c, call, i)) : m;
  }),

  /** Reads from the value the path formed by the arguments' values (`{obj|get key}` with key a variable). */
  get: (v, call, c) => {
    let cur = v;
    for (let i = 0; i < call.refs.length; i++) {
      const seg = argValue(c, call, i);
      if (typeof seg === 'number') cur = getProp(cur, seg);
      else if (typeof seg === 'string') cur = getPath(cur, splitPath(seg));
      else return undefined;
    }
    return cur;
  },

  /** The 1-based position of the current repeated-section item. */
  iter: (_v, _call, c) => {
    const i = c.index0();
    return i < 0 ? '' : i + 1;
  },

  /**
   * The value as JSON, safe inside a script tag: every `<` is written `\u003c`, so neither
   * `</script>` nor `<!--` (which would keep the tag open past its end) can appear; `>`, `&` and
   * the line separators are escaped too. JSON.parse reads it back unchanged.
   */
  json: (v) => (v === undefined ? '' : scriptSafe(JSON.stringify(v))),
  /** The value as indented JSON (script-safe like json). */
  'json-pretty': (v) => (v === undefined ? '' : scriptSafe(JSON.stringify(v, null, 2))),

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

  /** Uses the value as a variable name and looks it up in the context. */
  lookup: (v, _call, c) => (typeof v === 'string' && v !== '' ? c.lookup(v) : undefined),

  /** Remainder of the value divided by the argument (default 2). */
  mod: (v, call) => {
    const n = toNumber(v);
    const d = intArg(call, 0, 2);
    return Number.isFinite(n) && d !== 0 ? n % d : '';
  },

  /** Outputs the arguments joined by spaces, ignoring the value. */
  output: (_v, call) => call.args.join(' '),

  pluralize,

  /** Reads a property path (each argument a dotted path, applied in turn) from the value. */
  prop: (v, call) => {
    let cur = v;
    for (const a of call.args) cur = getPath(cur, splitPath(a));
    return cur;
  },

  /** The value unchanged (no escaping; containers render as JSON). */
  raw: (v) => v,

  /** Rounds a number to the nearest integer. */
  round: (v) => {
    const n = toNumber(v);
    return Number.isFinite(n) ? Math.round(n) : '';
  },

  /** The value's text form. */
  str: (v) => toOutput(v),

  /** Prefixes the site's base URL (`base-url` at the top of the data) to a relative URL. */
  AbsUrl: (v, _call, c) => {
    const base = toOutput(c.rootPath(['base-url']) ?? c.rootPath(['website', 'baseUrl'])).replace(/\/+$/, '');
    return `${base}/${toOutput(v).replace(/^\/+/, '')}`;
  },
};

function find(v: unknown, args: readonly string[], last: boolean): unknown {
  if (!Array.isArray(v)) return undefined;
  const path = args[0];
  if (path === undefined) fail('find-first/find-last need a field name');
  const segs = splitPath(path);
  const want = args[1];
  const match = (item: unknown): boolean => {
    const f = getPath(item, segs);
    return want === undefined ? f !== undefined && f !== null && f !== false && f !== '' && f !== 0 : toOutput(f) === want;
  };
  if (last) {
    for (let i = v.length - 1; i >= 0; i--) if (match(v[i])) return v[i];
    return undefined;
  }
  return v.find(match);
}
