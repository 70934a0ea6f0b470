// SPEC 3 "Enumerations" (plus the product and subscription enumerations of SPEC 3 "Product" and
// SPEC 9). Each enumeration is a frozen constant object (the name used in code), a type of the same
// name (the union of its values), a `<Name>Schema` zod schema that accepts exactly those values,
// and, where a readable name is useful (logs, owner UI, analytics), a `<name>Name(value)` lookup
// that returns the SPEC's wording. Numbers are wire values: never renumber them.
import { z } from 'zod';

/** Builds a number-to-name lookup that answers undefined for numbers the SPEC does not list. */
function nameLookup<V extends number>(names: Readonly<Record<V, string>>): (value: number) => string | undefined {
  // A Map keyed by the wire number avoids prototype keys ('constructor', ...) answering by accident.
  const map = new Map<number, string>(Object.entries<string>(names).map(([k, v]) => [Number(k), v]));
  return (value) => map.get(value);
}

// ---------------------------------------------------------------------------------------------
// Page types (others exist but are not shown in the SPEC)

export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  MEMBER_AREA_ACCESS_DENIED: 106,
  CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  ORDER_STATUS: 211,
} as const;
export type PageType = (typeof PageType)[keyof typeof PageType];
export const PageTypeSchema = z.enum(PageType);

const PAGE_TYPE_NAMES: Record<PageType, string> = {
  1: 'main content',
  2: 'page',
  50: 'content item',
  100: 'not found',
  101: 'error',
  102: 'search',
  103: 'lock screen',
  106: 'member area access denied',
  200: 'cart',
  201: 'checkout',
  202: 'order confirmed',
  203: 'donate',
  211: 'order status',
};
/** SPEC name of a page type number, e.g. pageTypeName(200) → 'cart'; undefined if unlisted. */
export const pageTypeName = nameLookup(PAGE_TYPE_NAMES);

// ---------------------------------------------------------------------------------------------
// Record types

export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  REVIEW: 10,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
  BINARY: 15,
  CSS_ASSET: 16,
  TWEAK_ASSET: 17,
  DIGITAL_GOOD: 18,
  ATTACHMENT: 19,
  WORDPRESS_EXPORT: 20,
  JSON_EXPORT: 21,
  SITE_SEARCH: 30,
  ACTIVE_TIME: 31,
  TWEET: 50,
  CHECKIN: 52,
  KBARTICLE: 54,
  LESSON: 62,
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];
export const RecordTypeSchema = z.enum(RecordType);

const RECORD_TYPE_NAMES: Record<RecordType, string> = {
  1: 'text',
  2: 'image',
  4: 'quote',
  5: 'link',
  7: 'audio',
  8: 'video',
  10: 'review',
  11: 'store-item',
  12: 'event',
  14: 'gallery',
  15: 'binary',
  16: 'css-asset',
  17: 'tweak-asset',
  18: 'digital-good',
  19: 'attachment',
  20: 'wordpress-export',
  21: 'json-export',
  30: 'site-search',
  31: 'active-time',
  50: 'tweet',
  52: 'checkin',
  54: 'kbarticle',
  62: 'lesson',
};
/** SPEC name of a record type number, e.g. recordTypeName(11) → 'store-item'. */
export const recordTypeName = nameLookup(RECORD_TYPE_NAMES);

// ---------------------------------------------------------------------------------------------
// Collection types

export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TWITTER: 3,
  FOURSQUARE: 4,
  INSTAGRAM: 5,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  FIVEHUNDREDPIX: 11,
  FLICKR: 12,
  PRODUCTS: 13,
  SLIDE_GALLERY: 15,
  SLIDE_ALBUM: 16,
  SLIDE_VIDEO: 17,
  ALBUM_BLOCK: 18,
  LESSONS: 24,
  COURSE: 25,
} as const;
export type CollectionType = (typeof CollectionType)[keyof typeof CollectionType];
export const CollectionTypeSchema = z.enum(CollectionType);

const COLLECTION_TYPE_NAMES: Record<CollectionType, string> = {
  1: 'generic',
  2: 'subscription',
  3: 'twitter',
  4: 'foursquare',
  5: 'instagram',
  6: 'gallery-block',
  7: 'template-page',
  8: 'splash-page',
  10: 'page',
  11: 'fivehundredpix',
  12: 'flickr',
  13: 'products',
  15: 'slide-gallery',
  16: 'slide-album',
  17: 'slide-video',
  18: 'album-block',
  24: 'lessons',
  25: 'course',
};
/** SPEC name of a collection type number, e.g. collectionTypeName(13) → 'products'. */
export const collectionTypeName = nameLookup(COLLECTION_TYPE_NAMES);

// ---------------------------------------------------------------------------------------------
// Folder behaviour and background source

export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 } as const;
export type FolderBehavior = (typeof FolderBehavior)[keyof typeof FolderBehavior];
export const FolderBehaviorSchema = z.enum(FolderBehavior);

