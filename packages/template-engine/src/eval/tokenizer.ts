// Tokenizer of the .eval expression language: numbers (decimal with fraction and exponent, or
// 0x hex), single- or double-quoted strings with JSON-style escapes plus \xHH, the literals
// true/false/null, variables (dotted paths, @name, @, @index), function calls `name(`,
// operators and the separators ( ) , ;. Limits: at most MAX_TOKENS tokens per expression.
import type { VarRef } from '../types.js';
import { parseVarRef } from '../context.js';
import {
  MSG_DUPLICATE_DECIMAL_POINT,
  MSG_EXPRESSION_PARSE,
  MSG_EXPECTED_EXPONENT_DIGIT,
  MSG_ILLEGAL_BARE_CHAR,
  MSG_INVALID_HEX_ESCAPE,
  MSG_INVALID_UNICODE_ESCAPE,
  MSG_TOO_MANY_TOKENS,
  MSG_UNTERMINATED_STRING,
} from '../errors.js';

/** Most tokens one expression may have (documentation gives a limit without a number; ours). */
export const MAX_TOKENS = 500;

export type ExprToken =
  | { readonly k: 'lit'; readonly v: unknown }
  | { readonly k: 'var'; readonly ref: VarRef; readonly name: string }
  | { readonly k: 'fn'; readonly name: string }
  | { readonly k: 'op'; readonly op: string }
  | { readonly k: '(' | ')' | ',' | ';' };

/** A tokenizer or parser failure, with the offset inside the expression. */
export class ExprSyntaxError extends Error {
  override readonly name = 'ExprSyntaxError';
}

const OPERATORS = [
  '===',
  '!==',
  '**',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<<',
  '>>',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '~',
  '&',
  '|',
  '^',
  '=',
];
const HEX = /^[0-9a-fA-F]$/;

function isIdentStart(c: string): boolean {
  return /[A-Za-z_$@]/.test(c);
}

/** Splits an expression into tokens; throws ExprSyntaxError with a SPEC 8 message. */
export function tokenizeExpr(src: string): ExprToken[] {
  const out: ExprToken[] = [];
  const push = (t: ExprToken): void => {
    if (out.length >= MAX_TOKENS) throw new ExprSyntaxError(MSG_TOO_MANY_TOKENS);
    out.push(t);
  };
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',' || c === ';') {
      push({ k: c });
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const [value, next] = readString(src, i);
      push({ k: 'lit', v: value });
      i = next;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const [value, next] = readNumber(src, i);
      push({ k: 'lit', v: value });
      i = next;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && /[\w$@.-]/.test(src[j] ?? '')) {
        // A '-' continues a name when a name character follows (`b-1` is a name, as JSON keys
        // may be, and the reference reads it so); `b - 1` is subtraction.
        if (src[j] === '-' && !/[\w$@.]/.test(src[j + 1] ?? '')) break;
        j++;
      }
      const name = src.slice(i, j);
      let k = j;
      while (src[k] === ' ') k++;
      if (src[k] === '(' && !name.startsWith('@')) {
        push({ k: 'fn', name });
        i = k + 1;
        continue;
      }
      if (name === 'true' || name === 'false') push({ k: 'lit', v: name === 'true' });
      else if (name === 'null') push({ k: 'lit', v: null });
      else push({ k: 'var', ref: parseVarRef(name), name });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op === undefined) throw new ExprSyntaxError(`${MSG_EXPRESSION_PARSE} unexpected character ${c}`);
    push({ k: 'op', op });
    i += op.length;
  }
  return out;
}

function readNumber(src: string, start: number): [number, number] {
  let i = start;
  if (src[i] === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
    let j = i + 2;
    while (HEX.test(src[j] ?? '')) j++;
    return [parseInt(src.slice(i + 2, j), 16), j];
  }
  let dot = false;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (/[0-9]/.test(c)) i++;
    else if (c === '.') {
      if (dot) throw new ExprSyntaxError(MSG_DUPLICATE_DECIMAL_POINT);
      dot = true;
      i++;
    } else break;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    i++;
    if (src[i] === '+' || src[i] === '-') i++;
    if (!/[0-9]/.test(src[i] ?? '')) throw new ExprSyntaxError(MSG_EXPECTED_EXPONENT_DIGIT);
    while (/[0-9]/.test(src[i] ?? '')) i++;
  }
  if (src[i] === '.') throw new ExprSyntaxError(MSG_DUPLICATE_DECIMAL_POINT);
  return [Number(src.slice(start, i)), i];
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', '"': '"', "'": "'", '/': '/' };

function readString(src: string, start: number): [string, number] {
  const quote = src[start];
  let i = start + 1;
  let out = '';
  while (i < src.length) {
    const c = src[i] ?? '';
    if (c === quote) return [out, i + 1];
    if (c.charCodeAt(0) < 0x20) throw new ExprSyntaxError(MSG_ILLEGAL_BARE_CHAR);
    if (c === '\\') {
      const e = src[i + 1];
      if (e === undefined) break;
      if (e === 'x') {
        const h = src.slice(i + 2, i + 4);
        if (h.length !== 2 || !HEX.test(h[0] ?? '') || !HEX.test(h[1] ?? '')) throw new ExprSyntaxError(MSG_INVALID_HEX_ESCAPE);
        out += String.fromCharCode(parseInt(h, 16));
        i += 4;
        continue;
      }
      if (e === 'u') {
        const h = src.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(h)) throw new ExprSyntaxError(MSG_INVALID_UNICODE_ESCAPE);
        out += String.fromCharCode(parseInt(h, 16));
        i += 6;
        continue;
      }
      // Unknown escapes keep the escaped character, as JavaScript does.
      out += SIMPLE_ESCAPES[e] ?? e;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  throw new ExprSyntaxError(MSG_UNTERMINATED_STRING);
}
