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
  | {
      readonly t: 'var';
      readonly names: string[];
      readonly fmts: RawCall[];
      readonly bad: string | null;
      readonly pos: number;
      end: number;
    }
  | { readonly t: 'inst'; readonly word: string; readonly arg: string; readonly pos: number; end: number; readonly raw?: string };

const VAR_NAME = /^(?:@[\w$-]*|[A-Za-z_$][\w$-]*|\d+)(?:\.[\w$@-]+)*$/;
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

const HASH = 35;
const DOT = 46;
const QUESTION = 63;

/** [A-Za-z] */
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** [\w-]: letters, digits, underscore and hyphen. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** JavaScript's \s, with a fast path for the usual space and tab. */
function isSpace(c: number): boolean {
  if (c === 32 || c === 9) return true;
  if (c < 9 || (c > 13 && c < 160)) return false;
  return /\s/.test(String.fromCharCode(c));
}

function parseVariable(body: string, pos: number): Exclude<Token, { t: 'text' }> | null {
  const bar = body.indexOf('|');
  const head = bar < 0 ? body : body.slice(0, bar);
  // Names separated by commas (`{start,end|datetime-interval}`); anything else (e.g. CSS `{a b}`,
  // or `{a }`) stays text.
  const names = head.includes(',') ? head.split(',') : [head];
  for (const name of names) if (!VAR_NAME.test(name)) return null;
  const fmts: RawCall[] = [];
  if (bar >= 0) {
    for (const part of body.slice(bar + 1).split('|')) {
      const call = splitCall(part);
      if (call) fmts.push(call);
      // An empty or malformed formatter (`{a|}`, `{a||b}`) makes the whole tag text.
      else return null;
    }
  }
  return { t: 'var', names, fmts, bad: null, pos, end: pos };
}

/** An instruction `{.word arg}`, or null when the text after the dot is not one (e.g. CSS `{.5em}`). */
function parseInstruction(body: string, pos: number): Exclude<Token, { t: 'text' }> | null {
  const n = body.length;
  if (n < 2 || !isLetter(body.charCodeAt(1))) return null;
  let p = 2;
  while (p < n && isNameChar(body.charCodeAt(p))) p++;
  const predicate = p < n && body.charCodeAt(p) === QUESTION;
  if (predicate) p++;
  let word = body.slice(1, p);
  let arg = p < n ? body.slice(p) : '';
  // Predicates keep their delimiter; everything else takes a space-separated argument.
  if (predicate) return { t: 'inst', word, arg, pos, end: pos };
  if (arg !== '' && !isSpace(arg.charCodeAt(0))) return null;
  if (word === 'repeated' && /^\s+section(\s|$)/.test(arg)) {
    word = 'repeated section';
    arg = arg.replace(/^\s+section/, '');
  } else if (word === 'alternates' && /^\s+with(\s|$)/.test(arg)) {
    word = 'alternates with';
    arg = arg.replace(/^\s+with/, '');
  }
  // `raw` keeps the argument's own spacing: .var, .ctx and .include accept single spaces only.
  return { t: 'inst', word, arg: arg === '' ? arg : arg.trim(), pos, end: pos, raw: arg };
}

/** Tokenizes a template, recording comment errors; never throws. */
export function tokenize(src: string, errors: EngineError[], locate: (offset: number) => { line: number; column: number }): Token[] {
  const tokens: Token[] = [];
  const n = src.length;
  let textStart = 0;
  let i = 0;
  // The first newline after the current `{`: found again only once the scan has passed it, so
  // long lines with many tags are not scanned once per tag.
  let newline = -1;
  while (i < n) {
    const open = src.indexOf('{', i);
    if (open < 0) break;
    const first = src.charCodeAt(open + 1);
    // Multi-line comment {## ... ##}
    if (first === HASH && src.charCodeAt(open + 2) === HASH) {
      const close = src.indexOf('##}', open + 3);
      if (open > textStart) tokens.push({ t: 'text', text: src.slice(textStart, open), pos: textStart });
      if (close < 0) {
        errors.push({ code: 'PARSE_UNTERMINATED_COMMENT', message: MSG_UNTERMINATED_COMMENT, offset: open, ...locate(open) });
        textStart = n;
        break;
      }
      textStart = i = close + 3;
      continue;
    }
    const close = src.indexOf('}', open + 1);
    if (close < 0) break;
    // A tag holds no `{`: the first brace is text and the scan goes on from the inner one.
    const inner = src.indexOf('{', open + 1);
    if (inner >= 0 && inner < close) {
      i = inner;
      continue;
    }
    if (newline < open) {
      newline = src.indexOf('\n', open + 1);
      if (newline < 0) newline = n;
    }
    if (newline < close) {
      i = open + 1;
      continue;
    }
    let tok: Exclude<Token, { t: 'text' }> | null = null;
    if (first !== HASH) {
      const body = src.slice(open + 1, close);
      tok = first === DOT ? parseInstruction(body, open) : parseVariable(body, open);
      if (!tok) {
        i = open + 1;
        continue;
      }
      tok.end = close + 1;
    }
    if (open > textStart) tokens.push({ t: 'text', text: src.slice(textStart, open), pos: textStart });
    if (tok) tokens.push(tok);
    textStart = i = close + 1;
  }
  if (n > textStart) tokens.push({ t: 'text', text: src.slice(textStart, n), pos: textStart });
  return tokens;
}
