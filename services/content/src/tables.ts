// The content service's tables (schema "content"). Every row carries its website_id and every
// query filters by it: a website never sees another's rows, whatever ids a request guesses.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { CaptchaTables, OutboxTables } from '@sc/platform';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: objects are written as JSON text and read back parsed. */
type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface WebsitesTable {
  id: string;
  title: string;
  template_id: string;
  settings: Json<Record<string, unknown>>;
  /** The starting design it was made from or switched to (null: the seed's own). */
  design: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner who made it through the API (null: the seed). */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Deleted: hidden at once, purged 30 days later unless restored. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebsiteDomainsTable {
  /** Lower-case host name without port; one website per domain. */
  domain: string;
  website_id: string;
  /** When the domain was verified; null while its token has not been found. */
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The token a custom domain must show (DNS TXT or HTTP) before it is served. */
  verification_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'address': the `<slug>.<BASE_DOMAIN>` one; 'custom': the owner's own (and the seed's). */
  kind: ColumnType<string, string | undefined, string>;
}

export interface CollectionsTable {
  id: string;
  website_id: string;
  type: number;
  type_name: string;
  title: string;
  navigation_title: string;
  url_id: string;
  description: string | null;
  enabled: boolean;
  ordering: 'user' | 'date';
  layout: ColumnType<unknown, string | null, string | null>;
  gallery_settings: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  /** The owner's SEO title, description and social image (migration 0041). */
  seo: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CategoriesTable {
  id: string;
  website_id: string;
  collection_id: string;
  /** '' for the root category. */
  parent_id: string;
  display_name: string;
  type: 'ROOT' | 'CATEGORY';
  page_rendering: 'LIST_VIEW' | 'GRID_VIEW';
  display_index: number;
  url_slug: string;
  created_at: CreatedAt;
}

export interface ItemsTable {
  id: string;
  website_id: string;
  collection_id: string;
  record_type: number;
  url_id: string;
  title: string;
  status: 'published' | 'scheduled' | 'needs-review' | 'draft' | 'private';
  publish_on: Date | string | null;
  /** Position in a collection ordered by hand. */
  display_index: number;
  /** Position in a collection ordered by date: the publish date, else when it was added. */
  sort_date: Date | string;
  product_type: number | null;
  /** Everything else of the item, as the ContentItem body has it (minus the columns above). */
  data: Json<Record<string, unknown>>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface NavigationsTable {
  website_id: string;
  field_name: string;
  template_id: string;
  items: Json<unknown[]>;
  updated_at: UpdatedAt;
}

/** One row per website for each singleton document: header-footer, multilingual. */
export interface SiteDocumentsTable {
  website_id: string;
  kind: 'header-footer' | 'multilingual' | 'popup-overlay';
  document: Json<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

export interface CommercePreferencesTable {
  website_id: string;
  namespace: string;
  preferences: Json<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

/** Comments on items (migration 0003). Only approved ones are public; publicCommentCount counts them. */
export interface CommentsTable {
  id: string;
  website_id: string;
  item_id: string;
  status: 'pending' | 'approved' | 'hidden';
  author_name: string;
  author_email: string | null;
  /** The signed-in site user who wrote it, if any. */
  site_user_id: string | null;
  /** The owner who wrote it as the site, if any. */
  owner_id: string | null;
  body: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The comment this one replies to (one level: a reply is never replied to; migration 0005). */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per visitor (a site user, or a visitor cookie) who likes an item. */
export interface ItemLikesTable {
  website_id: string;
  item_id: string;
  /** 'u:{siteUserId}' or 'v:{visitor cookie}'. */
  liker: string;
  created_at: CreatedAt;
}

export interface MemberAreasTable {
  id: string;
  website_id: string;
  title: string;
  description: string;
  access: 'free' | 'paid';
  plan_product_ids: Json<string[]>;
  denied_message: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Which collections a member area gates: a collection is in one area at most. */
export interface MemberAreaCollectionsTable {
  website_id: string;
  collection_id: string;
  member_area_id: string;
  position: number;
}

/** Site users with access to a paid member area (free areas need none: a site account is the sign-up). */
export interface MemberGrantsTable {
  website_id: string;
  member_area_id: string;
  site_user_id: string;
  source: 'owner' | 'order';
  order_id: string | null;
  granted_at: CreatedAt;
  /** The subscription whose order gave it; it ends with that subscription (migration 0005). */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The cart's subscriptions seen by content (migration 0005): whose they are, what they are for,
 * and whether they are paid up, as of the latest event about them (changed_at, the event's time,
 * so events arriving out of order never undo a later one).
 */
export interface MemberSubscriptionsTable {
  website_id: string;
  subscription_id: string;
  site_user_id: string;
  item_id: string;
  status: 'active' | 'ended';
  changed_at: ColumnType<Date, Date | string, Date | string>;
}

/** An uploaded image of the media library (migration 0007); the file is in the asset storage. */
export interface MediaAssetsTable {
  website_id: string;
  /** The content hash of the stored bytes (the file's name without its extension). */
  id: string;
  /** '{id}.{ext}' */
  file: string;
  filename: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  alt_text: ColumnType<string, string | undefined, string>;
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** An item's URL before a rename (migration 0040): answered as a 301 to where the item is now. */
export interface ItemUrlHistoryTable {
  website_id: string;
  collection_id: string;
  url_id: string;
  item_id: string;
  created_at: CreatedAt;
}

/** The URLs collections had before a rename (migration 0060). */
export interface CollectionUrlHistoryTable {
  website_id: string;
  url_id: string;
  collection_id: string;
  created_at: CreatedAt;
}

export interface ContentTables {
  websites: WebsitesTable;
  website_domains: WebsiteDomainsTable;
  collections: CollectionsTable;
  categories: CategoriesTable;
  items: ItemsTable;
  navigations: NavigationsTable;
  site_documents: SiteDocumentsTable;
  commerce_preferences: CommercePreferencesTable;
  comments: CommentsTable;
  item_likes: ItemLikesTable;
  member_areas: MemberAreasTable;
  member_area_collections: MemberAreaCollectionsTable;
  member_grants: MemberGrantsTable;
  member_subscriptions: MemberSubscriptionsTable;
  media_assets: MediaAssetsTable;
  item_url_history: ItemUrlHistoryTable;
  collection_url_history: CollectionUrlHistoryTable;
}

/** Everything in the content schema, the platform's outbox tables included. */
export type ContentDB = ContentTables & OutboxTables & CaptchaTables;

// The rows as read, one name each: the domain's mappers and every feature that is handed a row
// (from another feature's service) read them from here, not from the feature's repository.
export type ItemRow = Selectable<ItemsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type WebsiteRow = Selectable<WebsitesTable>;
export type NavigationRow = Selectable<NavigationsTable>;
