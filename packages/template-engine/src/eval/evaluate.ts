// Stack machine for .eval: runs each RPN sequence against the render context. Variables stay
// references until an operator needs their value, so `@x = ...` can bind. Arithmetic follows
// JavaScript on numbers, booleans and numeric strings; `+` concatenates when either side is a
// string (capped at MAX_STRING_LENGTH); == compares loosely (1 == "1"), === strictly; && and ||
// give booleans by template truthiness.
import type { Ctx } from '../context.js';
import type { VarRef } from '../types.js';
import type { Expression, RpnItem } from './parser.js';
import {
  MSG_CONCAT_TOO_LONG,
  MSG_ERROR_CALLING_FUNCTION,
  MSG_INVALID_FUNCTION,
  MSG_INVALID_OPERATOR_ARGS,
  MSG_UNEXPECTED_OPERATOR,
} from '../errors.js';
import { isTruthy } from '../values.js';

/** Longest string a concatenation may produce (ours; the documentation names the limit only). */
export const MAX_STRING_LENGTH = 65536;

/** A runtime failure of an expression, with a SPEC 8 message. */
export class ExprEvalError extends Error {
  override readonly name = 'ExprEvalError';
}

interface Ref {
  readonly ref: VarRef;
  readonly name: string;
}
type Slot = { readonly v: unknown } | Ref;

function isRef(s: Slot): s is Ref {
  return 'ref' in s;
}

/** A number as JavaScript converts it (text that is not a number is NaN); objects and arrays are an error. */
function numeric(v: unknown, op: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined) return 0;
  if (typeof v === 'string') return Number(v);
  throw new ExprEvalError(`${MSG_INVALID_OPERATOR_ARGS} ${op}`);
}

/** JavaScript's == on the primitive values an expression holds (missing is null). */
function looseEqual(a: unknown, b: unknown): boolean {
  const x = a === undefined ? null : a;
  const y = b === undefined ? null : b;
  if (x === null || y === null) return x === y;
  if (typeof x === typeof y) return x === y;
  return numeric(x, '==') === numeric(y, '==');
}

/** Text of a primitive as JavaScript writes it in a concatenation (missing is 'null'). */
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : 'null');

const isComposite = (v: unknown): boolean => typeof v === 'object' && v !== null;

function compare(a: unknown, b: unknown, op: string): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return numeric(a, op) - numeric(b, op);
}

// The reference's functions: no others (floor, round, len, ... are unknown to it).
const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  max: (a) => Math.max(...some(a).map((x) => numeric(x, 'max'))),
  min: (a) => Math.min(...some(a).map((x) => numeric(x, 'min'))),
  abs: (a) => Math.abs(numeric(one(a), 'abs')),
  num: (a) => numeric(one(a), 'num'),
  str: (a) => text(one(a)),
  bool: (a) => isTruthy(one(a)),
};

function some(args: unknown[]): unknown[] {
  if (args.length === 0) throw new Error('expects at least one argument');
  return args;
}

function one(args: unknown[]): unknown {
  if (args.length !== 1) throw new Error('expects exactly one argument');
  return args[0];
}

function applyBinary(op: string, a: unknown, b: unknown): unknown {
  switch (op) {
    case '+': {
      if (typeof a === 'string' || typeof b === 'string') {
        if ((a !== null && typeof a === 'object') || (b !== null && typeof b === 'object')) {
          throw new ExprEvalError(`${MSG_INVALID_OPERATOR_ARGS} +`);
        }
        const s1 = text(a);
        const s2 = text(b);
        if (s1.length + s2.length > MAX_STRING_LENGTH) throw new ExprEvalError(MSG_CONCAT_TOO_LONG);
        return s1 + s2;
      }
      return numeric(a, op) + numeric(b, op);
    }
    case '-':
      return numeric(a, op) - numeric(b, op);
    case '*':
      return numeric(a, op) * numeric(b, op);
    case '/':
      return numeric(a, op) / numeric(b, op);
    case '%':
      return numeric(a, op) % numeric(b, op);
    case '**':
      return numeric(a, op) ** numeric(b, op);
    case '<<':
      return numeric(a, op) << numeric(b, op);
    case '>>':
      return numeric(a, op) >> numeric(b, op);
    case '&':
      return numeric(a, op) & numeric(b, op);
    case '|':
      return numeric(a, op) | numeric(b, op);
    case '^':
      return numeric(a, op) ^ numeric(b, op);
    case '<':
      return compare(a, b, op) < 0;
    case '<=':
      return compare(a, b, op) <= 0;
    case '>':
      return compare(a, b, op) > 0;
    case '>=':
      return compare(a, b, op) >= 0;
    case '==':
      return looseEqual(a, b);
    case '!=':
      return !looseEqual(a, b);
    case '===':
      return (a ?? null) === (b ?? null);
    case '!==':
      return (a ?? null) !== (b ?? null);
    case '&&':
      return isTruthy(a) && isTruthy(b);
    case '||':
      return isTruthy(a) || isTruthy(b);
    default:
      throw new ExprEvalError(`${MSG_UNEXPECTED_OPERATOR} ${op}`);
  }
}

