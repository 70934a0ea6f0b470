// HTTP bodies of the content service: websites and site settings, collections, items (products,
// posts, events, gallery images, audio), categories, navigation and site layout, header and footer,
// multilingual settings and commerce preferences (SPEC 3, SPEC 5 "Store collection" and "Other",
// SPEC 7 content calls). Timestamps are epoch milliseconds; money is integer minor units.
import { z } from 'zod';
import { Colour, ColourValue } from './content-colour.js';
import { DEFAULT_SITE_STYLES, SiteStyles } from './site-styles.js';
import { DEFAULT_SEO_SETTINGS, SeoFields, SeoSettings, SeoSettingsPatch } from './seo.js';
import { ImageBody, ImageOut, PageUrl } from './content-image.js';
import { GallerySettingsBody } from './content-gallery.js';
import { CONTENT_LIMITS, ContentMessages } from './content-limits.js';
import { ProductInput, StructuredContent } from './content-product.js';
import { CategoryPageRenderingSchema, CategoryTypeSchema, UrlId } from './content-store.js';
import { CurrencyCode, DEFAULT_CURRENCY, Money } from './currencies.js';
import { AccountSubscriptionStateSchema, BlockTypeSchema, CollectionTypeSchema, RecordType } from './enums.js';
import { formatMessage, OwnerMessages } from './messages.js';
import { EmailPatterns } from './rules.js';

export * from './content-colour.js';
export * from './content-image.js';
export * from './content-gallery.js';
export * from './content-limits.js';
export * from './content-product.js';
export * from './content-store.js';
export * from './content-demo.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Website ids and other ids that travel in paths and headers. */
export const ContentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const OwnerEmail = z.string().trim().max(256).regex(EmailPatterns.owner, { error: OwnerMessages.invalidEmail });

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, {
    error: (issue) => formatMessage(ContentMessages.invalidTimeZone, { val: String(issue.input) }),
  });
export const LanguageTag = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en-US.');

/** A tag on an item: at most 50 characters (SPEC 9). */
export const Tag = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_LIMITS.tagLength, { error: formatMessage(ContentMessages.tagTooLong, { max: CONTENT_LIMITS.tagLength }) });
/** A category name: at most 25 characters (SPEC 9). */
export const CategoryName = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_LIMITS.categoryLength, { error: formatMessage(ContentMessages.categoryTooLong, { max: CONTENT_LIMITS.categoryLength }) });

/** A list of names where a repeat (case-insensitive) is SPEC 5 'This {tagType} already exists'. */
export function uniqueNames<T extends z.ZodType<string>>(name: T, tagType: string, max: number) {
  return z
    .array(name)
    .max(max)
    .superRefine((names, ctx) => {
      const seen = new Set<string>();
      names.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: formatMessage(OwnerMessages.tagExists, { tagType }) });
        seen.add(key);
      });
    });
}

/**
 * Any JSON value. Registered under an id so that the OpenAPI documents refer to one component for
 * it: a recursive schema inlined in a route cannot be written out otherwise.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const JsonValue: z.ZodType<JsonValue> = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.lazy(() => JsonValue)),
    z.record(
      z.string(),
      z.lazy(() => JsonValue),
    ),
  ])
  .meta({ id: 'JsonValue', description: 'Any JSON value.' });

export const BlockBody = z
  .object({
    id: z.string().max(64).optional(),
    type: BlockTypeSchema,
    data: z.record(z.string(), JsonValue).default({}),
  })
  .strict();
export type BlockBody = z.infer<typeof BlockBody>;

/** A list of blocks: at most 60 per layout (SPEC 9). */
export const Blocks = z
  .array(BlockBody)
  .max(CONTENT_LIMITS.blocksPerLayout, { error: formatMessage(ContentMessages.tooManyBlocks, { max: CONTENT_LIMITS.blocksPerLayout }) });
/**
 * A section of a layout: a run of `blocks` consecutive blocks of the layout's list, with its
 * background, width and spacing. The blocks stay one flat list (every reader of a layout keeps
 * working); sections only group them. Colours are hex so they can go into a style attribute.
 */
