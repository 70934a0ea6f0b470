// Turns expression tokens into reverse-Polish sequences (one per `;`-separated expression) with
// the shunting-yard algorithm, so evaluation is a simple stack machine. Unbalanced parentheses
// and stray commas are reported as 'Mismatched operator found: X'.
import type { ExprToken } from './tokenizer.js';
import { ExprSyntaxError, tokenizeExpr } from './tokenizer.js';
import { MSG_MISMATCHED_OPERATOR } from '../errors.js';

export type RpnItem =
  | { readonly k: 'lit'; readonly v: unknown }
  | Extract<ExprToken, { k: 'var' }>
  | { readonly k: 'op'; readonly op: string; readonly unary: boolean }
  | { readonly k: 'call'; readonly name: string; readonly argc: number };

/** A parsed .eval body: one RPN sequence per expression. */
export interface Expression {
  readonly source: string;
  readonly parts: readonly (readonly RpnItem[])[];
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '**': 13,
  '*': 12,
  '/': 12,
  '%': 12,
  '+': 11,
  '-': 11,
  '<<': 10,
  '>>': 10,
  '<': 9,
  '<=': 9,
  '>': 9,
  '>=': 9,
  '==': 8,
  '!=': 8,
  '===': 8,
  '!==': 8,
  '&': 7,
  '^': 6,
  '|': 5,
  '&&': 4,
  '||': 3,
  '=': 1,
};
const UNARY_PRECEDENCE = 14;

type StackItem =
  | { readonly k: 'op'; readonly op: string; readonly unary: boolean }
  | { k: '('; readonly fn: string | null; argc: number; sawArg: boolean };

function precedence(item: { op: string; unary: boolean }): number {
  return item.unary ? UNARY_PRECEDENCE : (BINARY_PRECEDENCE[item.op] ?? 0);
}

/** Unary operators and `**` group to the right (`2**3**2` is 512); `=` does not chain (`@x=@y=2` assigns nothing). */
function isRightAssoc(item: { op: string; unary: boolean }): boolean {
  return item.unary || item.op === '**';
}

function toRpn(tokens: readonly ExprToken[]): RpnItem[] {
  const out: RpnItem[] = [];
  const stack: StackItem[] = [];
  let prev: ExprToken | null = null;
  const markArg = (): void => {
    const top = stack.findLast((s) => s.k === '(');
    if (top && top.k === '(') top.sawArg = true;
  };
  for (const t of tokens) {
    switch (t.k) {
      case 'lit':
      case 'var':
        out.push(t);
        markArg();
        break;
      case 'fn':
        markArg();
        stack.push({ k: '(', fn: t.name, argc: 0, sawArg: false });
        break;
      case '(':
        markArg();
        stack.push({ k: '(', fn: null, argc: 0, sawArg: false });
        break;
      case ',': {
        // At the top level a comma is passed over: `a,b` leaves both values and gives b, as the reference does.
        if (!stack.some((x) => x.k === '(')) break;
        let top = stack[stack.length - 1];
        while (top && top.k === 'op') {
          out.push(top);
          stack.pop();
          top = stack[stack.length - 1];
        }
        if (!top || top.fn === null) throw new ExprSyntaxError(`${MSG_MISMATCHED_OPERATOR} ,`);
        top.argc++;
        top.sawArg = false;
        break;
      }
      case ')': {
        let top = stack.pop();
        while (top && top.k === 'op') {
          out.push(top);
          top = stack.pop();
        }
        if (!top) throw new ExprSyntaxError(`${MSG_MISMATCHED_OPERATOR} )`);
        if (top.fn !== null) out.push({ k: 'call', name: top.fn, argc: top.argc + (top.sawArg ? 1 : 0) });
        break;
      }
      case 'op': {
        const unary =
          (t.op === '-' || t.op === '+' || t.op === '!' || t.op === '~') &&
          (prev === null || prev.k === 'op' || prev.k === '(' || prev.k === ',' || prev.k === 'fn');
        const item = { k: 'op' as const, op: t.op, unary };
        for (;;) {
          const top = stack[stack.length - 1];
          if (!top || top.k !== 'op') break;
          const pt = precedence(top);
          const pi = precedence(item);
          if (pt > pi || (pt === pi && !isRightAssoc(item))) {
            out.push(top);
            stack.pop();
          } else break;
        }
        stack.push(item);
        break;
      }
      case ';':
        break;
    }
    prev = t;
  }
  for (let top = stack.pop(); top; top = stack.pop()) {
    if (top.k === '(') throw new ExprSyntaxError(`${MSG_MISMATCHED_OPERATOR} (`);
    out.push(top);
  }
  return out;
}

/** Parses an .eval body; throws ExprSyntaxError with the SPEC 8 message. */
export function parseExpression(source: string): Expression {
  const tokens = tokenizeExpr(source);
  const parts: RpnItem[][] = [];
  let cur: ExprToken[] = [];
  for (const t of tokens) {
    if (t.k === ';') {
      if (cur.length > 0) parts.push(toRpn(cur));
      cur = [];
    } else cur.push(t);
  }
  if (cur.length > 0) parts.push(toRpn(cur));
  return { source, parts };
}
