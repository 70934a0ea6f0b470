// Text formatters: escaping, encoding, case, truncation and typography.
import type { FormatterFn } from '../context.js';
import { escapeAttr, escapeHtml, slugify, stripTags, toOutput } from '../values.js';
import { intArg } from './util.js';

/** SPEC 9: truncate defaults to 100 characters and '...'. */
export const TRUNCATE_DEFAULT_LENGTH = 100;
export const TRUNCATE_DEFAULT_ELLIPSIS = '...';

/**
 * Cuts text to at most `max` characters, backing up to the last space so words stay whole (when
 * there is one), then appends the ellipsis. Text that fits is returned unchanged.
 */
export function truncate(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  // Back up to just after the last space, keeping it (as the reference does).
  const space = cut.lastIndexOf(' ');
  return (space >= 0 ? cut.slice(0, space + 1) : cut) + ellipsis;
}

/** Typographic punctuation as characters: “ ” after/before words, ’ for every single quote, — for --. */
function smartQuotes(text: string): string {
  return text
    .replace(/--/g, '\u2014')
    .replace(/(^|\s)"/g, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/'/g, '\u2019');
}

export const textFormatters: Record<string, FormatterFn> = {
  /** Upper-cases the whole text (what the reference does). */
  capitalize: (v) => toOutput(v).toUpperCase(),
  /** Replaces each space with a non-breaking space entity. */
  'encode-space': (v) => toOutput(v).replace(/ /g, '&nbsp;'),
  /** encodeURI of the text. */
  'encode-uri': (v) => encodeURI(toOutput(v)),
  /** encodeURIComponent of the text. */
  'encode-uri-component': (v) => encodeURIComponent(toOutput(v)),
  /** Escapes <, > and & (documented). */
  html: (v) => escapeHtml(toOutput(v)),
  /** Escapes <, >, & and " for an attribute value. */
  htmlattr: (v) => escapeAttr(toOutput(v)),
  /** Escapes <, >, & and " for text inside a tag (same set as htmlattr). */
  htmltag: (v) => escapeAttr(toOutput(v)),
  /** Turns line breaks into <br>. */
  'line-breaks': (v) => toOutput(v).replace(/\n/g, '<br/>'),
  /** Removes HTML tags. */
  safe: (v) => stripTags(toOutput(v)),
  /** Lower-cases, drops non-word characters and joins words with hyphens ("Test Example" → "test-example"). */
  slugify: (v) => slugify(toOutput(v)),
  /** Smart typographic punctuation as HTML entities, leaving tags alone. */
  smartypants: (v) => smartQuotes(toOutput(v)),
  /** Shortens text: `{text|truncate 50 …}`; defaults 100 and '...'. */
  truncate: (v, call) => truncate(toOutput(v), intArg(call, 0, TRUNCATE_DEFAULT_LENGTH), call.args[1] ?? TRUNCATE_DEFAULT_ELLIPSIS),
  /** URL-encodes the text ("Test Example" → "Test%20Example"). */
  'url-encode': (v) =>
    encodeURIComponent(toOutput(v))
      .replace(/%2F/g, '/')
      .replace(/%2B/g, '+')
      .replace(/[!'()~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`),
};
