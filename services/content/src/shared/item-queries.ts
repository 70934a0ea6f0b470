// Query fragments over the items table that the repositories of several features build on (items,
// search, the sitemaps, the media library's usage): one definition of an item's columns and of
// what the storefront may see.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ContentDB } from '../tables.js';

/**
 * The columns of an item row, named rather than `*`: the table also holds the generated search
 * vector (migration 0002), which listings have no use for and should not carry.
 */
export const ITEM_COLUMNS = [
  'items.id',
  'items.website_id',
  'items.collection_id',
  'items.record_type',
  'items.url_id',
  'items.title',
  'items.status',
  'items.publish_on',
  'items.display_index',
  'items.sort_date',
  'items.product_type',
  'items.data',
  'items.version',
  'items.created_at',
  'items.updated_at',
] as const;

/** The storefront sees published items and scheduled items whose time has come. */
export function isPublic(eb: ExpressionBuilder<ContentDB, 'items'>): Expression<SqlBool> {
  return eb.or([
    eb('items.status', '=', 'published'),
    eb.and([eb('items.status', '=', 'scheduled'), eb('items.publish_on', '<=', sql<Date>`now()`)]),
  ]);
}
