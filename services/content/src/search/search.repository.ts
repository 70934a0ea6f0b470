// Site search on the generated search vectors (migration 0002): one page of matches among the
// website's published pages, posts, lessons, products and events, best first, then the titles, links and
// highlighted passages of just that page (a passage costs a pass over the text, so it is made for
// ten rows, never for every match).
import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { CollectionType, RecordType } from '@sc/contracts';
import type { ContentDB } from '../tables.js';
import { GREATER_THAN, LESS_THAN, MARK_END, MARK_START } from '../domain/search.js';
import { PAGE_TEXT_PATH, SEARCH_CONFIG } from '../migrations/0002_search.js';
import type { Db } from '../shared/db.js';
import { isPublic } from '../shared/item-queries.js';

const cfg = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);

/** Blog post record types (in generic collections); products and events are their own. */
const POST_TYPES = [RecordType.TEXT, RecordType.QUOTE, RecordType.LINK, RecordType.VIDEO];

/**
 * ts_headline's options: the two marks (control characters, see domain/search.ts), a passage of
 * 15 to 35 words, up to two fragments of the text joined by an ellipsis.
 */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MinWords=15, MaxWords=35, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * HTML as plain text for a passage: other control characters out, tags out, the usual entities
 * decoded, and runs of space collapsed. ts_headline would take a literal '<' in the text for the
 * start of a tag and drop what follows, so '<' and '>' travel as two more control characters,
 * which excerptHtml turns back into escaped angle brackets.
 */
function plainText(html: RawBuilder<string>): RawBuilder<string> {
  const clean = sql<string>`regexp_replace(${html}, '[\\x01-\\x04]', '', 'g')`;
  const untagged = sql<string>`translate(regexp_replace(${clean}, '<[^>]*>', ' ', 'g'), '<>', ${sql.lit(LESS_THAN + GREATER_THAN)})`;
  let decoded = untagged;
  const entities = [
    ['&nbsp;', ' '],
    ['&lt;', LESS_THAN],
    ['&gt;', GREATER_THAN],
    ['&quot;', '"'],
    ['&#39;', "'"],
    ['&amp;', '&'],
  ] as const;
  for (const [entity, character] of entities) decoded = sql<string>`replace(${decoded}, ${sql.lit(entity)}, ${sql.lit(character)})`;
  return sql<string>`btrim(regexp_replace(${decoded}, '\\s+', ' ', 'g'))`;
}

const ITEM_TEXT = plainText(sql<string>`coalesce(items.data->>'excerpt', '') || ' ' || coalesce(items.data->>'body', '')`);
const PAGE_TEXT = plainText(
  sql<string>`coalesce(collections.description, '') || ' ' || coalesce((select string_agg(t.v #>> '{}', ' ') from jsonb_path_query(collections.layout, ${sql.lit(PAGE_TEXT_PATH)}::jsonpath, '{}'::jsonb, true) as t(v)), '')`,
);

export interface SearchHit {
  source: 'item' | 'page';
  id: string;
  rank: number;
}

/** Lessons live in lessons and course collections (SPEC 3 collection types 24 and 25). */
const LESSON_COLLECTIONS = [CollectionType.LESSONS, CollectionType.COURSE];

/** The kinds of item search shows: posts of blogs, lessons of lesson and course collections, products, events. */
function searchable(eb: ExpressionBuilder<ContentDB, 'items' | 'collections'>) {
  return eb.or([
    eb('items.record_type', '=', RecordType.STORE_ITEM),
    eb('items.record_type', '=', RecordType.EVENT),
    eb.and([eb('items.record_type', 'in', POST_TYPES), eb('collections.type', '=', CollectionType.GENERIC)]),
    eb.and([eb('items.record_type', '=', RecordType.LESSON), eb('collections.type', 'in', LESSON_COLLECTIONS)]),
  ]);
}

