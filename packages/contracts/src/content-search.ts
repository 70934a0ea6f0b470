// Site search (the /search page of SPEC 2, page type 102, and the search block, block type 33):
// GET /api/content-service/public/1.0/search?q=<text>&page=<n>, answered by content over the
// published pages, blog posts, products and events of the request's website, best match first.
import { z } from 'zod';

export const SEARCH_LIMITS = Object.freeze({
  /** Characters of a query (after trimming). */
  queryLength: 200,
  pageSize: 10,
  /** Deeper pages are not offered (nobody reads result 1,000). */
  maxPage: 100,
});

export const SearchMessages = {
  queryRequired: 'Enter something to search for.',
  queryTooLong: `Search for at most ${SEARCH_LIMITS.queryLength} characters.`,
  pageInvalid: `The page must be a whole number from 1 to ${SEARCH_LIMITS.maxPage}.`,
} as const;

export const SearchQuery = z
  .object({
    q: z
      .string({ error: SearchMessages.queryRequired })
      .trim()
      .min(1, SearchMessages.queryRequired)
      .max(SEARCH_LIMITS.queryLength, SearchMessages.queryTooLong),
    page: z.coerce
      .number({ error: SearchMessages.pageInvalid })
      .int(SearchMessages.pageInvalid)
      .min(1, SearchMessages.pageInvalid)
      .max(SEARCH_LIMITS.maxPage, SearchMessages.pageInvalid)
      .default(1),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

/** What a result is: a page (a collection of type page), or an item of a blog, a store, an events, or a lessons or course collection. */
export const SearchResultKind = z.enum(['page', 'post', 'product', 'event', 'lesson']);
export type SearchResultKind = z.infer<typeof SearchResultKind>;

export const SearchResult = z.object({
  /** The item's id; for a page, the page's (collection's) id. */
  itemId: z.string(),
  /** SPEC 3 record type of the item (text 1, store-item 11, event 12, lesson 62); null for a page. */
  recordType: z.number().int().nullable(),
  collectionId: z.string(),
  kind: SearchResultKind,
  title: z.string(),
  /** The storefront path of the result, e.g. /shop/waxed-canvas-tote. */
  url: z.string(),
  /** A passage of the text with the matched words in <mark>…</mark>; everything else HTML-escaped. */
  excerptHtml: z.string(),
  /** The item's main image, null when it has none (and for pages). */
  assetUrl: z.string().nullable(),
  /** Postgres ts_rank of the match: higher is better. */
  rank: z.number(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({
  /** The query as searched (trimmed). */
  query: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches in all pages. */
  total: z.number().int(),
  results: z.array(SearchResult),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