function runPart(items: readonly RpnItem[], c: Ctx): { value: unknown; assigned: boolean } {
  const stack: Slot[] = [];
  // Expressions work on primitives: an object or array as an operand or result is an error.
  const raw = (s: Slot): unknown => (isRef(s) ? c.resolve(s.ref) : s.v);
  const val = (s: Slot, op: string): unknown => {
    const v = raw(s);
    if (isComposite(v)) throw new ExprEvalError(`${MSG_INVALID_OPERATOR_ARGS} ${op}`);
    return v;
  };
  let assigned = false;
  for (const it of items) {
    switch (it.k) {
      case 'lit':
        stack.push({ v: it.v });
        break;
      case 'var':
        stack.push({ ref: it.ref, name: it.name });
        break;
      case 'call': {
        const fn = FUNCTIONS[it.name];
        if (!fn) throw new ExprEvalError(`${MSG_INVALID_FUNCTION} ${it.name}`);
        if (stack.length < it.argc) throw new ExprEvalError(`${MSG_UNEXPECTED_OPERATOR} ${it.name}`);
        const args = stack.splice(stack.length - it.argc, it.argc).map((s) => val(s, it.name));
        try {
          stack.push({ v: fn(args) });
        } catch (e) {
          const detail = e instanceof Error ? e.message : String(e);
          throw new ExprEvalError(`${MSG_ERROR_CALLING_FUNCTION} ${it.name}: ${detail}`);
        }
        break;
      }
      case 'op': {
        if (it.unary) {
          const a = stack.pop();
          if (!a) throw new ExprEvalError(`${MSG_UNEXPECTED_OPERATOR} ${it.op}`);
          // The reference's ~ does not read a variable: ~name is ~undefined, -1.
          const v = it.op === '~' && isRef(a) ? undefined : val(a, it.op);
          stack.push({
            v: it.op === '!' ? !isTruthy(v) : it.op === '-' ? -numeric(v, it.op) : it.op === '~' ? ~numeric(v, it.op) : numeric(v, it.op),
          });
          break;
        }
        if (it.op === '=' && stack.length < 2) {
          // An assignment short of operands (`@x=a+`, where + took @x) does nothing, like any
          // assignment the reference cannot make; other operators short of one are an error.
          stack.length = 0;
          stack.push({ v: undefined });
          assigned = true;
          break;
        }
        const b = stack.pop();
        const a = stack.pop();
        if (!a || !b) throw new ExprEvalError(`${MSG_UNEXPECTED_OPERATOR} ${it.op}`);
        if (it.op === '=') {
          // As measured: assigning to anything but an @variable, or assigning an object or
          // array, does nothing and prints nothing; the expressions after it still run.
          const v = raw(b);
          if (isRef(a) && a.ref.kind === 'var' && a.ref.rest.length === 0 && !isComposite(v)) c.setVar(a.ref.name, v);
          stack.push({ v: undefined });
          assigned = true;
          break;
        }
        stack.push({ v: applyBinary(it.op, val(a, it.op), val(b, it.op)) });
        break;
      }
    }
  }
  // Values side by side (`1 2`, `a,b`) give the last one, as the reference does.
  const top = stack[stack.length - 1];
  if (!top) throw new ExprEvalError(`${MSG_UNEXPECTED_OPERATOR} (no value)`);
  if (stack.length > 1) assigned = false;
  return { value: val(top, 'result'), assigned };
}

/**
 * Runs every expression of an .eval in order; returns the last one's value and whether it was an
 * assignment (assignments print nothing).
 */
export function evaluate(expr: Expression, c: Ctx): { value: unknown; assigned: boolean } {
  let last: { value: unknown; assigned: boolean } = { value: undefined, assigned: true };
  for (const part of expr.parts) last = runPart(part, c);
  return last;
}
