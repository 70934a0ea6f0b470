// The XML of sitemaps (sitemaps.org 0.9, with Google's image extension) and the text of
// robots.txt, as pieces a stream writes one after another: nothing here holds a whole sitemap.
// Pure: URLs are made absolute at the origin given and escaped for XML.
import { SITEMAP_MAX_URLS, type SitemapEntry, type SitemapSummary, type SitemapType } from '@sc/contracts';
import { absoluteUrl } from './seo-urls.js';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** Text for an XML element: the five predefined entities, and no character XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A URL as a sitemap carries it: absolute, percent-encoded where a path had raw characters. */
export function sitemapUrl(origin: string, pathOrUrl: string): string {
  const absolute = absoluteUrl(origin, pathOrUrl);
  try {
    return new URL(absolute).href;
  } catch {
    return encodeURI(absolute);
  }
}

/** W3C date-time in UTC, as lastmod takes it. */
const w3cDate = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The path of one sitemap file: `/sitemaps/products-1.xml`. */
export const sitemapPath = (type: SitemapType, n: number): string => `/sitemaps/${type}-${n}.xml`;

/** The file name a request asks for, read back: type and number, or null. */
export function parseSitemapFile(file: string): { type: SitemapType; n: number } | null {
  const match = /^(pages|products|posts|events|galleries|categories)-([1-9]\d{0,5})\.xml$/.exec(file);
  return match ? { type: match[1] as SitemapType, n: Number(match[2]) } : null;
}

/** How many files a type's URLs need (50,000 to a file). */
export const filesFor = (count: number): number => Math.ceil(count / SITEMAP_MAX_URLS);

/** The sitemap index: one <sitemap> per file of each type that has URLs. */
export function sitemapIndexXml(origin: string, summary: SitemapSummary): string {
  const parts = [XML_HEAD, `<sitemapindex xmlns="${SITEMAP_NS}">\n`];
  for (const { type, count, lastmod } of summary.types) {
    for (let n = 1; n <= filesFor(count); n++) {
      parts.push(
        `<sitemap><loc>${escapeXml(sitemapUrl(origin, sitemapPath(type, n)))}</loc>${lastmod !== null ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</sitemap>\n`,
      );
    }
  }
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

export const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/** One <url> of a sitemap, with its images. */
export function urlXml(origin: string, entry: SitemapEntry): string {
  const images = entry.images
    .map((image) => `<image:image><image:loc>${escapeXml(sitemapUrl(origin, image))}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${escapeXml(sitemapUrl(origin, entry.path))}</loc>${entry.lastmod !== null ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : ''}${images}</url>\n`;
}

/** What every site keeps crawlers out of: the visitor's own pages, search results, the admin and the API (but its images). */
export const ROBOTS_DISALLOWED = ['/cart', '/checkout', '/account', '/search', '/config', '/api/'] as const;

/**
 * robots.txt: every crawler kept out of the paths above, then the owner's own lines (in the same
 * group unless they start their own with User-agent), then where the sitemap is.
 */
export function robotsTxt(origin: string, ownerLines: string, assetPath: string): string {
  const own = ownerLines
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\t\u0020-\u007E\u00A0-\uFFFF]/g, '').trimEnd())
    // The sitemap line is ours; an owner's line naming another host's sitemap is not kept.
    .filter((line) => !/^\s*sitemap\s*:/i.test(line));
  while (own.length > 0 && own.at(-1) === '') own.pop();
  const lines = [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    `Allow: ${assetPath}/`,
    ...own,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}
