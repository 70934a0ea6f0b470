// What a search result and a social card would show of a page, from the owner's SEO fields and
// the page's own title, text and picture: the same fallbacks the storefront's head uses (render's
// domain/seo-meta.ts), cut where search engines cut.
import type { SeoFields } from '@sc/contracts';

/** Characters a search result shows of a title and of a description before it cuts them. */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;

/** Text of owner HTML: tags dropped, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word to at most `max` characters, with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

export interface PageFacts {
  title: string;
  excerpt: string;
  body: string;
  /** The page's first picture (its path or URL), if any. */
  image: string | null;
  /** The page's path on the site, e.g. /shop/mug. */
  path: string;
  siteTitle: string;
  /** The site's address, e.g. https://harbourandpine.example. */
  origin: string;
}

export interface Preview {
  title: string;
  description: string;
  url: string;
  host: string;
  image: string | null;
}

/** The search result and social card of a page with these fields. */
export function previewOf(fields: SeoFields, page: PageFacts): Preview {
  const description = fields.description?.trim() || textOf(page.excerpt) || textOf(page.body);
  const url = `${page.origin}${page.path}`;
  let host = page.origin;
  try {
    host = new URL(page.origin).host;
  } catch {
    // The origin as typed.
  }
  return {
    title: fields.title?.trim() || (page.siteTitle ? `${page.title} — ${page.siteTitle}` : page.title),
    description,
    url,
    host,
    image: fields.socialImage || page.image,
  };
}

/** A redirect as the owner writes it on one line: `/from -> /to 301` (the status may be left out: 301). */
export interface RedirectLine {
  from: string;
  to: string;
  status: 301 | 302;
}

/** The lines of the redirects box as rules, or the number of the first line that is not one. */
export function parseRedirects(text: string): { rules: RedirectLine[] } | { badLine: number } {
  const rules: RedirectLine[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const match = /^(\S+)\s*->\s*(\S+)(?:\s+(301|302))?$/.exec(line);
    if (!match) return { badLine: index + 1 };
    rules.push({ from: match[1] ?? '', to: match[2] ?? '', status: match[3] === '302' ? 302 : 301 });
  }
  return { rules };
}

/** The rules as the box shows them, one a line. */
export const redirectLines = (rules: readonly RedirectLine[]): string => rules.map((r) => `${r.from} -> ${r.to} ${r.status}`).join('\n');
