// The sitemaps' data (issue 37): how many public URLs of each type a website has, and pages of
// them by key with their last change and images. Render writes the XML, streamed, at the
// website's public origin; this service only answers what is public.
import {
  MAIN_NAVIGATION,
  SITEMAP_TYPES,
  type NavigationItemBody,
  type SitemapEntries,
  type SitemapEntriesQuery,
  type SitemapSummary,
  type SitemapType,
} from '@sc/contracts';
import type { Db } from '../shared/db.js';
import { categoryUrl, collectionUrl, itemUrl, ms } from '../domain/mappers.js';
import { findNavigation } from '../navigation/navigation.service.js';
import { requireWebsite } from '../websites/websites.service.js';
import { sitemapCount, sitemapRows, type SitemapRow } from './sitemap.repository.js';

/** The images of a row: their addresses, once each, in the order the page shows them. */
function imagesOf(row: SitemapRow): string[] {
  const list = Array.isArray(row.images) ? (row.images as unknown[]) : [];
  return [...new Set(list.filter((v): v is string => typeof v === 'string' && v !== ''))].slice(0, 1_000);
}

export class SitemapService {
  constructor(private readonly db: Db) {}

  async summary(websiteId: string): Promise<SitemapSummary> {
    await requireWebsite(this.db, websiteId);
    const types = await Promise.all(
      SITEMAP_TYPES.map(async (type) => {
        const { count, lastmod } = await sitemapCount(this.db, websiteId, type);
        return { type, count, lastmod: lastmod === null ? null : ms(lastmod) };
      }),
    );
    return { types };
  }

  async entries(websiteId: string, type: SitemapType, query: SitemapEntriesQuery): Promise<SitemapEntries> {
    await requireWebsite(this.db, websiteId);
    const home = type === 'pages' ? await this.#home(websiteId) : null;
    const rows = await sitemapRows(this.db, websiteId, type, query);
    const pathOf = (row: SitemapRow): string => {
      if (type === 'pages') return row.collection_id === home ? '/' : collectionUrl(row.collection_url);
      if (type === 'categories') return categoryUrl(row.collection_url, row.url_id ?? '');
      return itemUrl(row.collection_url, row.url_id ?? '');
    };
    return {
      entries: rows.map((row) => ({
        path: pathOf(row),
        lastmod: row.updated_at === null ? null : ms(row.updated_at),
        images: imagesOf(row),
      })),
      next: rows.length === query.limit ? (rows.at(-1)?.key ?? null) : null,
    };
  }

  /** The collection '/' shows (the main navigation's first), whose own path redirects there. */
  async #home(websiteId: string): Promise<string | null> {
    const nav = await findNavigation(this.db, websiteId, MAIN_NAVIGATION);
    return ((nav?.items as NavigationItemBody[] | undefined) ?? []).find((item) => item.collectionId)?.collectionId ?? null;
  }
}