export const LayoutSection = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    blocks: z.number().int().min(0).max(CONTENT_LIMITS.blocksPerLayout),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{3,6}$/, 'Use a hex colour such as #f4efe6.')
      .optional(),
    backgroundImage: z.string().max(2_000).optional(),
    width: z.enum(['narrow', 'normal', 'wide', 'full']).optional(),
    spacing: z.enum(['small', 'medium', 'large']).optional(),
  })
  .strict();
export type LayoutSection = z.infer<typeof LayoutSection>;

export const Layout = z
  .object({ blocks: Blocks, sections: z.array(LayoutSection).max(CONTENT_LIMITS.blocksPerLayout).optional() })
  .strict()
  .refine((layout) => !layout.sections || layout.sections.reduce((n, s) => n + s.blocks, 0) === layout.blocks.length, {
    message: 'The sections must hold every block of the layout.',
    path: ['sections'],
  });
export type Layout = z.infer<typeof Layout>;

// ---------------------------------------------------------------------------------------------
// Websites and site settings (SPEC 3 "Other entities", SPEC 6 beta flags, SPEC 9 time)

export const DEFAULT_TIME_ZONE = 'America/New_York';

export const CookieSettings = z
  .object({
    bannerEnabled: z.boolean(),
    /** SPEC 9: under a restrictive policy the analytics cookies are cleared. */
    restrictivePolicy: z.boolean(),
    bannerText: z.string().max(1_000),
  })
  .strict();

/** SPEC 6: beta flags from the page context gate these features. */
export const BetaFlags = z
  .object({
    commerceVisitorMetrics: z.boolean(),
    videoPaywall: z.boolean(),
    /** A kill switch: when on, product reviews are never loaded. */
    productReviewsKillSwitch: z.boolean(),
  })
  .strict();

export const StoreSettings = z
  .object({
    /** SPEC 5: services allow quantities above 1 unless the store turns it off (default on). */
    allowMultipleQuantityForServices: z.boolean(),
    expressCheckout: z.boolean(),
    customCart: z.boolean(),
    nativeReviewsEnabled: z.boolean(),
    importedReviewsEnabled: z.boolean(),
    installmentsEnabled: z.boolean(),
  })
  .strict();

export const SiteSettings = z
  .object({
    currency: CurrencyCode,
    locale: LanguageTag,
    timeZone: TimeZone,
    country: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as US.'),
    cookieSettings: CookieSettings,
    siteStatus: AccountSubscriptionStateSchema,
    betaFlags: BetaFlags,
    store: StoreSettings,
    /** SPEC 4: when off, comments are off on every item whatever its comment state. */
    commentsEnabled: z.boolean(),
    captchaSiteKey: z.string().max(200).nullable(),
    colors: z
      .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]{0,39}$/), Colour)
      .refine((c) => Object.keys(c).length <= 50, 'At most 50 colours.'),
    businessEmail: OwnerEmail.nullable(),
    /** Fonts, colours, button shape and spacing of the theme (site-styles.ts). */
    styles: SiteStyles,
    /** Site description, social image, robots.txt additions and URL redirects (seo.ts). */
    seo: SeoSettings,
  })
  .strict();
export type SiteSettings = z.infer<typeof SiteSettings>;

/** SiteSettings as read (colours by shape only; they were checked when written). */
export const SiteSettingsBody = SiteSettings.extend({
  colors: z.record(z.string(), ColourValue),
  timeZone: z.string(),
  businessEmail: z.string().nullable(),
});

