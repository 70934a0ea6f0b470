// Search excerpts, pure: Postgres marks the matched words of a passage with two control
// characters (which cannot occur in the text: they are removed from it first) and carries the
// text's angle brackets as two others; here everything is HTML-escaped and only then are the marks
// turned into <mark> elements, so no text of the site can ever become markup in a results page.

/** What ts_headline is told to put around a match (StartSel / StopSel). */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';
/** How the text's own angle brackets travel through ts_headline (which would read them as tags). */
export const LESS_THAN = '\u0003';
export const GREATER_THAN = '\u0004';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Split on either mark, keeping it (built from the constants: the characters are the point).
const MARKS = new RegExp(`([${MARK_START}${MARK_END}])`);

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A marked passage as HTML: escaped text, the marked words in <mark>; unbalanced marks are dropped. */
export function excerptHtml(marked: string): string {
  let html = '';
  let open = false;
  for (const part of marked.split(MARKS)) {
    if (part === MARK_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === MARK_END) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(part).replaceAll(LESS_THAN, '&lt;').replaceAll(GREATER_THAN, '&gt;');
    }
  }
  return open ? `${html}</mark>` : html;
}

/** Page n of a result list: how many rows to skip. */
export const offsetOf = (page: number, pageSize: number): number => (page - 1) * pageSize;