export const BackgroundSource = { UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const;
export type BackgroundSource = (typeof BackgroundSource)[keyof typeof BackgroundSource];
export const BackgroundSourceSchema = z.enum(BackgroundSource);

// ---------------------------------------------------------------------------------------------
// Block types (15, 34-40 and 64 are not assigned in the SPEC)

export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  LOGO: 3,
  MAP: 4,
  IMAGE: 5,
  TWITTER: 6,
  JOURNAL: 7,
  GALLERY: 8,
  FORM: 9,
  GEO: 10,
  INDEX: 11,
  COLLECTIONLINK: 12,
  LINK: 13,
  TAGCLOUD: 14,
  COMMENTS: 16,
  FOLDER: 17,
  MENU: 18,
  SOCIALLINKS: 19,
  SUMMARY: 20,
  SPACER: 21,
  EMBED: 22,
  CODE: 23,
  FOURSQUARE: 24,
  INSTAGRAM: 25,
  CALENDAR: 26,
  POSTS_BY_AUTHOR: 27,
  POSTS_BY_TAG: 28,
  POSTS_BY_CATEGORY: 29,
  POSTS_BY_MONTH: 30,
  QUOTE: 31,
  VIDEO: 32,
  SEARCH: 33,
  AUDIO: 41,
  FIVEHUNDREDPIX: 42,
  PRODUCT: 43,
  MARKDOWN: 44,
  FLICKR: 45,
  AMAZON: 46,
  HORIZONTALRULE: 47,
  SOCIALACCOUNTLINKS: 48,
  RSS: 49,
  OPENTABLE: 50,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  SOCIALACCOUNTLINKS_V2: 54,
  SUMMARY_V2: 55,
  SOUNDCLOUD: 56,
  EMAILFOOTER: 57,
  IN_BROWSER_MESSAGE_LINK: 58,
  TOURDATES: 59,
  ALBUM: 60,
  ARCHIVE: 61,
  CHART: 62,
  ZOLA: 63,
  ACUITY: 65,
  OPENTABLE_V2: 66,
  MEMBER_AREA: 67,
  TOCK: 68,
  ACCORDION: 69,
} as const;
export type BlockType = (typeof BlockType)[keyof typeof BlockType];
export const BlockTypeSchema = z.enum(BlockType);

const BLOCK_TYPE_NAMES: Record<BlockType, string> = {
  1: 'navigation',
  2: 'html',
  3: 'logo',
  4: 'map',
  5: 'image',
  6: 'twitter',
  7: 'journal',
  8: 'gallery',
  9: 'form',
  10: 'geo',
  11: 'index',
  12: 'collectionlink',
  13: 'link',
  14: 'tagcloud',
  16: 'comments',
  17: 'folder',
  18: 'menu',
  19: 'sociallinks',
  20: 'summary',
  21: 'spacer',
  22: 'embed',
  23: 'code',
  24: 'foursquare',
  25: 'instagram',
  26: 'calendar',
  27: 'posts by author',
  28: 'posts by tag',
  29: 'posts by category',
  30: 'posts by month',
  31: 'quote',
  32: 'video',
  33: 'search',
  41: 'audio',
  42: 'fivehundredpix',
  43: 'product',
  44: 'markdown',
  45: 'flickr',
  46: 'amazon',
  47: 'horizontalrule',
  48: 'socialaccountlinks',
  49: 'rss',
  50: 'opentable',
  51: 'newsletter',
  52: 'donation',
  53: 'button',
  54: 'socialaccountlinks-v2',
  55: 'summary-v2',
  56: 'soundcloud',
  57: 'emailfooter',
  58: 'in-browser-message-link',
  59: 'tourdates',
  60: 'album',
  61: 'archive',
  62: 'chart',
  63: 'zola',
  65: 'acuity',
  66: 'opentable-v2',
  67: 'member-area',
  68: 'tock',
  69: 'accordion',
};
/** SPEC name of a block type number, e.g. blockTypeName(67) → 'member-area'. */
export const blockTypeName = nameLookup(BLOCK_TYPE_NAMES);

// ---------------------------------------------------------------------------------------------
// String enumerations: slide types, collection views, gallery media, positions

export const SlideType = { COVER_PAGE: 'cover-page', LOCK_SCREEN: 'lock-screen', POPUP_OVERLAY: 'popup-overlay' } as const;
export type SlideType = (typeof SlideType)[keyof typeof SlideType];
export const SlideTypeSchema = z.enum(SlideType);

export const CollectionViewKind = { LIST: 'list', GRID: 'grid', PRODUCT: 'product' } as const;
export type CollectionViewKind = (typeof CollectionViewKind)[keyof typeof CollectionViewKind];
export const CollectionViewKindSchema = z.enum(CollectionViewKind);

export const GalleryItemMediaType = {
  IMAGE_EMPTY: 'imageEmpty',
  IMAGE_FILE: 'imageFile',
  IMAGE_LICENSED: 'imageLicensed',
  IMAGE_REUSED: 'imageReused',
  ASSET_REUSED: 'assetReused',
  VIDEO: 'video',
} as const;
export type GalleryItemMediaType = (typeof GalleryItemMediaType)[keyof typeof GalleryItemMediaType];
export const GalleryItemMediaTypeSchema = z.enum(GalleryItemMediaType);