export const DEFAULT_SITE_SETTINGS: SiteSettings = Object.freeze({
  currency: DEFAULT_CURRENCY,
  locale: 'en-US',
  timeZone: DEFAULT_TIME_ZONE,
  country: 'US',
  cookieSettings: { bannerEnabled: false, restrictivePolicy: false, bannerText: '' },
  siteStatus: 3,
  betaFlags: { commerceVisitorMetrics: false, videoPaywall: false, productReviewsKillSwitch: false },
  store: {
    allowMultipleQuantityForServices: true,
    expressCheckout: false,
    customCart: false,
    nativeReviewsEnabled: false,
    importedReviewsEnabled: false,
    installmentsEnabled: false,
  },
  commentsEnabled: true,
  captchaSiteKey: null,
  colors: {},
  businessEmail: null,
  styles: DEFAULT_SITE_STYLES,
  seo: DEFAULT_SEO_SETTINGS,
});

/** PUT .../settings: any subset; nested groups merge field by field. */
export const UpdateSiteSettingsBody = SiteSettings.extend({
  cookieSettings: CookieSettings.partial(),
  betaFlags: BetaFlags.partial(),
  store: StoreSettings.partial(),
  seo: SeoSettingsPatch,
})
  .partial()
  .strict();
export type UpdateSiteSettingsBody = z.infer<typeof UpdateSiteSettingsBody>;

export const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Enter a domain such as shop.example.com.',
  );

export const Website = z.object({
  id: z.string(),
  title: z.string(),
  templateId: z.string(),
  domains: z.array(z.string()),
  settings: SiteSettingsBody,
  createdOn: z.number().int(),
  updatedOn: z.number().int(),
  /** The starting design it is drawn in (websites made from a design; issue 34). */
  design: z.string().optional(),
});
export type Website = z.infer<typeof Website>;

export const UpdateWebsiteBody = z
  .object({ title: z.string().trim().min(1).max(200), domains: z.array(Domain).max(20) })
  .partial()
  .strict();
export type UpdateWebsiteBody = z.infer<typeof UpdateWebsiteBody>;

/** What the gateway asks to map a Host header to a website. */
export const WebsiteByDomain = z.object({ websiteId: z.string() });

/** The storefront's view of the website (SPEC 3 "Website context read"). */
export const PublicSite = z.object({
  id: z.string(),
  title: z.string(),
  templateId: z.string(),
  settings: SiteSettingsBody.omit({ businessEmail: true }),
});

// ---------------------------------------------------------------------------------------------
// Collections

export const CollectionOrdering = z.enum(['user', 'date']);
export type CollectionOrdering = z.infer<typeof CollectionOrdering>;
/** How a generic collection presents its items. */
export const GenericCollectionKind = z.enum(['blog', 'events']);

export const CreateCollectionBody = z
  .object({
    type: CollectionTypeSchema,
    title: z.string().trim().min(1).max(200),
    navigationTitle: z.string().trim().min(1).max(200).optional(),
    urlId: UrlId.optional(),
    description: z.string().max(5_000).optional(),
    enabled: z.boolean().default(true),
    ordering: CollectionOrdering.optional(),
    /** Generic collections only: a blog (default) or an events calendar. */
    kind: GenericCollectionKind.optional(),
    layout: Layout.optional(),
  })
  .strict();
export type CreateCollectionBody = z.input<typeof CreateCollectionBody>;

export const UpdateCollectionBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    navigationTitle: z.string().trim().min(1).max(200),
    urlId: UrlId,
    description: z.string().max(5_000).nullable(),
    enabled: z.boolean(),
    ordering: CollectionOrdering,
    layout: Layout,
    /** The owner's search and social fields (issue 37). */
    seo: SeoFields,
    /**
     * The collection's updatedOn the change was made from: when the collection changed since,
     * the save is refused (409, 'You may only edit one page at a time') and nothing is written.
     */
    baseUpdatedOn: z.number().int(),
  })
  .partial()
  .strict();
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBody>;

export const Collection = z.object({
  id: z.string(),
  websiteId: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  title: z.string(),
  navigationTitle: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  /** Absent when the collection was made without one (SPEC: omitted when isSevenOne). */
  description: z.string().optional(),
  enabled: z.boolean(),
  ordering: CollectionOrdering,
  layout: Layout.nullable(),
  gallerySettings: GallerySettingsBody.nullable(),
  seo: SeoFields.optional(),
  itemCount: z.number().int(),
  createdOn: z.number().int(),
  updatedOn: z.number().int(),
});
export type Collection = z.infer<typeof Collection>;

