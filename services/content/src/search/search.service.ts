// Site search for the storefront's /search page and search block: Postgres full-text search over
// the website's published pages, blog posts, lessons (of lesson and course collections), products
// and events (search.repository.ts), ten results a page, each with a passage of its text where the matched words are marked.
import { RecordType, SEARCH_LIMITS, type SearchQuery, type SearchResponse, type SearchResult } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type { ContentDB } from '../tables.js';
import { collectionUrl, itemUrl } from '../domain/mappers.js';
import { excerptHtml, offsetOf } from '../domain/search.js';
import { itemHitDetails, pageHitDetails, searchHits } from './search.repository.js';
import { requireWebsite } from '../websites/websites.service.js';

function kindOf(recordType: number): SearchResult['kind'] {
  if (recordType === RecordType.STORE_ITEM) return 'product';
  if (recordType === RecordType.EVENT) return 'event';
  if (recordType === RecordType.LESSON) return 'lesson';
  return 'post';
}

export class SearchService {
  constructor(private readonly ctx: ServiceContext<ContentDB>) {}

  /** `hidden`: the collections of member areas the visitor has no access to, left out of the results. */
  async search(websiteId: string, { q, page }: SearchQuery, hidden: readonly string[] = []): Promise<SearchResponse> {
    await requireWebsite(this.ctx.db, websiteId);
    const pageSize = SEARCH_LIMITS.pageSize;
    const { hits, total } = await searchHits(this.ctx.db, websiteId, q, pageSize, offsetOf(page, pageSize), hidden);
    const itemIds = hits.filter((hit) => hit.source === 'item').map((hit) => hit.id);
    const pageIds = hits.filter((hit) => hit.source === 'page').map((hit) => hit.id);
    const [items, pages] = await Promise.all([
      itemHitDetails(this.ctx.db, websiteId, q, itemIds),
      pageHitDetails(this.ctx.db, websiteId, q, pageIds),
    ]);
    const itemsById = new Map(items.map((row) => [row.id, row]));
    const pagesById = new Map(pages.map((row) => [row.id, row]));
    const results: SearchResult[] = [];
    for (const hit of hits) {
      // A result deleted between the two reads is simply left out.
      if (hit.source === 'item') {
        const item = itemsById.get(hit.id);
        if (!item) continue;
        results.push({
          itemId: item.id,
          recordType: item.record_type,
          collectionId: item.collection_id,
          kind: kindOf(item.record_type),
          title: item.title,
          url: itemUrl(item.collection_url_id, item.url_id),
          excerptHtml: excerptHtml(item.excerpt),
          assetUrl: item.asset_url,
          rank: hit.rank,
        });
      } else {
        const shown = pagesById.get(hit.id);
        if (!shown) continue;
        results.push({
          itemId: shown.id,
          recordType: null,
          collectionId: shown.id,
          kind: 'page',
          title: shown.title,
          url: collectionUrl(shown.url_id),
          excerptHtml: excerptHtml(shown.excerpt),
          assetUrl: null,
          rank: hit.rank,
        });
      }
    }
    return { query: q, page, pageSize, total, results };
  }
}
