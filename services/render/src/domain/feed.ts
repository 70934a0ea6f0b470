// A blog's RSS 2.0 feed (issue 37): the channel (the blog's title, link and description, at the
// website's public origin) and its latest posts with their permalinks, dates, authors, tags and
// excerpts. Pure: the posts come in, the XML goes out; every text is escaped for XML.
import type { Collection, ContentItem } from '@sc/contracts';
import { plainText } from './seo-meta.js';
import { absoluteUrl } from './seo-urls.js';
import { escapeXml } from './sitemap.js';

/** Posts a feed carries: the latest. */
export const FEED_SIZE = 50;

/** RFC 822 dates, as RSS 2.0 requires them. */
const rfc822 = (ms: number): string => new Date(ms).toUTCString();

export interface FeedInput {
  origin: string;
  siteTitle: string;
  locale: string;
  collection: Collection;
  items: readonly ContentItem[];
  /** When the feed is made (its lastBuildDate when it has no post). */
  now: number;
}

export function rssXml(input: FeedInput): string {
  const { origin, collection, items } = input;
  const link = absoluteUrl(origin, collection.fullUrl);
  const self = `${link}?format=rss`;
  const description = plainText(collection.description ?? '') || `${collection.title} — ${input.siteTitle}`;
  const newest = items.reduce((latest, item) => Math.max(latest, item.publishOn ?? item.addedOn), 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n',
    `<title>${escapeXml(`${collection.title} — ${input.siteTitle}`)}</title>\n`,
    `<link>${escapeXml(link)}</link>\n`,
    `<description>${escapeXml(description)}</description>\n`,
    `<language>${escapeXml(input.locale)}</language>\n`,
    `<lastBuildDate>${rfc822(newest || input.now)}</lastBuildDate>\n`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>\n`,
  ];
  for (const item of items) {
    const url = absoluteUrl(origin, item.fullUrl);
    const summary = plainText(item.excerpt) || plainText(item.body).slice(0, 500);
    out.push(
      '<item>',
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${rfc822(item.publishOn ?? item.addedOn)}</pubDate>`,
      item.author ? `<dc:creator>${escapeXml(item.author.displayName)}</dc:creator>` : '',
      ...item.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      `<description>${escapeXml(summary)}</description>`,
      '</item>\n',
    );
  }
  out.push('</channel>\n</rss>\n');
  return out.join('');
}