/** A store made with its root category (POST …/stores). */
export const StoreCreated = z.object({ collection: Collection, rootCategoryId: z.string() });

// ---------------------------------------------------------------------------------------------
// Categories (nested, per collection)

export const CreateCategoryBody = z
  .object({
    displayName: CategoryName,
    /** Empty for the root category. */
    parentCategoryId: z
      .union([z.literal(''), ContentId])
      .nullable()
      .default(''),
    type: CategoryTypeSchema,
    pageRendering: CategoryPageRenderingSchema.default('LIST_VIEW'),
    displayIndex: z.number().int().min(0).max(1_000_000).default(0),
    /** Sent by the SPEC's store creation flow; must be the website of the path when present. */
    websiteId: ContentId.optional(),
    collectionId: ContentId.optional(),
  })
  .strict();
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z
  .object({
    displayName: CategoryName,
    parentCategoryId: ContentId,
    pageRendering: CategoryPageRenderingSchema,
    displayIndex: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .strict();
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const Category = z.object({
  id: z.string(),
  websiteId: z.string(),
  collectionId: z.string(),
  displayName: z.string(),
  parentCategoryId: z.string(),
  type: CategoryTypeSchema,
  pageRendering: CategoryPageRenderingSchema,
  displayIndex: z.number().int(),
  urlSlug: z.string(),
  fullUrl: z.string(),
});
export type Category = z.infer<typeof Category>;

// ---------------------------------------------------------------------------------------------
// Items (SPEC 3 "Other entities": Item, Image, Event, Comment)

/** Published, or one of the SPEC 3 status labels (Scheduled, Needs Review, Draft, Private). */
export const ItemStatus = z.enum(['published', 'scheduled', 'needs-review', 'draft', 'private']);
export type ItemStatus = z.infer<typeof ItemStatus>;
/** SPEC 3 label of a status; undefined for a plainly published item. */
export const ITEM_STATUS_LABELS: Readonly<Record<ItemStatus, string | undefined>> = Object.freeze({
  published: undefined,
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  draft: 'Draft',
  private: 'Private',
});

export const EventLocation = z
  .object({
    addressLine1: z.string().max(200).default(''),
    addressLine2: z.string().max(200).default(''),
    addressCountry: z.string().max(100).default(''),
    mapLat: z.number().min(-90).max(90).nullable().default(null),
    mapLng: z.number().min(-180).max(180).nullable().default(null),
  })
  .strict();

/**
 * An event's admission, as its page shows it and its JSON-LD offers it: the price in the store
 * currency ('0' is free), where tickets are sold (the event's own page when null), and whether
 * they are sold out.
 */
export const EventTickets = z
  .object({
    price: Money,
    url: PageUrl.nullable().default(null),
    soldOut: z.boolean().default(false),
  })
  .strict();
export type EventTickets = z.infer<typeof EventTickets>;

const itemBase = {
  title: z.string().trim().min(1).max(200),
  urlId: UrlId.optional(),
  status: ItemStatus.default('published'),
  /** When a scheduled item goes live (ISO 8601). */
  publishOn: z.iso.datetime({ offset: true }).nullable().default(null),
  body: z.string().max(200_000).default(''),
  excerpt: z.string().max(5_000).default(''),
  tags: uniqueNames(Tag, 'tag', 100).default([]),
  categories: uniqueNames(CategoryName, 'category', 100).default([]),
  starred: z.boolean().default(false),
  author: z
    .object({ displayName: z.string().trim().min(1).max(100) })
    .strict()
    .nullable()
    .default(null),
  sourceUrl: PageUrl.nullable().default(null),
  externalLink: PageUrl.nullable().default(null),
  passthrough: z.boolean().default(false),
  promotedBlockType: z.string().max(32).nullable().default(null),
  /** 1: comments on; 0: off; 2: closed (shown, no new ones). */
  commentState: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  likeCount: z.number().int().min(0).default(0),
  publicCommentCount: z.number().int().min(0).default(0),
  mainImage: ImageBody.nullable().default(null),
  /** The owner's search and social fields (title, description, image); the page's own when absent. */
  seo: SeoFields.optional(),
};

export const PostBody = z.object({ recordType: z.literal(RecordType.TEXT), ...itemBase }).strict();
export const QuoteBody = z.object({ recordType: z.literal(RecordType.QUOTE), ...itemBase }).strict();
export const LinkBody = z.object({ recordType: z.literal(RecordType.LINK), ...itemBase }).strict();
export const VideoBody = z.object({ recordType: z.literal(RecordType.VIDEO), ...itemBase }).strict();
export const GalleryImageBody = z.object({ recordType: z.literal(RecordType.IMAGE), ...itemBase, image: ImageBody }).strict();
export const AudioBody = z
  .object({
    recordType: z.literal(RecordType.AUDIO),
    ...itemBase,
    assetUrl: PageUrl,
    durationSeconds: z.number().int().min(0).max(86_400).default(0),
  })
  .strict();
export const EventBody = z
  .object({
    recordType: z.literal(RecordType.EVENT),
    ...itemBase,
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    location: EventLocation.default({ addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null }),
    /** Admission (null: the event says nothing of tickets). */
    tickets: EventTickets.nullable().default(null),
  })
  .strict();
export const ProductBody = z
  .object({
    recordType: z.literal(RecordType.STORE_ITEM),
    ...itemBase,
    structuredContent: ProductInput,
    /** Ids of the collection's categories the product is listed under. */
    categoryIds: z.array(ContentId).max(100).default([]),
    /** Product images, first is the main one. */
    images: z.array(ImageBody).max(50).default([]),
  })
  .strict();

/**
 * A lesson (record type 62) of a lessons or course collection (types 24, 25): its video (a page
 * URL: a hosted video file, or a third-party player's page such as YouTube or Vimeo) and length.
 */
export const LessonBody = z
  .object({
    recordType: z.literal(RecordType.LESSON),
    ...itemBase,
    videoUrl: PageUrl.nullable().default(null),
    durationSeconds: z.number().int().min(0).max(86_400).default(0),
  })
  .strict();

/** An item as an owner writes it (POST creates, PUT replaces); the record type picks the fields. */
export const ItemBody = z.discriminatedUnion('recordType', [
  LessonBody,
  PostBody,
  QuoteBody,
  LinkBody,
  VideoBody,
  GalleryImageBody,
  AudioBody,
  EventBody,
  ProductBody,
]);
export type ItemBody = z.input<typeof ItemBody>;
export type ParsedItemBody = z.infer<typeof ItemBody>;

export const ContentItem = z.object({
  id: z.string(),
  websiteId: z.string(),
  collectionId: z.string(),
  recordType: z.number().int(),
  title: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  status: ItemStatus,
  /** SPEC 3 status label (Scheduled, Needs Review, Draft, Private), null when published. */
  statusLabel: z.string().nullable(),
  publishOn: z.number().int().nullable(),
  addedOn: z.number().int(),
  updatedOn: z.number().int(),
  displayIndex: z.number().int(),
  body: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  starred: z.boolean(),
  author: z.object({ displayName: z.string() }).nullable(),
  sourceUrl: z.string().nullable(),
  externalLink: z.string().nullable(),
  passthrough: z.boolean(),
  promotedBlockType: z.string().nullable(),
  commentState: z.number().int(),
  likeCount: z.number().int(),
  publicCommentCount: z.number().int(),
  mainImage: ImageOut.nullable(),
  image: ImageOut.optional(),
  assetUrl: z.string().optional(),
  durationSeconds: z.number().int().optional(),
  /** Lessons: the video's URL (null when the lesson has none yet). */
  videoUrl: z.string().nullable().optional(),
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  location: EventLocation.optional(),
  tickets: z.object({ price: Money, url: z.string().nullable(), soldOut: z.boolean() }).nullable().optional(),
  structuredContent: StructuredContent.optional(),
  variantOptionOrdering: z.array(z.string()).optional(),
  categoryIds: z.array(z.string()).optional(),
  items: z.array(ImageOut).optional(),
  seo: SeoFields.optional(),
});
export type ContentItem = z.infer<typeof ContentItem>;

/** Owner and public item listings accept these filters besides the page query. */
export const ItemListQuery = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    categoryId: ContentId.optional(),
    tag: z.string().max(CONTENT_LIMITS.tagLength).optional(),
    category: z.string().max(CONTENT_LIMITS.categoryLength).optional(),
  })
  .strict();
