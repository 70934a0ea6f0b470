// Assembles tokens into the instruction tree, following the assembler states of SPEC 4: root,
// section, repeated, predicate, or-predicate, if, block (.macro), alternates-with and end of
// input. Errors are recorded and parsing goes on, so a broken template still renders as much as
// it can: an unknown formatter or predicate keeps its place in the tree but renders nothing.
import type { Alt, Node } from './ast.js';
import type { EngineError, ErrorCode } from './errors.js';
import type { RawCall, Token } from './tokenizer.js';
import type { Arg, Call, VarRef } from './types.js';
import { parseVarRef } from './context.js';
import {
  MSG_IF_MIXED_OPERATORS,
  MSG_INVALID_VARIABLE_NAME,
  MSG_MISSING_ARGUMENT,
  MSG_OR_NEVER_EXECUTES,
  msgNotAllowedAtRoot,
  msgNotAllowedInside,
  msgUnclosedBlock,
  msgUnknownFormatter,
  msgUnknownPredicate,
} from './errors.js';
import { ExprSyntaxError } from './eval/tokenizer.js';
import { parseExpression } from './eval/parser.js';
import { splitCall, tokenize } from './tokenizer.js';

/** Names the parser accepts; the compiler looks the same names up again. */
export interface Vocabulary {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
}

type BlockKind = 'section' | 'repeated' | 'predicate' | 'if' | 'macro';
type Phase = 'body' | 'alternates-with' | 'or' | 'or-predicate';

interface Open {
  readonly kind: BlockKind;
  readonly node: Extract<Node, { t: 'section' | 'repeated' | 'pred' | 'if' | 'macro' }>;
  readonly pos: number;
  target: Node[];
  lastAlt: Alt | null;
  phase: Phase;
}

/** Shared result for the common variable without formatters (never mutated: frozen at run time, typed as the list it stands for). */
const NO_CALLS: Call[] = [];
Object.freeze(NO_CALLS);
const NO_FORMATTERS: { calls: Call[]; broken: boolean } = Object.freeze({ calls: NO_CALLS, broken: false });

const VAR_NAME = /^(?:@[\w$-]*|[A-Za-z_$][\w$-]*)(?:\.[\w$@-]+)*$/;

