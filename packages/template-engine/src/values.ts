// Value helpers shared by the renderer, the formatters and the predicates. Template data is JSON,
// so "unknown" here always means one of: undefined (missing), null, boolean, number, string,
// array, plain object.

export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * JSON-Template truthiness, used by sections, .if and predicates: missing, null, false, 0, '',
 * [] and {} are false; everything else is true.
 */
export function isTruthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'string':
      return v.length > 0;
    case 'object':
      if (Array.isArray(v)) return v.length > 0;
      for (const _k in v) return true;
      return false;
    case 'undefined':
      return false;
    case 'bigint':
    case 'function':
    case 'symbol':
      return true;
  }
  // Unreachable: every typeof result is handled above; TypeScript cannot see that.
  return true;
}

/**
 * Text a value renders as, as the reference prints it: strings as they are, missing/null and
 * objects as nothing, numbers as JavaScript writes them, arrays as their items joined by commas
 * (an item that is null prints "null", an object "[object Object]").
 */
export function toOutput(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return v.map(itemText).join(',');
  return '';
}

function itemText(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return '';
  if (Array.isArray(v)) return v.map(itemText).join(',');
  if (typeof v === 'object') return '[object Object]';
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' ? String(v) : '';
}

/** Number as the reference's arithmetic formatters read it: missing and null are 0, text is parsed. */
export function toNum(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return NaN;
}

/** Numeric value of a number or numeric string; NaN otherwise. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return NaN;
}

/** Property or array element, undefined when absent. */
export function getProp(v: unknown, key: string | number): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) {
    const i = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(i) ? v[i] : undefined;
  }
  const o = v as JsonObject;
  const x = o[key];
  // Own data of JSON is never a function; inherited members (toString, __proto__) must not leak.
  if (x === undefined || (typeof x !== 'function' && key !== '__proto__')) return x;
  return Object.prototype.hasOwnProperty.call(o, key) ? x : undefined;
}

/** Walks a pre-split path from a value. */
export function getPath(v: unknown, path: readonly (string | number)[]): unknown {
  let cur = v;
  for (const seg of path) {
    if (cur === undefined) return undefined;
    cur = getProp(cur, seg);
  }
  return cur;
}

/** Splits a dotted path, turning all-digit segments into array indexes. */
export function splitPath(path: string): (string | number)[] {
  return path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Structural equality of JSON values (numbers compare numerically). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (Array.isArray(b)) return false;
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && deepEqual(ao[k], bo[k]));
}

const HTML_RE = /[&<>]/g;
const HTML_TEST = /[&<>]/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes &, < and > (the documented "html" formatter). */
export function escapeHtml(s: string): string {
  return HTML_TEST.test(s) ? s.replace(HTML_RE, (c) => ENTITIES[c] ?? c) : s;
}

/** Escapes &, <, > and " for attribute values. */
export function escapeAttr(s: string): string {
  // Hand-rolled: attribute escaping runs on every product's variant JSON, so it is hot.
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    let rep: string;
    if (ch === 34) rep = '&quot;';
    else if (ch === 38) rep = '&amp;';
    else if (ch === 60) rep = '&lt;';
    else if (ch === 62) rep = '&gt;';
    else continue;
    if (i > last) out += s.slice(last, i);
    out += rep;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Removes HTML tags. */
export function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, '');
}

/** True when text is empty once whitespace and zero-width characters are ignored (SPEC 5). */
export function isBlankText(s: string): boolean {
  return s.replace(/[\s\u200B-\u200D\u2060\uFEFF]/g, '') === '';
}

/**
 * Lower-case, hyphen-separated form of a text (the documented "slugify": lower case, non-word
 * characters removed, where word characters are alphanumerics and underscores, spaces made
 * hyphens). Underscores are word characters, so they stay.
 */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

/** String form of a value used as text input to a formatter (missing becomes ''). */
export function asString(v: unknown): string {
  return toOutput(v);
}