export const OwnerItemListQuery = ItemListQuery.extend({ status: ItemStatus.optional() }).strict();

export const PageQueryStrict = z
  .object({ cursor: z.string().max(512).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

// ---------------------------------------------------------------------------------------------
// Navigation and site layout (SPEC 3 "Navigation update", SPEC 7 UpdateNavigation/GetSiteLayout)

/** The navigation the storefront treats as the main one: layout[0] of GetSiteLayout. */
export const MAIN_NAVIGATION = 'mainNav';
export const MAX_NAVIGATION_DEPTH = 3;

export interface NavigationItemBody {
  title?: string | undefined;
  collectionId?: string | undefined;
  externalLink?: string | undefined;
  memberAreaId?: string | undefined;
  items?: NavigationItemBody[] | undefined;
}
export const NavigationItemBody: z.ZodType<NavigationItemBody> = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    collectionId: ContentId.optional(),
    externalLink: PageUrl.optional(),
    memberAreaId: ContentId.optional(),
    get items(): z.ZodOptional<z.ZodArray<z.ZodType<NavigationItemBody>>> {
      return z.array(NavigationItemBody).max(100).optional();
    },
  })
  .strict()
  .refine((item) => Boolean(item.collectionId ?? item.externalLink ?? item.memberAreaId ?? item.items), {
    error: 'A navigation item needs a page, a link, a member area or child items.',
  })
  // Recursive: an id makes it one component of the OpenAPI documents (see JsonValue).
  .meta({ id: 'NavigationItemBody' });

