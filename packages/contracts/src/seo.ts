// Search engines and social networks (issue 37): the owner's site-wide SEO settings (description,
// social image, robots.txt additions) and URL redirects in the manner of Squarespace's URL
// mappings, with the one matcher both content (which refuses loops when they are saved) and render
// (which answers them) use.
import { z } from 'zod';
import { ImageUrl } from './content-image.js';

export const SEO_LIMITS = {
  redirects: 500,
  pattern: 500,
  description: 320,
  title: 200,
  robotsTxt: 5_000,
  /** Hops followed when checking a redirect for a loop. */
  hops: 10,
} as const;

export const SeoMessages = {
  redirectFrom: 'A redirect must start with / and may use * once or [name] for one part of the path.',
  redirectTo: 'A redirect must lead to a path starting with / or to an http(s) address.',
  redirectLoop: 'The redirect from {from} leads back to itself ({path}).',
  redirectDuplicate: 'Two redirects start from {from}.',
} as const;

// A path pattern: '/', then path characters, '*' (anything, at most once) or '[name]' (one part).
const FROM = /^\/(?!\/)(?:[A-Za-z0-9\-._~!$&'()+,;=:@%/]|\*|\[[a-z][a-z0-9_]{0,30}\])*$/;
const TO_PATH = /^\/(?!\/)(?:[A-Za-z0-9\-._~!$&'()+,;=:@%/?#]|\*|\[[a-z][a-z0-9_]{0,30}\])*$/;

export const UrlRedirect = z
  .object({
    from: z
      .string()
      .trim()
      .max(SEO_LIMITS.pattern)
      .refine((v) => FROM.test(v) && v.split('*').length <= 2, { error: SeoMessages.redirectFrom }),
    to: z
      .string()
      .trim()
      .max(SEO_LIMITS.pattern)
      .refine((v) => TO_PATH.test(v) || (/^https?:\/\/[^\s<>"]+$/i.test(v) && URL.canParse(v.replace(/\*|\[[a-z0-9_]+\]/g, 'x'))), {
        error: SeoMessages.redirectTo,
      }),
    status: z.union([z.literal(301), z.literal(302)]).default(301),
  })
  .strict();
export type UrlRedirect = z.infer<typeof UrlRedirect>;

/** The owner's site-wide SEO settings (site settings' `seo` group). */
const SeoSettingsShape = z
  .object({
    /** The site's description: the meta description of pages that have none of their own. */
    description: z.string().trim().max(SEO_LIMITS.description),
    /** The social image of pages without a picture of their own. */
    socialImage: ImageUrl.nullable(),
    /** Lines added to robots.txt after the rules every site has. */
    robotsTxt: z
      .string()
      .max(SEO_LIMITS.robotsTxt)
      .refine((v) => !/[<>]/.test(v), 'robots.txt lines cannot hold < or >.'),
    redirects: z.array(UrlRedirect).max(SEO_LIMITS.redirects),
  })
  .strict();
/** A change of the SEO settings: any of its fields (checked whole, with the others, once merged). */
export const SeoSettingsPatch = SeoSettingsShape.partial().strict();
export const SeoSettings = SeoSettingsShape.superRefine((seo, ctx) => {
  const problem = redirectProblem(seo.redirects);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['redirects', problem.index, 'from'] });
});
export type SeoSettings = z.infer<typeof SeoSettings>;

export const DEFAULT_SEO_SETTINGS: SeoSettings = Object.freeze({ description: '', socialImage: null, robotsTxt: '', redirects: [] });

/** The per-page SEO fields an owner may set on a page, product, post, event or collection. */
export const SeoFields = z
  .object({
    title: z.string().trim().max(SEO_LIMITS.title).optional(),
    description: z.string().trim().max(SEO_LIMITS.description).optional(),
    socialImage: ImageUrl.nullable().optional(),
  })
  .strict();
export type SeoFields = z.infer<typeof SeoFields>;

/** A site path without its trailing slash ('/' stays '/'), as redirects compare paths. */
function bare(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

interface Compiled {
  regex: RegExp;
  names: string[];
}

const compiledCache = new Map<string, Compiled>();

function compile(from: string): Compiled {
  let compiled = compiledCache.get(from);
  if (compiled) return compiled;
  const names: string[] = [];
  let source = '';
  for (const part of bare(from).split(/(\*|\[[a-z][a-z0-9_]*\])/)) {
    if (part === '*') {
      names.push('*');
      source += '(.*)';
    } else if (part.startsWith('[') && part.endsWith(']')) {
      names.push(part.slice(1, -1));
      source += '([^/]+)';
    } else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  compiled = { regex: new RegExp(`^${source}$`, 'i'), names };
  if (compiledCache.size > 5_000) compiledCache.clear();
  compiledCache.set(from, compiled);
  return compiled;
}

/** Where `rule` sends `path` (already without its trailing slash), or null when it does not match. */
function applyRule(rule: UrlRedirect, asked: string): string | null {
  const { regex, names } = compile(rule.from);
  const match = regex.exec(asked);
  if (!match) return null;
  let location = rule.to;
  names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    location = name === '*' ? location.replace('*', value) : location.replaceAll(`[${name}]`, value);
  });
  // A wildcard's text may start with slashes: a site path never becomes a protocol-relative URL (another host).
  return location.startsWith('/') ? location.replace(/^\/+/, '/') : location;
}

/** The path part of a site-relative location, without its trailing slash, lower-cased for comparing. */
const pathKey = (location: string): string => bare(location.split(/[?#]/)[0] ?? '/').toLowerCase();

/** Where the first redirect matching `path` leads, or null; a rule that would send a path to itself is passed over. */
export function matchRedirect(redirects: readonly UrlRedirect[], path: string): { location: string; status: 301 | 302 } | null {
  const asked = bare(path);
  for (const rule of redirects) {
    const location = applyRule(rule, asked);
    if (location === null || (location.startsWith('/') && pathKey(location) === asked.toLowerCase())) continue;
    return { location, status: rule.status };
  }
  return null;
}

/** The first problem of a list of redirects (a repeated start, or a chain that comes back), or null. */
export function redirectProblem(redirects: readonly UrlRedirect[]): { index: number; message: string } | null {
  const seen = new Set<string>();
  for (const [index, rule] of redirects.entries()) {
    const from = bare(rule.from).toLowerCase();
    if (seen.has(from)) return { index, message: SeoMessages.redirectDuplicate.replace('{from}', rule.from) };
    seen.add(from);
  }
  for (const [index, rule] of redirects.entries()) {
    // A sample path the rule answers: each wildcard stands for one ordinary part.
    const start = bare(rule.from.replace('*', 'x').replace(/\[[a-z0-9_]+\]/g, 'x'));
    const own = applyRule(rule, start);
    if (own !== null && own.startsWith('/') && pathKey(own) === start.toLowerCase()) {
      return { index, message: SeoMessages.redirectLoop.replace('{from}', rule.from).replace('{path}', start) };
    }
    const visited = new Set([start.toLowerCase()]);
    let path = start;
    for (let hop = 0; hop < SEO_LIMITS.hops; hop++) {
      const next = matchRedirect(redirects, path);
      if (!next || !next.location.startsWith('/')) break;
      path = bare(next.location.split(/[?#]/)[0] ?? '/');
      if (visited.has(path.toLowerCase()))
        return { index, message: SeoMessages.redirectLoop.replace('{from}', rule.from).replace('{path}', path) };
      visited.add(path.toLowerCase());
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Sitemaps: content lists what is public, render writes the XML (sitemaps.org 0.9).

export const SITEMAP_TYPES = ['pages', 'products', 'posts', 'events', 'galleries', 'categories'] as const;
export const SitemapType = z.enum(SITEMAP_TYPES);
export type SitemapType = z.infer<typeof SitemapType>;
/** The protocol's limit of URLs in one sitemap file (and of sitemaps in one index). */
export const SITEMAP_MAX_URLS = 50_000;

/** How many public URLs of each type a website has, and when the newest changed. */
export const SitemapSummary = z.object({
  types: z.array(z.object({ type: SitemapType, count: z.number().int().min(0), lastmod: z.number().int().nullable() })),
});
export type SitemapSummary = z.infer<typeof SitemapSummary>;

export const SitemapEntry = z.object({
  /** The page's path on the site ('/' for the home page). */
  path: z.string(),
  lastmod: z.number().int().nullable(),
  /** Images the page shows: their path or URL. */
  images: z.array(z.string()),
});
export type SitemapEntry = z.infer<typeof SitemapEntry>;

/** A page of a sitemap's entries, in a stable order; `next` continues after the last one. */
export const SitemapEntries = z.object({ entries: z.array(SitemapEntry), next: z.string().nullable() });
export type SitemapEntries = z.infer<typeof SitemapEntries>;

export const SitemapEntriesQuery = z
  .object({
    /** Continue after this key (the previous page's `next`). */
    after: z.string().max(200).optional(),
    /** Without `after`: skip this many entries first (where a later sitemap file of the type starts). */
    skip: z.coerce.number().int().min(0).max(100_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(5_000).default(1_000),
  })
  .strict();
export type SitemapEntriesQuery = z.infer<typeof SitemapEntriesQuery>;