/** Parses an argument: a JSON-ish literal (number, quoted string, true/false/null) or a variable. */
export function parseArg(raw: string): Arg {
  const s = raw.trim();
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(s)) return { raw, ref: null, literal: Number(s) };
  if (s === 'true' || s === 'false') return { raw, ref: null, literal: s === 'true' };
  if (s === 'null') return { raw, ref: null, literal: null };
  if (s.length >= 2 && ((s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'")))) {
    return { raw, ref: null, literal: s.slice(1, -1) };
  }
  if (VAR_NAME.test(s)) return { raw, ref: parseVarRef(s), literal: undefined };
  return { raw, ref: null, literal: s };
}

function toCall(raw: RawCall): Call {
  return { name: raw.name, args: raw.args, raw: raw.raw, refs: raw.args.map(parseArg) };
}

/** The reference's name of an open block: OR_PREDICATE once in an {.or} branch. */
function blockName(open: Open): string {
  if (open.phase === 'or' || open.phase === 'or-predicate') return 'OR_PREDICATE';
  return open.kind.toUpperCase();
}

/** Parses a template into its instruction tree, recording problems in `errors`. */
export function parse(
  src: string,
  vocab: Vocabulary,
  errors: EngineError[],
  locate: (offset: number) => { line: number; column: number },
): Node[] {
  const err = (code: ErrorCode, message: string, offset: number): void => {
    errors.push({ code, message, offset, ...locate(offset) });
  };
  const root: Node[] = [];
  const stack: Open[] = [];
  let target = root;

  const checkFormatters = (fmts: RawCall[], bad: string | null, pos: number): { calls: Call[]; broken: boolean } => {
    if (bad === null && fmts.length === 0) return NO_FORMATTERS;
    let broken = false;
    if (bad !== null) {
      err('PARSE_UNKNOWN_FORMATTER', msgUnknownFormatter(bad), pos);
      broken = true;
    }
    for (const f of fmts) {
      if (!vocab.hasFormatter(f.name)) {
        err('PARSE_UNKNOWN_FORMATTER', msgUnknownFormatter(f.name), pos);
        broken = true;
      }
    }
    return { calls: fmts.map(toCall), broken };
  };

  const predicateCall = (text: string, pos: number): { call: Call; known: boolean } | null => {
    const raw = splitCall(text.trimStart());
    if (!raw?.name.endsWith('?')) return null;
    const known = vocab.hasPredicate(raw.name);
    if (!known) err('PARSE_UNKNOWN_PREDICATE', msgUnknownPredicate(raw.name), pos);
    return { call: toCall(raw), known };
  };

  const open = (kind: BlockKind, node: Open['node'], pos: number, body: Node[]): void => {
    target.push(node);
    stack.push({ kind, node, pos, target: body, lastAlt: null, phase: 'body' });
    target = body;
  };

  const bindName = (text: string, pos: number, word: string): { name: string; rest: string } | null => {
    const m = /^(\S+)\s*([\s\S]*)$/.exec(text);
    if (!m?.[1]) {
      err('PARSE_MISSING_ARGUMENT', `${MSG_MISSING_ARGUMENT} ${word}`, pos);
      return null;
    }
    if (!/^@[\w$-]+$/.test(m[1])) {
      err('PARSE_INVALID_VARIABLE', `${MSG_INVALID_VARIABLE_NAME} ${m[1]}`, pos);
      return null;
    }
    return { name: m[1].slice(1), rest: m[2] ?? '' };
  };

  // A tag the reference does not read as an instruction stays in the page as the text it was.
  const asText = (tok: { pos: number; end: number }): void => {
    target.push({ t: 'text', text: src.slice(tok.pos, tok.end) });
  };
  const NO_ARG = new Set(['meta-left', 'meta-right', 'newline', 'space', 'tab', 'eof', 'end', 'alternates with']);

  const tokens: Token[] = tokenize(src, errors, locate);
  let stopped = false;
  for (const tok of tokens) {
    if (stopped) break;
    if (tok.t === 'text') {
      // A text token already has the shape of a text node.
      target.push(tok);
      continue;
    }
    const pos = tok.pos;
    if (tok.t === 'var') {
      const { calls, broken } = checkFormatters(tok.fmts, tok.bad, pos);
      if (broken) {
        asText(tok);
        continue;
      }
      const refs: VarRef[] = [];
      for (const name of tok.names) refs.push(parseVarRef(name));
      target.push({ t: 'var', pos, refs, fmts: calls, broken });
      continue;
    }
    const { word, arg } = tok;
    if (NO_ARG.has(word) && arg !== '') {
      asText(tok);
      continue;
    }
    if (word.endsWith('?')) {
      const p = predicateCall(word + arg, pos);
      if (p) {
        const node = { t: 'pred' as const, pos, call: p.call, known: p.known, body: [], alt: null };
        open('predicate', node, pos, node.body);
      }
      continue;
    }
    switch (word) {
      case 'section':
      case 'repeated section': {
        if (!VAR_NAME.test(arg)) {
          asText(tok);
          break;
        }
        const ref = parseVarRef(arg);
        if (word === 'section') {
          const node = { t: 'section' as const, pos, ref, body: [], alt: null };
          open('section', node, pos, node.body);
        } else {
          const node = { t: 'repeated' as const, pos, ref, body: [], between: null, alt: null };
          open('repeated', node, pos, node.body);
        }
        break;
      }
      case 'if': {
        const p = /^[A-Za-z][\w-]*\?/.test(arg) ? predicateCall(arg, pos) : null;
        const hasOr = arg.includes('||');
        const hasAnd = arg.includes('&&');
        if (hasOr && hasAnd) err('PARSE_IF_MIXED_OPERATORS', MSG_IF_MIXED_OPERATORS, pos);
        const refs: VarRef[] = [];
        if (!p) {
          const parts = arg.split(/\|\||&&/).map((part) => part.trim());
          if (arg === '' || parts.some((part) => !VAR_NAME.test(part))) {
            asText(tok);
            break;
          }
          for (const part of parts) refs.push(parseVarRef(part));
        }
        const node = {
          t: 'if' as const,
          pos,
          op: hasAnd && !hasOr ? ('and' as const) : ('or' as const),
          refs,
          call: p?.call ?? null,
          body: [],
          alt: null,
        };
        open('if', node, pos, node.body);
        break;
      }
      case 'macro': {
        if (arg === '' || /\s/.test(arg)) {
          asText(tok);
          break;
        }
        const node = { t: 'macro' as const, pos, name: arg, body: [] };
        open('macro', node, pos, node.body);
        break;
      }
      case 'or': {
        // `{.or word}` without a predicate is not an instruction: it stays text (as in the reference).
        if (arg !== '' && !/^[A-Za-z][\w-]*\?/.test(arg)) {
          asText(tok);
          break;
        }
        const top = stack[stack.length - 1];
        if (!top || top.kind === 'macro') {
          err('PARSE_UNEXPECTED_OR', top ? msgNotAllowedInside('OR_PREDICATE', 'MACRO') : msgNotAllowedAtRoot('OR_PREDICATE'), pos);
          break;
        }
        if (top.phase === 'or') {
          err('PARSE_UNEXPECTED_OR', MSG_OR_NEVER_EXECUTES, pos);
          break;
        }
        let call: Call | null = null;
        if (arg !== '') call = predicateCall(arg, pos)?.call ?? null;
        const alt: Alt = { pos, call, body: [], alt: null };
        if (top.lastAlt) top.lastAlt.alt = alt;
        else if (top.node.t !== 'macro') top.node.alt = alt;
        top.lastAlt = alt;
        top.phase = call ? 'or-predicate' : 'or';
        top.target = target = alt.body;
        break;
      }
      case 'alternates with': {
        const top = stack[stack.length - 1];
        if (!top || top.kind !== 'repeated' || top.phase !== 'body' || top.node.t !== 'repeated') {
          err(
            'PARSE_UNEXPECTED_ALTERNATES',
            top ? msgNotAllowedInside('ALTERNATES_WITH', blockName(top)) : msgNotAllowedAtRoot('ALTERNATES_WITH'),
            pos,
          );
          break;
        }
        const between: Node[] = [];
        top.node.between = between;
        top.phase = 'alternates-with';
        top.target = target = between;
        break;
      }
      case 'end': {
        const top = stack.pop();
        if (!top) {
          err('PARSE_MISMATCHED_END', msgNotAllowedAtRoot('END'), pos);
          break;
        }
        target = stack[stack.length - 1]?.target ?? root;
        break;
      }
      case 'var': {
        // Exactly `{.var @name path}` (single spaces; the path may be a number, a key like "5").
        const m = /^ (@[\w$-]+) ([^\s|]+)(\|.*)?$/.exec(tok.raw ?? arg);
        const b = m ? { name: (m[1] ?? '').slice(1), rest: `${m[2] ?? ''}${m[3] ?? ''}` } : null;
        if (!b || !(VAR_NAME.test(m?.[2] ?? '') || /^\d+$/.test(m?.[2] ?? ''))) {
          asText(tok);
          break;
        }
        const bar = b.rest.indexOf('|');
        const path = (bar < 0 ? b.rest : b.rest.slice(0, bar)).trim();
        const ref = parseVarRef(path);
        const fmts: RawCall[] = [];
        let bad: string | null = null;
        if (bar >= 0) {
          for (const part of b.rest.slice(bar + 1).split('|')) {
            const c = splitCall(part);
            if (c) fmts.push(c);
            else bad ??= part;
          }
        }
        const { calls, broken } = checkFormatters(fmts, bad, pos);
        target.push({ t: 'bind', pos, name: b.name, ref, fmts: calls, broken });
        break;
      }
      case 'ctx': {
        const b = /^@[\w$-]+\s+\S/.test(arg) ? bindName(arg, pos, 'ctx') : null;
        if (!b) {
          asText(tok);
          break;
        }
        const entries: [string, Arg][] = [];
        const pairs = b.rest.split(/\s+/).filter((s) => s !== '');
        // Every pair is key=variable (`a=1` looks up "1"); a pair of another shape leaves the whole tag as text.
        const valid = pairs.every((pair) => {
          const eq = pair.indexOf('=');
          const value = pair.slice(eq + 1);
          return eq > 0 && (VAR_NAME.test(value) || /^\d+$/.test(value));
        });
        if (!valid) {
          asText(tok);
          break;
        }
        for (const pair of pairs) {
          const eq = pair.indexOf('=');
          const value = pair.slice(eq + 1);
          entries.push([pair.slice(0, eq), { raw: value, ref: parseVarRef(value), literal: undefined }]);
        }
        target.push({ t: 'ctx', pos, name: b.name, entries });
        break;
      }
      case 'eval': {
        if ((tok.raw ?? arg) === '') {
          asText(tok);
          break;
        }
        try {
          target.push({ t: 'eval', pos, expr: parseExpression(arg) });
        } catch (e) {
          if (!(e instanceof ExprSyntaxError)) throw e;
          err('PARSE_EXPRESSION', e.message, pos);
          target.push({ t: 'eval', pos, expr: null });
        }
        break;
      }
      case 'include': {
        // The name is what follows the first space up to the next one (`{.include  p}` names ''); a tab is not a separator.
        const raw = tok.raw ?? ` ${arg}`;
        if (!raw.startsWith(' ') || arg === '') {
          asText(tok);
          break;
        }
        const [name = '', ...words] = raw.slice(1).split(' ');
        target.push({ t: 'include', pos, name, output: words.includes('output') });
        break;
      }
      case 'inject': {
        const b = /^@[\w$-]+\s+\S/.test(arg) ? bindName(arg, pos, 'inject') : null;
        if (!b) {
          asText(tok);
          break;
        }
        const file = b.rest.split(/\s+/)[0] ?? '';
        if (file === '') err('PARSE_MISSING_ARGUMENT', `${MSG_MISSING_ARGUMENT} inject`, pos);
        else target.push({ t: 'inject', pos, name: b.name, file });
        break;
      }
      case 'meta-left':
        target.push({ t: 'text', text: '{' });
        break;
      case 'meta-right':
        target.push({ t: 'text', text: '}' });
        break;
      case 'newline':
        target.push({ t: 'text', text: '\n' });
        break;
      case 'space':
        target.push({ t: 'text', text: ' ' });
        break;
      case 'tab':
        target.push({ t: 'text', text: '\t' });
        break;
      case 'eof':
        // Nothing after a top-level {.eof} is read; inside a block it is ignored.
        if (stack.length === 0) stopped = true;
        break;
      default:
        asText(tok);
    }
  }
  // End of input with blocks still open: one error, for the innermost (as the reference reports
  // it), and every block is closed where the text ends.
  const inner = stack[stack.length - 1];
  if (inner) err('PARSE_UNCLOSED_BLOCK', msgUnclosedBlock(blockName(inner)), inner.pos);
  return root;
}