export const UpdateNavigationBody = z
  .object({
    fieldName: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/),
    templateId: z.string().min(1).max(64),
    navigation: z.object({ items: z.array(NavigationItemBody).max(200) }).strict(),
  })
  .strict();
export type UpdateNavigationBody = z.infer<typeof UpdateNavigationBody>;

export interface NavigationLink {
  title: string;
  url: string;
  collectionId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  children: NavigationLink[];
}
export const NavigationLink: z.ZodType<NavigationLink> = z
  .object({
    title: z.string(),
    url: z.string(),
    collectionId: z.string().nullable(),
    externalLink: z.string().nullable(),
    memberAreaId: z.string().nullable(),
    get children(): z.ZodArray<z.ZodType<NavigationLink>> {
      return z.array(NavigationLink);
    },
  })
  .meta({ id: 'NavigationLink' });

export const SiteLayout = z.object({
  layout: z.array(z.object({ identifier: z.string(), templateId: z.string(), links: z.array(NavigationLink) })),
});
export type SiteLayout = z.infer<typeof SiteLayout>;

// ---------------------------------------------------------------------------------------------
// Header and footer (SPEC 3 "Header and footer settings: header, footer")

export const HeaderSettings = z
  .object({
    siteTitle: z.string().max(200),
    logo: z
      .object({ assetUrl: PageUrl, altText: z.string().max(1_000) })
      .strict()
      .nullable(),
    alignment: z.enum(['left', 'center', 'right']),
    sticky: z.boolean(),
    showCart: z.boolean(),
    showAccountLink: z.boolean(),
    showSocialLinks: z.boolean(),
    backgroundColor: Colour,
    textColor: Colour,
    blocks: Blocks,
  })
  .strict();