/** The 3x3 grid of vertical (top/center/bottom) by horizontal (left/center/right) positions. */
export const Position = {
  TOP_LEFT: 'top-left',
  TOP_CENTER: 'top-center',
  TOP_RIGHT: 'top-right',
  CENTER_LEFT: 'center-left',
  CENTER_CENTER: 'center-center',
  CENTER_RIGHT: 'center-right',
  BOTTOM_LEFT: 'bottom-left',
  BOTTOM_CENTER: 'bottom-center',
  BOTTOM_RIGHT: 'bottom-right',
} as const;
export type Position = (typeof Position)[keyof typeof Position];
export const PositionSchema = z.enum(Position);

// ---------------------------------------------------------------------------------------------
// Account subscription states (9-14 exist but are not shown in the SPEC)

export const AccountSubscriptionState = {
  EXPIRED: 1,
  PAST_DUE: 2,
  TRIAL: 3,
  BETA: 4,
  REMOVED: 5,
  INTERNAL: 6,
  COMPED: 7,
  PAID: 8,
  ENTERPRISE: 15,
} as const;
export type AccountSubscriptionState = (typeof AccountSubscriptionState)[keyof typeof AccountSubscriptionState];
export const AccountSubscriptionStateSchema = z.enum(AccountSubscriptionState);

const ACCOUNT_SUBSCRIPTION_STATE_NAMES: Record<AccountSubscriptionState, string> = {
  1: 'expired',
  2: 'past due',
  3: 'trial',
  4: 'beta',
  5: 'removed',
  6: 'internal',
  7: 'comped',
  8: 'paid',
  15: 'enterprise',
};
/** SPEC name of an account subscription state, e.g. accountSubscriptionStateName(3) → 'trial'. */
export const accountSubscriptionStateName = nameLookup(ACCOUNT_SUBSCRIPTION_STATE_NAMES);

// ---------------------------------------------------------------------------------------------
// Website roles (5 is not assigned)

export const Role = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const RoleSchema = z.enum(Role);

const ROLE_NAMES: Record<Role, string> = {
  1: 'admin',
  2: 'billing',
  3: 'reporting',
  4: 'editor',
  6: 'moderator',
  7: 'commenter',
  8: 'store manager',
  9: 'scheduling',
  10: 'viewer',
  11: 'campaigns editor',
  12: 'scheduling viewer',
  13: 'scheduling editor',
  14: 'none',
  15: 'website manager',
};
/** SPEC name of a role number, e.g. roleName(4) → 'editor'; undefined if unlisted. */
export const roleName = nameLookup(ROLE_NAMES);

// ---------------------------------------------------------------------------------------------
// Page-view event types (visitor analytics)

export const PageViewEventType = { PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 } as const;
export type PageViewEventType = (typeof PageViewEventType)[keyof typeof PageViewEventType];
export const PageViewEventTypeSchema = z.enum(PageViewEventType);

// ---------------------------------------------------------------------------------------------
// Products

export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
export const ProductTypeSchema = z.enum(ProductType);

const PRODUCT_TYPE_NAMES: Record<ProductType, string> = {
  1: 'physical',
  2: 'digital',
  3: 'service',
  4: 'gift card',
  5: 'paywall',
};
/** SPEC name of a product type number, e.g. productTypeName(4) → 'gift card'. */
export const productTypeName = nameLookup(PRODUCT_TYPE_NAMES);

/** SPEC 3: a merchant may make only physical and service products subscribable. */
export const SUBSCRIBABLE_PRODUCT_TYPES: readonly ProductType[] = Object.freeze([ProductType.PHYSICAL, ProductType.SERVICE]);

export const BillingUnit = { WEEK: 'WEEK', MONTH: 'MONTH', YEAR: 'YEAR' } as const;
export type BillingUnit = (typeof BillingUnit)[keyof typeof BillingUnit];
export const BillingUnitSchema = z.enum(BillingUnit);

/** SPEC 9: how many billing cycles of each unit make one year. */
export const BILLING_CYCLES_PER_YEAR: Readonly<Record<BillingUnit, number>> = Object.freeze({ WEEK: 52, MONTH: 12, YEAR: 1 });

/** Number of billing cycles of a unit per year (WEEK 52, MONTH 12, YEAR 1). */
export function cyclesPerYear(unit: BillingUnit): number {
  return BILLING_CYCLES_PER_YEAR[unit];
}

/** Labels shown on a product that is not plainly on sale (SPEC 3 "Product status labels seen"). */
export const ProductStatusLabel = {
  SCHEDULED: 'Scheduled',
  NEEDS_REVIEW: 'Needs Review',
  DRAFT: 'Draft',
  PRIVATE: 'Private',
} as const;
export type ProductStatusLabel = (typeof ProductStatusLabel)[keyof typeof ProductStatusLabel];
export const ProductStatusLabelSchema = z.enum(ProductStatusLabel);
