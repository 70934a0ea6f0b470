// A blog's feeds (issue 37), RSS 2.0 and Atom (RFC 4287): the blog's title, link and description
// at the website's public origin, and its latest posts with their permalinks, dates, authors, tags
// and excerpts. Pure: the posts come in, the XML goes out; every text is escaped for XML.
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

/** The feeds a blog has, by their `?format=` name. */
export const FEED_FORMATS = ['rss', 'atom'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_TYPES: Record<FeedFormat, string> = { rss: 'application/rss+xml', atom: 'application/atom+xml' };

/** A blog's feed's address in a format. */
export const feedUrl = (origin: string, collection: Pick<Collection, 'fullUrl'>, format: FeedFormat): string =>
  `${absoluteUrl(origin, collection.fullUrl)}?format=${format}`;

const feedTitle = (input: FeedInput): string => `${input.collection.title} — ${input.siteTitle}`;
const descriptionOf = (input: FeedInput): string => plainText(input.collection.description ?? '') || feedTitle(input);
const published = (item: ContentItem): number => item.publishOn ?? item.addedOn;
const summaryOf = (item: ContentItem): string => plainText(item.excerpt) || plainText(item.body).slice(0, 500);

export function feedXml(format: FeedFormat, input: FeedInput): string {
  return format === 'atom' ? atomXml(input) : rssXml(input);
}

export function rssXml(input: FeedInput): string {
  const { origin, collection, items } = input;
  const link = absoluteUrl(origin, collection.fullUrl);
  const self = feedUrl(origin, collection, 'rss');
  const description = descriptionOf(input);
  const newest = items.reduce((latest, item) => Math.max(latest, published(item)), 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n',
    `<title>${escapeXml(feedTitle(input))}</title>\n`,
    `<link>${escapeXml(link)}</link>\n`,
    `<description>${escapeXml(description)}</description>\n`,
    `<language>${escapeXml(input.locale)}</language>\n`,
    `<lastBuildDate>${rfc822(newest || input.now)}</lastBuildDate>\n`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>\n`,
  ];
  for (const item of items) {
    const url = absoluteUrl(origin, item.fullUrl);
    const summary = summaryOf(item);
    out.push(
      '<item>',
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${rfc822(published(item))}</pubDate>`,
      item.author ? `<dc:creator>${escapeXml(item.author.displayName)}</dc:creator>` : '',
      ...item.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      `<description>${escapeXml(summary)}</description>`,
      '</item>\n',
    );
  }
  out.push('</channel>\n</rss>\n');
  return out.join('');
}

/** RFC 3339 dates, as Atom requires them (to the second, in UTC). */
const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The Atom feed: the blog's page is its id and alternate link, the site its author (so every entry
 * has one, RFC 4287 4.1.1), each post's permalink its entry's id and alternate link.
 */
export function atomXml(input: FeedInput): string {
  const { origin, collection, items } = input;
  const link = absoluteUrl(origin, collection.fullUrl);
  const updated = items.reduce((latest, item) => Math.max(latest, item.updatedOn, published(item)), 0) || input.now;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(input.locale)}">\n`,
    `<id>${escapeXml(link)}</id>\n`,
    `<title type="text">${escapeXml(feedTitle(input))}</title>\n`,
    `<subtitle type="text">${escapeXml(descriptionOf(input))}</subtitle>\n`,
    `<updated>${rfc3339(updated)}</updated>\n`,
    `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>\n`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl(origin, collection, 'atom'))}"/>\n`,
    `<author><name>${escapeXml(input.siteTitle)}</name><uri>${escapeXml(`${origin}/`)}</uri></author>\n`,
  ];
  for (const item of items) {
    const url = absoluteUrl(origin, item.fullUrl);
    out.push(
      '<entry>',
      `<id>${escapeXml(url)}</id>`,
      `<title type="text">${escapeXml(item.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<published>${rfc3339(published(item))}</published>`,
      `<updated>${rfc3339(Math.max(item.updatedOn, published(item)))}</updated>`,
      item.author ? `<author><name>${escapeXml(item.author.displayName)}</name></author>` : '',
      ...item.tags.map((tag) => `<category term="${escapeXml(tag)}"/>`),
      `<summary type="text">${escapeXml(summaryOf(item))}</summary>`,
      '</entry>\n',
    );
  }
  out.push('</feed>\n');
  return out.join('');
}
