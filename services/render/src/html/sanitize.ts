// Owner-written rich text (item bodies, excerpts, HTML blocks) is HTML by design, so the theme
// cannot escape it like a title. It is cleaned here instead, before it reaches a template: an
// allow-list of tags and attributes, URLs limited to safe schemes, scripts, styles and frames
// dropped with their content, and tags balanced so a stray <div> cannot swallow the page footer.
// Everything else (unknown tags, event handlers, style attributes, ids that could shadow an
// island's data element) is removed.

const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr']);
const ALLOWED = new Set([
  'a', 'abbr', 'article', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'section', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'time', 'tr', 'u', 'ul', 'wbr',
]);
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'select', 'xmp', 'noembed', 'noframes', 'plaintext']);
const GLOBAL_ATTRIBUTES = new Set(['class', 'title', 'lang', 'dir']);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height', 'loading']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start', 'reversed']),
  time: new Set(['datetime']),
  blockquote: new Set(['cite']),
  q: new Set(['cite']),
};
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const SAFE_SCHEME = /^(?:https?|mailto|tel):/i;

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  // Ampersands are left alone (entities stay entities); angle brackets that made no tag are escaped.
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A URL is kept when it is relative or uses a safe scheme (no javascript:, data:, vbscript:). */
function safeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside the scheme: so do we when checking.
  // eslint-disable-next-line no-control-regex
  const compact = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const colon = compact.indexOf(':');
  if (colon === -1) return true;
  const boundary = compact.search(/[/?#]/);
  if (boundary !== -1 && boundary < colon) return true;
  return SAFE_SCHEME.test(compact);
}

function attributesOf(tag: string, source: string): string {
  let out = '';
  let blankTarget = false;
  const allowed = TAG_ATTRIBUTES[tag];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!GLOBAL_ATTRIBUTES.has(name) && !allowed?.has(name)) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (URL_ATTRIBUTES.has(name) && !safeUrl(value)) continue;
    if (name === 'target') {
      if (value !== '_blank') continue;
      blankTarget = true;
    }
    if (name === 'rel') continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (blankTarget) out += ' rel="noopener noreferrer"';
  return out;
}

/** Cleans owner-written HTML down to the allowed tags and attributes, balanced. */
export function sanitizeHtml(html: string): string {
  if (html === '') return '';
  let out = '';
  const open: string[] = [];
  let last = 0;
  let dropping: string | null = null;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    const text = html.slice(last, match.index);
    last = TOKEN.lastIndex;
    if (dropping) {
      if (match[1]?.toLowerCase() === dropping) dropping = null;
      continue;
    }
    out += escapeText(text);
    const closing = match[1]?.toLowerCase();
    const opening = match[2]?.toLowerCase();
    if (closing) {
      const at = open.lastIndexOf(closing);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop() ?? ''}>`;
    } else if (opening) {
      if (DROP_WITH_CONTENT.has(opening)) {
        if (!match[0].endsWith('/>')) dropping = opening;
        continue;
      }
      if (!ALLOWED.has(opening)) continue;
      out += `<${opening}${attributesOf(opening, match[3] ?? '')}>`;
      if (!VOID.has(opening)) open.push(opening);
    }
    // Comments, doctypes and processing instructions are dropped.
  }
  if (!dropping) out += escapeText(html.slice(last));
  while (open.length > 0) out += `</${open.pop() ?? ''}>`;
  return out;
}
