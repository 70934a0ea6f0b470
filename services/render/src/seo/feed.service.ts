// A blog's feeds at `/<blog>?format=rss` and `?format=atom` (link tags on the blog's pages name them): the
// collection the path names, when it is a blog, and its latest published posts, read from
// content like the blog's page.
import type { ContentReader } from '../content/content-reader.js';
import { FEED_SIZE, feedXml, type FeedFormat } from '../domain/feed.js';
import { familyOf } from '../pages/page-context.js';

export class FeedService {
  constructor(
    private readonly content: ContentReader,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The feed's XML, or null when the path names no blog (or a page of one). */
  async feed(format: FeedFormat, websiteId: string, origin: string, path: string): Promise<string | null> {
    const [site, resolved] = await Promise.all([this.content.site(websiteId), this.content.resolve(websiteId, path)]);
    if (!site || !resolved || 'denied' in resolved || resolved.item || resolved.category || resolved.movedTo) return null;
    if (familyOf(resolved.collection) !== 'blog') return null;
    const page = await this.content.items(websiteId, resolved.collection.id, { limit: FEED_SIZE });
    return feedXml(format, {
      origin,
      siteTitle: site.title,
      locale: site.settings.locale,
      collection: resolved.collection,
      items: page.items,
      now: this.clock(),
    });
  }
}
