// Turns the instruction tree into closures once, so rendering never re-parses: formatter and
// predicate functions are looked up here, variable paths were pre-split by the parser, and
// adjacent text is merged.
import type { Alt, Node } from './ast.js';
import type { Ctx } from './context.js';
import type { Call } from './types.js';
import type { Exec, FormatterFn, PredicateFn } from './context.js';
import { FormatterError, MSG_EXPRESSION_REDUCE, MSG_FORMATTER_FAILED, MSG_INJECT_NOT_FOUND, MSG_PREDICATE_FAILED } from './errors.js';
import { ExprEvalError, evaluate } from './eval/evaluate.js';
import { FORMATTERS } from './formatters/index.js';
import { PREDICATES } from './predicates/index.js';
import { isTruthy, toOutput } from './values.js';

const NOOP: Exec = () => undefined;

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** What runFormatters returns when a formatter failed (the tag renders nothing). */
export const FAILED: unique symbol = Symbol('formatter failed');

/** Runs a chain of formatters; records a failure and returns FAILED. */
export function runChain(value: unknown, chain: readonly (readonly [FormatterFn, Call])[], c: Ctx, pos: number): unknown {
  c.pos = pos;
  let v = value;
  for (let i = 0; i < chain.length; i++) {
    const [fn, call] = chain[i] as readonly [FormatterFn, Call];
    try {
      v = fn(v, call, c);
    } catch (e) {
      if (e instanceof FormatterError) c.error('RENDER_FORMATTER', e.message, pos);
      else c.error('RENDER_FORMATTER', `${MSG_FORMATTER_FAILED} ${call.name}: ${describe(e)}`, pos);
      return FAILED;
    }
  }
  return v;
}

/** Runs a chain of formatters; records a failure and returns undefined (renders empty). */
export function runFormatters(
  value: unknown,
  chain: readonly (readonly [FormatterFn, Call])[],
  c: Ctx,
  pos: number,
): { ok: boolean; value: unknown } {
  const v = runChain(value, chain, c, pos);
  return v === FAILED ? { ok: false, value: undefined } : { ok: true, value: v };
}

/**
 * Formatters whose output depends only on the value, their literal arguments, the locale and the
 * zone: a tag made only of these memoises its output per primitive value (pages repeat the same
 * titles and dates render after render).
 */
const PURE = new Set([
  'html',
  'htmlattr',
  'htmltag',
  'url-encode',
  'encode-uri',
  'encode-uri-component',
  'encode-space',
  'date',
  'truncate',
  'slugify',
  'safe',
  'smartypants',
  'capitalize',
  'line-breaks',
  'json',
  'json-pretty',
  'count',
]);
const MEMO_MAX = 512;

function chainOf(fmts: readonly Call[]): (readonly [FormatterFn, Call])[] {
  const chain: (readonly [FormatterFn, Call])[] = [];
  for (const f of fmts) {
    const fn = FORMATTERS.get(f.name);
    if (fn) chain.push([fn, f]);
  }
  return chain;
}

/** Compiles a predicate call into a test that never throws. */
export function compilePredicate(call: Call, pos: number): (c: Ctx) => boolean {
  const fn: PredicateFn | undefined = PREDICATES.get(call.name);
  if (!fn) return () => false;
  return (c) => {
    c.pos = pos;
    try {
      return fn(c, call);
    } catch (e) {
      c.error('RENDER_PREDICATE', e instanceof FormatterError ? e.message : `${MSG_PREDICATE_FAILED} ${call.name}: ${describe(e)}`, pos);
      return false;
    }
  };
}

function compileAlt(alt: Alt | null): Exec {
  if (!alt) return NOOP;
  const body = compileBlock(alt.body);
  if (!alt.call) return body;
  const next = compileAlt(alt.alt);
  const test = compilePredicate(alt.call, alt.pos);
  return (c) => (test(c) ? body(c) : next(c));
}

