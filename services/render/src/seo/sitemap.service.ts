// robots.txt and the sitemaps of a website at one of its origins (issue 37). A sitemap file is
// streamed: its URLs are read from content a page at a time and written as they come, so a file of
// 50,000 products never sits in memory whole. Content decides what is public; this only writes.
import { ASSET_FILES_PATH, SITEMAP_MAX_URLS, type SitemapType } from '@sc/contracts';
import type { ContentReader } from '../content/content-reader.js';
import { robotsTxt, sitemapIndexXml, URLSET_CLOSE, URLSET_OPEN, urlXml } from '../domain/sitemap.js';

/** URLs read from content per call while a sitemap streams. */
export const SITEMAP_PAGE = 1_000;

export class SitemapService {
  constructor(private readonly content: ContentReader) {}

  /** The public site (its title and styles for the default icon), or null when there is no such website. */
  site(websiteId: string) {
    return this.content.site(websiteId);
  }

  /** robots.txt, or null when there is no such website. */
  async robots(websiteId: string, origin: string): Promise<string | null> {
    const site = await this.content.site(websiteId);
    return site ? robotsTxt(origin, site.settings.seo.robotsTxt, ASSET_FILES_PATH) : null;
  }

  /** The sitemap index, or null when there is no such website. */
  async index(websiteId: string, origin: string): Promise<string | null> {
    const summary = await this.content.sitemapSummary(websiteId);
    return summary ? sitemapIndexXml(origin, summary) : null;
  }

  /**
   * The `n`th sitemap file of a type, as chunks of XML to stream; null when the website or the file
   * does not exist (a file with no URL: the protocol wants at least one). Its first page is read
   * before anything is answered, so content being down is a 503, not a cut-off file; no count is
   * asked for, so a file costs only its pages.
   */
  async file(websiteId: string, origin: string, type: SitemapType, n: number): Promise<AsyncIterable<string> | null> {
    const skip = (n - 1) * SITEMAP_MAX_URLS;
    const first = await this.content.sitemapEntries(websiteId, type, { skip, limit: Math.min(SITEMAP_PAGE, SITEMAP_MAX_URLS) });
    if (first.entries.length === 0) return null;
    const content = this.content;
    return (async function* stream() {
      yield URLSET_OPEN;
      let page = first;
      let written = 0;
      for (;;) {
        const room = SITEMAP_MAX_URLS - written;
        const entries = page.entries.slice(0, room);
        yield entries.map((entry) => urlXml(origin, entry)).join('');
        written += entries.length;
        if (written >= SITEMAP_MAX_URLS || page.next === null) break;
        page = await content.sitemapEntries(websiteId, type, {
          after: page.next,
          limit: Math.min(SITEMAP_PAGE, SITEMAP_MAX_URLS - written),
        });
      }
      yield URLSET_CLOSE;
    })();
  }
}
