// Owner-written rich text (item bodies, excerpts, HTML blocks) is HTML by design, so the theme
// cannot escape it like a title. It is cleaned here instead, before it reaches a template, by
// sanitize-html (a real HTML parser, htmlparser2) with an allow-list: the tags and attributes of
// rich text, URLs limited to http(s), mailto and tel (or relative), scripts, styles, frames, SVG
// and MathML dropped with their content, and tags balanced so a stray <div> cannot swallow the
// page footer. Everything else (unknown tags, event handlers, style attributes, ids that could
// shadow an island's data element) is removed; an unknown tag keeps its text.
// Links (issue 36): one within the website (a path, a fragment, a query, or an absolute URL on the
// website's own host) opens in the same tab, whatever the editor wrote; a link to another site
// opens in a new tab with rel="noopener noreferrer"; mailto and tel links keep no target but _blank.
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'article',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
  'wbr',
];

/** Dropped together with everything inside them (their text is code, or markup of another language). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'option',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'head',
  'base',
  'link',
  'meta',
];

/** A link to this site: relative (a path, "#top", "?page=2"), not protocol-relative and with no scheme. */
export function isSameSite(href: string | undefined): boolean {
  const value = (href ?? '').trim();
  if (value === '' || value.startsWith('//')) return false;
  return !/^[a-z][a-z0-9+.-]*:/i.test(value);
}

/** Where a link goes: this website (relative, or an absolute URL on one of its hosts), another website, or neither (mailto, tel). */
export function linkKind(href: string | undefined, siteHosts: readonly string[] = []): 'same-site' | 'other-site' | 'other' {
  if (isSameSite(href)) return 'same-site';
  const value = (href ?? '').trim();
  if (!/^(https?:)?\/\//i.test(value)) return 'other';
  try {
    const url = new URL(value, 'https://relative.invalid');
    const hosts = siteHosts.map((h) => h.toLowerCase());
    return hosts.includes(url.host.toLowerCase()) || hosts.includes(url.hostname.toLowerCase()) ? 'same-site' : 'other-site';
  } catch {
    return 'other-site';
  }
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' };

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed'],
    time: ['datetime'],
    blockquote: ['cite'],
    q: ['cite'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  allowedClasses: undefined,
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** The link rule above for a website on these hosts ("shop.example.com", "localhost:8080"). */
function linkTargets(siteHosts: readonly string[]): sanitize.IOptions['transformTags'] {
  return {
    // A new window gets no handle on this page; any other target (a named frame, _top) is dropped.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      switch (linkKind(attribs.href, siteHosts)) {
        case 'same-site':
          return { tagName, attribs: rest };
        case 'other-site':
          return { tagName, attribs: { ...rest, ...NEW_TAB } };
        case 'other':
          return { tagName, attribs: target === '_blank' ? { ...rest, ...NEW_TAB } : rest };
      }
    },
  };
}

/** Cleans owner-written HTML down to the allowed tags and attributes, balanced; `siteHosts`: the website's own hosts. */
export function sanitizeHtml(html: string, siteHosts: readonly string[] = []): string {
  if (html === '') return '';
  return sanitize(html, { ...OPTIONS, transformTags: linkTargets(siteHosts) });
}