export const FooterSettings = z
  .object({
    text: z.string().max(5_000),
    showSocialLinks: z.boolean(),
    backgroundColor: Colour,
    textColor: Colour,
    blocks: Blocks,
  })
  .strict();
export const HeaderFooterBody = z.object({ header: HeaderSettings.partial(), footer: FooterSettings.partial() }).strict();
export type HeaderFooterBody = z.infer<typeof HeaderFooterBody>;

export const HeaderFooter = z.object({
  header: HeaderSettings.extend({
    backgroundColor: ColourValue,
    textColor: ColourValue,
    logo: z.object({ assetUrl: z.string(), altText: z.string() }).nullable(),
  }),
  footer: FooterSettings.extend({ backgroundColor: ColourValue, textColor: ColourValue }),
});
export type HeaderFooter = z.infer<typeof HeaderFooter>;

export const DEFAULT_HEADER_FOOTER: HeaderFooter = Object.freeze({
  header: {
    siteTitle: '',
    logo: null,
    alignment: 'left',
    sticky: false,
    showCart: true,
    showAccountLink: false,
    showSocialLinks: false,
    backgroundColor: '#ffffff',
    textColor: '#111111',
    blocks: [],
  },
  footer: { text: '', showSocialLinks: false, backgroundColor: '#ffffff', textColor: '#111111', blocks: [] },
});

// ---------------------------------------------------------------------------------------------
// Multilingual (SPEC 7 /api/multilingual/settings, /status, /languages, /connection)

export const MultilingualLanguage = z
  .object({
    languageCode: LanguageTag,
    isDefault: z.boolean(),
    published: z.boolean().default(false),
    /** A language the owner translates with their own code rather than the translation tool. */
    custom: z.boolean().default(false),
  })
  .strict();
export type MultilingualLanguage = z.infer<typeof MultilingualLanguage>;

export const UpdateLanguagesBody = z
  .object({
    languages: z
      .array(MultilingualLanguage)
      .min(1)
      .max(50)
      .superRefine((languages, ctx) => {
        const seen = new Set<string>();
        languages.forEach((language, index) => {
          const key = language.languageCode.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'languageCode'],
              message: formatMessage(OwnerMessages.tagExists, { tagType: 'language' }),
            });
          seen.add(key);
        });
        if (languages.filter((l) => l.isDefault).length !== 1)
          ctx.addIssue({ code: 'custom', message: ContentMessages.oneDefaultLanguage });
      }),
  })
  .strict();
export type UpdateLanguagesBody = z.infer<typeof UpdateLanguagesBody>;

const LanguageOut = z.object({ languageCode: z.string(), isDefault: z.boolean(), published: z.boolean(), custom: z.boolean() });
export const MultilingualLanguages = z.object({ languages: z.array(LanguageOut) });
export const MultilingualSettings = z.object({
  defaultLanguage: z.string(),
  languages: z.array(LanguageOut),
  urlStrategy: z.literal('subdirectory'),
  connected: z.boolean(),
  connectedOn: z.number().int().nullable(),
});
export type MultilingualSettings = z.infer<typeof MultilingualSettings>;
export const MultilingualStatus = z.object({
  status: z.enum(['CONNECTED', 'NOT_CONNECTED']),
  connected: z.boolean(),
  languageCount: z.number().int(),
  publishedLanguageCount: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Commerce preferences (SPEC 3: per-namespace object; the answer carries websiteId)

export const CommercePreferencesNamespace = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/);
export const MAX_COMMERCE_PREFERENCES_BYTES = 64 * 1024;
export const CommercePreferencesBody = z.record(z.string().max(128), JsonValue);
export const CommercePreferencesResponse = z.record(z.string(), JsonValue);

// ---------------------------------------------------------------------------------------------
// Public reads

export const ResolvedPath = z.object({
  collection: Collection,
  item: ContentItem.nullable(),
  category: Category.nullable(),
  /** The path named an item by a URL it had before a rename: where it is now (render answers 301). */
  movedTo: z.string().max(2082).optional(),
});
export type ResolvedPath = z.infer<typeof ResolvedPath>;
