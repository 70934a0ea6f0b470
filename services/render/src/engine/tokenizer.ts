// Splits template text into literal text, variables and instructions. A `{` only opens a tag when
// what follows up to the next `}` on the same line is an instruction (`{.name ...}`), a comment
// (`{# ...}`, `{## ... ##}`) or a variable (`{name|formatter args}`); anything else, such as CSS
// or script braces, stays literal text. This is how JSON-Template lets templates carry CSS/JS.
import type { EngineError } from './errors.js';
import { MSG_UNTERMINATED_COMMENT } from './errors.js';

/** A formatter or predicate as written: name, argument list and raw argument text. */
export interface RawCall {
  readonly name: string;
  readonly args: string[];
  readonly raw: string;
}

export type Token =
  | { readonly t: 'text'; readonly text: string; readonly pos: number }
  | { readonly t: 'var'; readonly names: string[]; readonly fmts: RawCall[]; readonly bad: string | null; readonly pos: number }
  | { readonly t: 'inst'; readonly word: string; readonly arg: string; readonly pos: number };

const VAR_NAME = /^(?:@[\w$-]*|[A-Za-z_$][\w$-]*)(?:\.[\w$@-]+)*$/;
const CALL_NAME = /^([A-Za-z][\w-]*\??)/;

/** Splits "name<delim>a<delim>b" into name and arguments; the first character after the name is the delimiter. */
export function splitCall(text: string): RawCall | null {
  const m = CALL_NAME.exec(text);
  if (!m?.[1]) return null;
  const name = m[1];
  const rest = text.slice(name.length);
  if (rest === '') return { name, args: [], raw: '' };
  const delim = rest[0] ?? ' ';
  if (/[\w]/.test(delim)) return null;
  const raw = rest.slice(1);
  const args = raw.split(delim);
  // A space delimiter tolerates repeated spaces between arguments.
  return { name, args: delim === ' ' ? args.filter((a) => a !== '') : args, raw };
}

function parseVariable(body: string, pos: number): Token | null {
  const bar = body.indexOf('|');
  const head = bar < 0 ? body : body.slice(0, bar);
  // One variable per tag; a name followed by anything else (e.g. CSS `{a b}`) stays text.
  const names = [head.trimEnd()];
  if (!VAR_NAME.test(names[0] ?? '')) return null;
  const fmts: RawCall[] = [];
  let bad: string | null = null;
  if (bar >= 0) {
    for (const part of body.slice(bar + 1).split('|')) {
      const call = splitCall(part);
      if (call) fmts.push(call);
      else bad ??= part;
    }
  }
  return { t: 'var', names, fmts, bad, pos };
}

/** Tokenizes a template, recording comment errors; never throws. */
export function tokenize(src: string, errors: EngineError[], locate: (offset: number) => { line: number; column: number }): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (end: number): void => {
    if (end > textStart) tokens.push({ t: 'text', text: src.slice(textStart, end), pos: textStart });
  };
  const n = src.length;
  while (i < n) {
    const open = src.indexOf('{', i);
    if (open < 0) break;
    // Multi-line comment {## ... ##}
    if (src.startsWith('{##', open)) {
      const close = src.indexOf('##}', open + 3);
      flushText(open);
      if (close < 0) {
        errors.push({ code: 'PARSE_UNTERMINATED_COMMENT', message: MSG_UNTERMINATED_COMMENT, offset: open, ...locate(open) });
        textStart = n;
        break;
      }
      textStart = i = close + 3;
      continue;
    }
    const close = src.indexOf('}', open + 1);
    const nl = src.indexOf('\n', open + 1);
    if (close < 0) break;
    if (nl >= 0 && nl < close) {
      i = open + 1;
      continue;
    }
    const body = src.slice(open + 1, close);
    let tok: Token | null = null;
    if (body.startsWith('#')) {
      flushText(open);
      textStart = i = close + 1;
      continue;
    }
    if (body.startsWith('.')) {
      const inner = body.slice(1);
      const m = /^([A-Za-z][\w-]*\??)([\s\S]*)$/.exec(inner);
      if (m?.[1] !== undefined) {
        let word = m[1];
        let arg = m[2] ?? '';
        if (word === 'repeated' && /^\s+section(\s|$)/.test(arg)) {
          word = 'repeated section';
          arg = arg.replace(/^\s+section/, '');
        } else if (word === 'alternates' && /^\s+with\s*$/.test(arg)) {
          word = 'alternates with';
          arg = '';
        }
        // Predicates keep their delimiter; everything else takes a space-separated argument.
        tok = { t: 'inst', word, arg: word.endsWith('?') ? arg : arg.trim(), pos: open };
        if (!word.endsWith('?') && arg !== '' && !/^\s/.test(arg)) tok = null;
      }
    } else {
      tok = parseVariable(body, open);
    }
    if (tok) {
      flushText(open);
      tokens.push(tok);
      textStart = i = close + 1;
    } else {
      i = open + 1;
    }
  }
  flushText(n);
  return tokens;
}
