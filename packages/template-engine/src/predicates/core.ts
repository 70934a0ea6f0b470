// Core predicates: comparisons, parity, counts, definedness, debug and dates. Arguments are
// variables or JSON literals (`{.equal? collection.typeName "blog"}`); the first character after
// the predicate name is the argument delimiter (`{.equal?:a:"b c"}`).
import type { Ctx } from '../context.js';
import type { Call } from '../types.js';
import type { PredicateFn } from '../context.js';
import { sameDay, toInstant } from '../dates.js';
import { MSG_UNITS_METRIC_NOT_IMPLEMENTED } from '../errors.js';
import { fail } from '../formatters/util.js';
import { deepEqual, isTruthy, toNumber } from '../values.js';

/** With two arguments compares them; with one, compares the current value with it. */
function operands(c: Ctx, call: Call): [unknown, unknown] {
  const [a, b] = call.refs;
  if (!a) fail(`${call.name} needs an argument`);
  if (!b) return [c.node(), c.argValue(a)];
  return [c.argValue(a), c.argValue(b)];
}

function equalValues(a: unknown, b: unknown): boolean {
  return deepEqual(a === undefined ? null : a, b === undefined ? null : b);
}

/** Orders numbers numerically and strings lexically; NaN when they cannot be ordered. */
function order(a: unknown, b: unknown): number {
  // A missing left side orders before anything (the reference: lessThan? answers yes, greaterThan? no).
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return toNumber(a) - toNumber(b);
}

/**
 * The number a parity test looks at: the argument when given, the current value when it is a
 * number, else the 1-based position in the repeated section (the documentation describes even?
 * and odd? as testing an item's index position).
 */
function subject(c: Ctx, call: Call): number {
  const a = call.refs[0];
  if (a) return toNumber(c.argValue(a));
  const n = c.node();
  if (typeof n === 'number') return n;
  const i = c.index0();
  return i < 0 ? NaN : i + 1;
}

const cmp =
  (test: (d: number) => boolean): PredicateFn =>
  (c, call) => {
    const [a, b] = operands(c, call);
    const d = order(a, b);
    return !Number.isNaN(d) && test(d);
  };

export const corePredicates: Record<string, PredicateFn> = {
  'equal?': (c, call) => {
    const [a, b] = operands(c, call);
    return equalValues(a, b);
  },
  'notEqual?': (c, call) => {
    const [a, b] = operands(c, call);
    return !equalValues(a, b);
  },
  'greaterThan?': cmp((d) => d > 0),
  'greaterThanOrEqual?': cmp((d) => d >= 0),
  'lessThan?': cmp((d) => d < 0),
  'lessThanOrEqual?': cmp((d) => d <= 0),
  'even?': (c, call) => {
    const n = subject(c, call);
    return Number.isInteger(n) && n % 2 === 0;
  },
  'odd?': (c, call) => {
    const n = subject(c, call);
    return Number.isInteger(n) && Math.abs(n % 2) === 1;
  },
  /** `{.nth? 3}`: the subject (as for even?) is a multiple of 3; `{.nth? x 3}` tests x. */
  'nth?': (c, call) => {
    const [a, b] = call.refs;
    if (!a) fail('nth? needs a modulus');
    const n = b ? toNumber(c.argValue(a)) : subject(c, { ...call, refs: [] });
    const m = toNumber(c.argValue(b ?? a));
    return Number.isInteger(n) && Number.isInteger(m) && m !== 0 && n % m === 0;
  },
  /** The current value is a number greater than 1 (an argument is ignored, as the reference does). */
  'plural?': (c) => toNumber(c.node()) > 1,
  /** The current value is exactly 1 (an argument is ignored, as the reference does). */
  'singular?': (c) => toNumber(c.node()) === 1,
  /** The reference answers no for every JSON value, missing or not (JSON has no undefined). */
  'undefined?': () => false,
  /** `debug` in scope is truthy. */
  'debug?': (c) => isTruthy(c.lookup('debug')),
  /**
   * Two dates (arguments, or the current item's startDate and endDate) fall on the same UTC day,
   * as the reference decides it whatever the website's zone. The theme uses `site-same-day?`.
   */
  'same-day?': (c, call) => sameDayOf(c, call, 'UTC'),
  /** Theme (SPEC): the same test in the website's zone, so an evening event is one day where it happens. */
  'site-same-day?': (c, call) => sameDayOf(c, call, c.env.timeZone),
  /** SPEC 8: recorded as not implemented; the test is false. */
  'units-metric?': () => fail(MSG_UNITS_METRIC_NOT_IMPLEMENTED),
};

function sameDayOf(c: Ctx, call: Call, timeZone: string): boolean {
  const [a, b] = call.refs;
  // A missing date is the epoch, as in the reference.
  const x = toInstant(a ? c.argValue(a) : (c.lookup('startDate') ?? 0));
  const y = toInstant(b ? c.argValue(b) : (c.lookup('endDate') ?? 0));
  return x !== null && y !== null && sameDay(x, y, timeZone);
}
