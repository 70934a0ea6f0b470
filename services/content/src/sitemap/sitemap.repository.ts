// What a website's sitemaps list, read in pages by key (never the whole site in memory): published
// items of enabled collections outside member areas, by kind; the collections themselves; the
// categories of stores. Drafts, private, needs-review, not-yet-due scheduled items, disabled
// collections and gated content never appear.
import type { SitemapType } from '@sc/contracts';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { ContentDB } from '../tables.js';
import type { Db } from '../shared/db.js';
import { isPublic } from '../shared/item-queries.js';

const PAGE_TYPE_NAMES = ['page', 'template-page', 'splash-page'];
/** The collection type names whose items each item sitemap lists ('posts' takes every other kind of item). */
const ITEM_TYPE_NAMES: Record<'products' | 'events' | 'galleries', string> = {
  products: 'products',
  events: 'events',
  galleries: 'gallery',
};

export interface SitemapRow {
  key: string;
  collection_url: string;
  url_id: string | null;
  updated_at: Date | string | null;
  collection_id: string;
  images: unknown;
}

/** Collections of the website a visitor may see: enabled, in no member area. */
function visibleCollection(eb: ExpressionBuilder<ContentDB, 'collections'>, websiteId: string) {
  return eb.and([
    eb('collections.website_id', '=', websiteId),
    eb('collections.enabled', '=', true),
    eb(
      'collections.id',
      'not in',
      eb
        .selectFrom('member_area_collections')
        .select('member_area_collections.collection_id')
        .where('member_area_collections.website_id', '=', websiteId),
    ),
  ]);
}

type ItemSitemap = 'products' | 'events' | 'galleries' | 'posts';

function itemQuery(db: Db, websiteId: string, type: ItemSitemap): SelectQueryBuilder<ContentDB, 'items' | 'collections', object> {
  let query = db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.id', '=', 'items.collection_id').onRef('collections.website_id', '=', 'items.website_id'),
    )
    .where('items.website_id', '=', websiteId)
    .where(isPublic)
    .where((eb) => visibleCollection(eb, websiteId));
  if (type === 'posts') query = query.where('collections.type_name', 'not in', [...Object.values(ITEM_TYPE_NAMES), ...PAGE_TYPE_NAMES]);
  else query = query.where('collections.type_name', '=', ITEM_TYPE_NAMES[type]);
  return query;
}

/** A page of a sitemap's rows by key, after `after` or from the `skip`-th. */
export async function sitemapRows(
  db: Db,
  websiteId: string,
  type: SitemapType,
  page: { after?: string | undefined; skip: number; limit: number },
): Promise<SitemapRow[]> {
  if (type === 'pages') {
    let query = db
      .selectFrom('collections')
      .select([
        'collections.id as key',
        'collections.url_id as collection_url',
        sql<null>`null`.as('url_id'),
        'collections.updated_at',
        'collections.id as collection_id',
        sql<null>`null`.as('images'),
      ])
      .where((eb) => visibleCollection(eb, websiteId));
    if (page.after !== undefined) query = query.where('collections.id', '>', page.after);
    else if (page.skip > 0) query = query.offset(page.skip);
    return query.orderBy('collections.id').limit(page.limit).execute();
  }
  if (type === 'categories') {
    let query = db
      .selectFrom('categories')
      .innerJoin('collections', (join) =>
        join.onRef('collections.id', '=', 'categories.collection_id').onRef('collections.website_id', '=', 'categories.website_id'),
      )
      .select([
        'categories.id as key',
        'collections.url_id as collection_url',
        'categories.url_slug as url_id',
        'collections.updated_at',
        'collections.id as collection_id',
        sql<null>`null`.as('images'),
      ])
      .where('categories.website_id', '=', websiteId)
      .where('categories.type', '=', 'CATEGORY')
      .where((eb) => visibleCollection(eb, websiteId));
    if (page.after !== undefined) query = query.where('categories.id', '>', page.after);
    else if (page.skip > 0) query = query.offset(page.skip);
    return query.orderBy('categories.id').limit(page.limit).execute();
  }
  // The page's keys first (cheap columns, in key order), then the images of those rows only: the
  // images' JSON is never read for the rows a page passes over.
  let keys = itemQuery(db, websiteId, type).select([
    'items.id as key',
    'collections.url_id as collection_url',
    'items.url_id',
    'items.updated_at',
    'collections.id as collection_id',
  ]);
  if (page.after !== undefined) keys = keys.where('items.id', '>', page.after);
  else if (page.skip > 0) keys = keys.offset(page.skip);
  return db
    .selectFrom(keys.orderBy('items.id').limit(page.limit).as('page'))
    .innerJoin('items', (join) => join.onRef('items.id', '=', 'page.key').on('items.website_id', '=', websiteId))
    .select([
      'page.key',
      'page.collection_url',
      'page.url_id',
      'page.updated_at',
      'page.collection_id',
      sql<unknown>`jsonb_build_array(items.data->'mainImage'->>'assetUrl', items.data->'image'->>'assetUrl') || coalesce((select jsonb_agg(i->>'assetUrl') from jsonb_array_elements(case when jsonb_typeof(items.data->'items') = 'array' then items.data->'items' else '[]'::jsonb end) i), '[]'::jsonb)`.as(
        'images',
      ),
    ])
    .orderBy('page.key')
    .execute();
}

/** How many rows a sitemap has, and when the newest changed. */
export async function sitemapCount(
  db: Db,
  websiteId: string,
  type: SitemapType,
): Promise<{ count: number; lastmod: Date | string | null }> {
  if (type === 'pages') {
    const row = await db
      .selectFrom('collections')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('collections.updated_at').as('lastmod')])
      .where((eb) => visibleCollection(eb, websiteId))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), lastmod: row.lastmod };
  }
  if (type === 'categories') {
    const row = await db
      .selectFrom('categories')
      .innerJoin('collections', (join) =>
        join.onRef('collections.id', '=', 'categories.collection_id').onRef('collections.website_id', '=', 'categories.website_id'),
      )
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('collections.updated_at').as('lastmod')])
      .where('categories.website_id', '=', websiteId)
      .where('categories.type', '=', 'CATEGORY')
      .where((eb) => visibleCollection(eb, websiteId))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), lastmod: row.lastmod };
  }
  const row = await itemQuery(db, websiteId, type)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('items.updated_at').as('lastmod')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), lastmod: row.lastmod as Date | string | null };
}