function compileNode(node: Node): Exec {
  switch (node.t) {
    case 'text': {
      const text = node.text;
      return (c) => {
        c.out += text;
      };
    }
    case 'var': {
      if (node.broken) return NOOP;
      const ref = node.refs[0];
      if (!ref) return NOOP;
      const chain = chainOf(node.fmts);
      const pos = node.pos;
      if (chain.length === 0) {
        return (c) => {
          const v = c.resolve(ref);
          if (typeof v === 'string') c.out += v;
          else c.out += toOutput(v);
        };
      }
      const refs = node.refs;
      if (refs.length > 1) {
        return (c) => {
          c.multi = refs.map((r) => c.resolve(r));
          const r = runChain(c.multi[0], chain, c, pos);
          c.multi = null;
          if (r !== FAILED) c.out += toOutput(r);
        };
      }
      const pure = node.fmts.every((f) => PURE.has(f.name) && f.refs.every((a) => a.ref === null)) && chain.length === node.fmts.length;
      if (pure) {
        // Memo of outputs per primitive value, valid for one locale and zone.
        const memo = new Map<unknown, string>();
        let memoLocale = '';
        let memoZone = '';
        return (c) => {
          const v = c.resolve(ref);
          const t = typeof v;
          if (t !== 'string' && t !== 'number') {
            const r = runChain(v, chain, c, pos);
            if (r !== FAILED) c.out += toOutput(r);
            return;
          }
          if (c.env.locale !== memoLocale || c.env.timeZone !== memoZone) {
            memo.clear();
            memoLocale = c.env.locale;
            memoZone = c.env.timeZone;
          }
          let out = memo.get(v);
          if (out === undefined) {
            const errors = c.errors.length;
            const r = runChain(v, chain, c, pos);
            if (r === FAILED) return;
            out = toOutput(r);
            if (c.errors.length === errors) {
              if (memo.size >= MEMO_MAX) memo.clear();
              memo.set(v, out);
            }
          }
          c.out += out;
        };
      }
      if (chain.length === 1) {
        const [fn, call] = chain[0] as readonly [FormatterFn, Call];
        return (c) => {
          c.pos = pos;
          let r: unknown;
          try {
            r = fn(c.resolve(ref), call, c);
          } catch (e) {
            if (e instanceof FormatterError) c.error('RENDER_FORMATTER', e.message, pos);
            else c.error('RENDER_FORMATTER', `${MSG_FORMATTER_FAILED} ${call.name}: ${describe(e)}`, pos);
            return;
          }
          c.out += typeof r === 'string' ? r : toOutput(r);
        };
      }
      return (c) => {
        const r = runChain(c.resolve(ref), chain, c, pos);
        if (r !== FAILED) c.out += toOutput(r);
      };
    }
    case 'section': {
      const { ref } = node;
      const body = compileBlock(node.body);
      const alt = compileAlt(node.alt);
      return (c) => {
        const v = c.resolveLocal(ref);
        // The {.or} branch, too, runs with the (false) value on the stack, as in the reference.
        c.push(v);
        if (isTruthy(v)) body(c);
        else alt(c);
        c.pop();
      };
    }
    case 'repeated': {
      const { ref } = node;
      const body = compileBlock(node.body);
      const between = node.between ? compileBlock(node.between) : null;
      const alt = compileAlt(node.alt);
      return (c) => {
        const v = c.resolveLocal(ref);
        if (!Array.isArray(v) || v.length === 0) {
          alt(c);
          return;
        }
        // The list itself is a frame too (as in the reference): `{0}` in an item that lacks it reads
        // the list's first item.
        c.push(v);
        for (let i = 0; i < v.length; i++) {
          if (i > 0 && between) {
            // The separator sees the previous item's position (so @index works in it too).
            c.push(v[i - 1], i - 1);
            between(c);
            c.pop();
          }
          c.push(v[i], i);
          body(c);
          c.pop();
        }
        c.pop();
      };
    }
    case 'pred': {
      const body = compileBlock(node.body);
      const alt = compileAlt(node.alt);
      if (!node.known) return alt;
      const test = compilePredicate(node.call, node.pos);
      return (c) => (test(c) ? body(c) : alt(c));
    }
    case 'if': {
      const body = compileBlock(node.body);
      const alt = compileAlt(node.alt);
      if (node.call) {
        const test = compilePredicate(node.call, node.pos);
        return (c) => (test(c) ? body(c) : alt(c));
      }
      const refs = node.refs;
      const and = node.op === 'and';
      return (c) => {
        let ok = and;
        for (const r of refs) {
          const t = isTruthy(c.resolve(r));
          if (and && !t) {
            ok = false;
            break;
          }
          if (!and && t) {
            ok = true;
            break;
          }
        }
        if (ok && refs.length > 0) body(c);
        else alt(c);
      };
    }
    case 'bind': {
      const { ref, name, pos, broken } = node;
      const chain = chainOf(node.fmts);
      return (c) => {
        if (broken) {
          c.setVar(name, undefined);
          return;
        }
        const r = chain.length === 0 ? { value: c.resolve(ref) } : runFormatters(c.resolve(ref), chain, c, pos);
        c.setVar(name, r.value);
      };
    }
    case 'ctx': {
      const { entries, name } = node;
      return (c) => {
        const obj: Record<string, unknown> = {};
        // A missing value is null (it prints as `"k":null` in JSON, as the reference writes it).
        for (const [k, arg] of entries) obj[k] = c.argValue(arg) ?? null;
        c.setVar(name, obj);
      };
    }
    case 'eval': {
      const { expr, pos } = node;
      if (!expr) return NOOP;
      return (c) => {
        try {
          const r = evaluate(expr, c);
          if (!r.assigned) c.out += toOutput(r.value);
        } catch (e) {
          if (e instanceof ExprEvalError) c.error('RENDER_EXPRESSION', e.message, pos);
          else c.error('RENDER_EXPRESSION', `${MSG_EXPRESSION_REDUCE} ${describe(e)}`, pos);
        }
      };
    }
    case 'include': {
      const { name, pos, output } = node;
      if (output) return (c) => c.runNamed(name, pos);
      // Without the word `output` the reference runs the partial (its errors count) and drops what it wrote.
      return (c) => {
        const mark = c.out.length;
        c.runNamed(name, pos);
        c.out = c.out.slice(0, mark);
      };
    }
    case 'inject': {
      const { name, file, pos } = node;
      return (c) => {
        const src = c.env.partialSource(file);
        if (src === undefined) c.error('RENDER_PARTIAL_NOT_FOUND', `${MSG_INJECT_NOT_FOUND} ${file}`, pos);
        c.setVar(name, src ?? '');
      };
    }
    case 'macro': {
      // A macro is defined when its tag runs, in the current frame: like a variable, it is seen
      // after its definition, in this section and the ones inside it (as the reference does).
      const { name } = node;
      const body = compileBlock(node.body);
      return (c) => c.defineMacro(name, body);
    }
  }
}

/** Compiles a list of nodes into one closure. */
export function compileBlock(nodes: readonly Node[]): Exec {
  const execs: Exec[] = [];
  let text = '';
  for (const n of nodes) {
    if (n.t === 'text') {
      text += n.text;
      continue;
    }
    if (text !== '') {
      execs.push(compileNode({ t: 'text', text }));
      text = '';
    }
    const e = compileNode(n);
    if (e !== NOOP) execs.push(e);
  }
  if (text !== '') execs.push(compileNode({ t: 'text', text }));
  if (execs.length === 0) return NOOP;
  if (execs.length === 1) return execs[0] ?? NOOP;
  if (execs.length === 2) {
    const [a, b] = execs as [Exec, Exec];
    return (c) => {
      a(c);
      b(c);
    };
  }
  return (c) => {
    for (let i = 0; i < execs.length; i++) (execs[i] as Exec)(c);
  };
}
