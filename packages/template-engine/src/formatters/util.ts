// Small helpers for formatter modules.
import type { Ctx } from '../context.js';
import type { Call } from '../types.js';
import { FormatterError } from '../errors.js';
import { isObject, toNumber } from '../values.js';

/** Throws a formatter failure with the given message (recorded by the renderer). */
export function fail(message: string): never {
  throw new FormatterError(message);
}

/** Integer argument at `i`, or the fallback when absent or not numeric. */
export function intArg(call: Call, i: number, fallback: number): number {
  const a = call.args[i];
  if (a === undefined || a.trim() === '') return fallback;
  const n = Number(a);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * Options written as `key:value` (or `key=value`) arguments, as the i18n formatters take them;
 * a bare word becomes `{ word: 'true' }`.
 */
export function options(call: Call): Map<string, string> {
  const m = new Map<string, string>();
  for (const a of call.args) {
    const i = a.search(/[:=]/);
    if (i < 0) m.set(a, 'true');
    else m.set(a.slice(0, i), a.slice(i + 1));
  }
  return m;
}

/** Reads an object field, or undefined. */
export function field(v: unknown, key: string): unknown {
  return isObject(v) ? v[key] : undefined;
}

/** A numeric field, NaN when missing. */
export function numField(v: unknown, key: string): number {
  return toNumber(field(v, key));
}

/** A string field, '' when missing or not a string/number. */
export function strField(v: unknown, key: string): string {
  const f = field(v, key);
  return typeof f === 'string' ? f : typeof f === 'number' ? String(f) : '';
}

/** The value of argument `i`, resolved as a variable or literal. */
export function argValue(c: Ctx, call: Call, i: number): unknown {
  const r = call.refs[i];
  return r ? c.argValue(r) : undefined;
}
