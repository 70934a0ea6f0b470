// Rows to the API's shapes (timestamps as epoch milliseconds, URLs derived from url ids).
import {
  DEFAULT_SITE_SETTINGS,
  defaultGallerySettings,
  ITEM_STATUS_LABELS,
  type Category,
  type Collection,
  type ContentItem,
  type Layout,
  type SiteSettings,
  type StructuredContent,
  type Website,
} from '@sc/contracts';
import type { CategoryRow, CollectionRow, ItemRow, WebsiteRow } from '../tables.js';

export const ms = (value: Date | string): number => new Date(value).getTime();
const msOrNull = (value: Date | string | null): number | null => (value === null ? null : ms(value));

/** Stored settings over today's defaults, so settings added later read with their default. */
export function settingsOf(row: Pick<WebsiteRow, 'settings'>): SiteSettings {
  const stored = row.settings as Partial<SiteSettings>;
  return {
    ...DEFAULT_SITE_SETTINGS,
    ...stored,
    cookieSettings: { ...DEFAULT_SITE_SETTINGS.cookieSettings, ...stored.cookieSettings },
    betaFlags: { ...DEFAULT_SITE_SETTINGS.betaFlags, ...stored.betaFlags },
    store: { ...DEFAULT_SITE_SETTINGS.store, ...stored.store },
    seo: { ...DEFAULT_SITE_SETTINGS.seo, ...stored.seo },
  };
}

export function toWebsite(row: WebsiteRow, domains: string[]): Website {
  return {
    id: row.id,
    title: row.title,
    templateId: row.template_id,
    domains,
    settings: settingsOf(row),
    createdOn: ms(row.created_at),
    updatedOn: ms(row.updated_at),
    ...(row.design ? { design: row.design } : {}),
  };
}

export const collectionUrl = (urlId: string): string => `/${urlId}`;

export function toCollection(row: CollectionRow, itemCount: number): Collection {
  return {
    id: row.id,
    websiteId: row.website_id,
    type: row.type,
    typeName: row.type_name,
    title: row.title,
    navigationTitle: row.navigation_title,
    urlId: row.url_id,
    fullUrl: collectionUrl(row.url_id),
    ...(row.description === null ? {} : { description: row.description }),
    enabled: row.enabled,
    ordering: row.ordering,
    layout: (row.layout as Layout | null) ?? null,
    ...(row.seo ? { seo: row.seo } : {}),
    gallerySettings: row.gallery_settings
      ? { ...defaultGallerySettings(), ...(row.gallery_settings as Record<string, string | number | boolean>) }
      : null,
    itemCount,
    createdOn: ms(row.created_at),
    updatedOn: ms(row.updated_at),
  };
}

export const itemUrl = (collectionUrlId: string, itemUrlId: string): string => `/${collectionUrlId}/${itemUrlId}`;

/** Stored structuredContent with the fields added since it was written (variants' images read as null). */
function currentStructuredContent(stored: StructuredContent | undefined): StructuredContent | undefined {
  if (!stored) return undefined;
  return { ...stored, variants: stored.variants.map((variant) => ({ ...variant, mainImage: variant.mainImage ?? null })) };
}

/** An item row as the API shows it; `data` holds the fields that are not columns. */
export function toItem(row: ItemRow, collectionUrlId: string): ContentItem {
  const data = row.data as Omit<ContentItem, 'id'>;
  return {
    ...data,
    ...(data.structuredContent ? { structuredContent: currentStructuredContent(data.structuredContent) } : {}),
    id: row.id,
    websiteId: row.website_id,
    collectionId: row.collection_id,
    recordType: row.record_type,
    title: row.title,
    urlId: row.url_id,
    fullUrl: itemUrl(collectionUrlId, row.url_id),
    status: row.status,
    statusLabel: ITEM_STATUS_LABELS[row.status] ?? null,
    publishOn: msOrNull(row.publish_on),
    addedOn: ms(row.created_at),
    updatedOn: ms(row.updated_at),
    displayIndex: row.display_index,
  };
}

/** Category pages live under /<collection>/category/<slug path>, apart from items' two-segment URLs. */
export const categoryUrl = (collectionUrlId: string, slug: string): string => `/${collectionUrlId}/category/${slug}`;

export function toCategory(row: CategoryRow, collectionUrlId: string): Category {
  return {
    id: row.id,
    websiteId: row.website_id,
    collectionId: row.collection_id,
    displayName: row.display_name,
    parentCategoryId: row.parent_id,
    type: row.type,
    pageRendering: row.page_rendering,
    displayIndex: row.display_index,
    urlSlug: row.url_slug,
    fullUrl: row.type === 'ROOT' ? collectionUrl(collectionUrlId) : categoryUrl(collectionUrlId, row.url_slug),
  };
}