/** `hidden`: collections of member areas the searching visitor has no access to (left out). */
function hits(db: Db, websiteId: string, query: RawBuilder<unknown>, hidden: readonly string[]) {
  let items = db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.id', '=', 'items.collection_id').onRef('collections.website_id', '=', 'items.website_id'),
    )
    .select([
      sql<'item' | 'page'>`'item'`.as('source'),
      'items.id as id',
      'items.title as title',
      sql<number>`ts_rank(items.search_vector, ${query})`.as('rank'),
    ])
    .where('items.website_id', '=', websiteId)
    .where('collections.enabled', '=', true)
    .where((eb) => isPublic(eb))
    .where(searchable)
    .where(sql<SqlBool>`items.search_vector @@ ${query}`);
  let pages = db
    .selectFrom('collections')
    .select([
      sql<'item' | 'page'>`'page'`.as('source'),
      'collections.id as id',
      'collections.title as title',
      sql<number>`ts_rank(collections.search_vector, ${query})`.as('rank'),
    ])
    .where('collections.website_id', '=', websiteId)
    .where('collections.enabled', '=', true)
    .where('collections.type', '=', CollectionType.PAGE)
    .where(sql<SqlBool>`collections.search_vector @@ ${query}`);
  if (hidden.length > 0) {
    items = items.where('collections.id', 'not in', hidden);
    pages = pages.where('collections.id', 'not in', hidden);
  }
  return items.unionAll(pages);
}

/** One page of matches (best first; equal ranks by title, then id) and how many there are in all. */
export async function searchHits(
  db: Db,
  websiteId: string,
  text: string,
  limit: number,
  offset: number,
  hidden: readonly string[] = [],
): Promise<{ hits: SearchHit[]; total: number }> {
  const query = sql`websearch_to_tsquery(${cfg}, ${text})`;
  const rows = await db
    .selectFrom(hits(db, websiteId, query, hidden).as('hits'))
    .select(['hits.source', 'hits.id', 'hits.rank', sql<number | string>`count(*) over ()`.as('total')])
    .orderBy('hits.rank', 'desc')
    .orderBy('hits.title')
    .orderBy('hits.id')
    .limit(limit)
    .offset(offset)
    .execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    // Past the last page: the window count saw no rows, so count on its own.
    const counted = await db
      .selectFrom(hits(db, websiteId, query, hidden).as('hits'))
      .select(sql<number | string>`count(*)`.as('total'))
      .executeTakeFirst();
    total = Number(counted?.total ?? 0);
  }
  return { hits: rows.map((row) => ({ source: row.source, id: row.id, rank: Number(row.rank) })), total };
}

export interface ItemHitDetails {
  id: string;
  record_type: number;
  collection_id: string;
  title: string;
  url_id: string;
  collection_url_id: string;
  asset_url: string | null;
  excerpt: string;
}

/** Titles, links, images and marked passages of the matched items. */
export async function itemHitDetails(db: Db, websiteId: string, text: string, ids: readonly string[]): Promise<ItemHitDetails[]> {
  if (ids.length === 0) return [];
  const query = sql`websearch_to_tsquery(${cfg}, ${text})`;
  return db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.id', '=', 'items.collection_id').onRef('collections.website_id', '=', 'items.website_id'),
    )
    .select([
      'items.id',
      'items.record_type',
      'items.collection_id',
      'items.title',
      'items.url_id',
      'collections.url_id as collection_url_id',
      sql<string | null>`coalesce(items.data->'mainImage'->>'assetUrl', items.data->'image'->>'assetUrl')`.as('asset_url'),
      sql<string>`ts_headline(${cfg}, ${ITEM_TEXT}, ${query}, ${HEADLINE_OPTIONS})`.as('excerpt'),
    ])
    .where('items.website_id', '=', websiteId)
    .where('items.id', 'in', ids)
    .execute();
}

export interface PageHitDetails {
  id: string;
  title: string;
  url_id: string;
  excerpt: string;
}

/** Titles, links and marked passages of the matched pages. */
export async function pageHitDetails(db: Db, websiteId: string, text: string, ids: readonly string[]): Promise<PageHitDetails[]> {
  if (ids.length === 0) return [];
  const query = sql`websearch_to_tsquery(${cfg}, ${text})`;
  return db
    .selectFrom('collections')
    .select([
      'collections.id',
      'collections.title',
      'collections.url_id',
      sql<string>`ts_headline(${cfg}, ${PAGE_TEXT}, ${query}, ${HEADLINE_OPTIONS})`.as('excerpt'),
    ])
    .where('collections.website_id', '=', websiteId)
    .where('collections.id', 'in', ids)
    .execute();
}
