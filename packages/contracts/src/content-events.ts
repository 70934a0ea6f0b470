// Events of the content service (subjects content.<entity>.<event>). Product events carry what the
// cart needs for its product read model (types, prices in minor units with the currency, variants
// with initial stock, subscription plan, gift-card denominations, the additional-fields form, and
// whether the storefront may sell it); every event carries the URLs the render service drops from
// its page cache. `version` grows with each change of an entity so a consumer can ignore an
// older event that arrives after a newer one.
import { z } from 'zod';
import { ImageOut } from './content-image.js';
import { Money } from './currencies.js';
import { SubscriptionPlan } from './content-product.js';
import { ProductTypeSchema } from './enums.js';

const ItemStatusValue = z.enum(['published', 'scheduled', 'needs-review', 'draft', 'private']);
const Urls = z.array(z.string());

export const ContentProductVariant = z
  .object({
    id: z.string(),
    sku: z.string(),
    attributes: z.record(z.string(), z.string()),
    optionValues: z.array(z.object({ optionName: z.string(), value: z.string() }).strict()),
    priceMoney: Money,
    salePriceMoney: Money.nullable(),
    onSale: z.boolean(),
    qtyInStock: z.number().int(),
    unlimited: z.boolean(),
    /** The variant's own image, null when it shows the product's (absent in events from before variants had one). */
    mainImage: ImageOut.nullable().optional(),
    /** Shipping weight in grams (absent: none given). */
    weightGrams: z.number().int().optional(),
  })
  .strict();

export const ContentProductUpserted = z
  .object({
    productId: z.string(),
    collectionId: z.string(),
    version: z.number().int(),
    title: z.string(),
    urlId: z.string(),
    fullUrl: z.string(),
    productType: ProductTypeSchema,
    currency: z.string(),
    status: ItemStatusValue,
    /** When a scheduled product goes live (ISO 8601), or null. */
    publishOn: z.string().nullable(),
    /** True when the storefront shows it now: published (or due) in an enabled collection. */
    visible: z.boolean(),
    variantOptionOrdering: z.array(z.string()),
    variants: z.array(ContentProductVariant),
    isSubscribable: z.boolean(),
    subscriptionPlan: SubscriptionPlan.nullable(),
    giftCardDenominations: z.array(Money),
    additionalFieldsFormId: z.string().nullable(),
    useCustomAddButtonText: z.boolean(),
    customAddButtonText: z.string(),
    /** Pages showing this product (its own page and its collection's). */
    urls: Urls,
  })
  .strict();
export type ContentProductUpserted = z.infer<typeof ContentProductUpserted>;

export const ContentProductDeleted = z
  .object({ productId: z.string(), collectionId: z.string(), version: z.number().int(), urls: Urls })
  .strict();
export type ContentProductDeleted = z.infer<typeof ContentProductDeleted>;

export const ContentItemUpserted = z
  .object({
    itemId: z.string(),
    collectionId: z.string(),
    version: z.number().int(),
    recordType: z.number().int(),
    status: ItemStatusValue,
    publishOn: z.string().nullable(),
    visible: z.boolean(),
    urls: Urls,
  })
  .strict();
export const ContentItemDeleted = z
  .object({ itemId: z.string(), collectionId: z.string(), version: z.number().int(), urls: Urls })
  .strict();

export const ContentCollectionUpserted = z
  .object({
    collectionId: z.string(),
    version: z.number().int(),
    type: z.number().int(),
    typeName: z.string(),
    title: z.string(),
    urlId: z.string(),
    enabled: z.boolean(),
    urls: Urls,
  })
  .strict();
export const ContentCollectionDeleted = z.object({ collectionId: z.string(), version: z.number().int(), urls: Urls }).strict();

export const ContentCategoryChanged = z
  .object({ categoryId: z.string(), collectionId: z.string(), parentCategoryId: z.string(), displayName: z.string(), urls: Urls })
  .strict();

export const ContentWebsiteChanged = z
  .object({
    title: z.string(),
    templateId: z.string(),
    domains: z.array(z.string()),
    previousDomains: z.array(z.string()),
    /** The owner who made the website through the API: identity makes them its admin. */
    createdBy: z.string().max(64).optional(),
    /** Deleted (hidden) or restored. */
    deleted: z.boolean().optional(),
  })
  .strict();

/** content.website.purged: a deleted website's time to be restored is over; every service deletes its rows of it. */
export const ContentWebsitePurged = z.object({}).strict();

export const ContentSettingsUpdated = z
  .object({
    /** The top-level settings that changed (currency, timeZone, store, ...). */
    changed: z.array(z.string()),
    currency: z.string(),
    locale: z.string(),
    timeZone: z.string(),
    country: z.string(),
    /** SPEC 9: analytics clears its cookies under a restrictive policy (optional: older events lack it). */
    cookieSettings: z.object({ restrictivePolicy: z.boolean() }).strict().optional(),
    /** SPEC 6 beta flags and kill switches, by name (optional: older events lack them). */
    betaFlags: z.record(z.string(), z.boolean()).optional(),
  })
  .strict();

export const ContentNavigationUpdated = z.object({ fieldName: z.string(), templateId: z.string() }).strict();
export const ContentHeaderFooterUpdated = z.object({}).strict();
export const ContentMultilingualUpdated = z.object({ languages: z.array(z.string()), connected: z.boolean() }).strict();
export const ContentCommercePreferencesUpdated = z.object({ namespace: z.string() }).strict();

/** The public comments of an item changed (one approved, hidden or deleted): its pages show another list and count. */
export const ContentCommentsChanged = z
  .object({ itemId: z.string(), collectionId: z.string(), publicCommentCount: z.number().int(), urls: Urls })
  .strict();
/** A member area was made, changed or deleted: the pages it gates (before and after) show otherwise. */
export const ContentMemberAreaChanged = z.object({ memberAreaId: z.string(), collectionIds: z.array(z.string()), urls: Urls }).strict();
/** A site user was given access to a member area, or lost it. */
export const ContentMemberAccessChanged = z
  .object({ memberAreaId: z.string(), siteUserId: z.string(), granted: z.boolean(), source: z.enum(['owner', 'order']) })
  .strict();
/** The popup overlay was saved (a new version). */
export const ContentPopupOverlayUpdated = z.object({ version: z.number().int(), enabled: z.boolean() }).strict();

/** The content subjects and their data, merged into EventSchemas. */
export const ContentEventSchemas = {
  'content.product.upserted': ContentProductUpserted,
  'content.product.deleted': ContentProductDeleted,
  'content.item.upserted': ContentItemUpserted,
  'content.item.deleted': ContentItemDeleted,
  'content.collection.upserted': ContentCollectionUpserted,
  'content.collection.deleted': ContentCollectionDeleted,
  'content.category.upserted': ContentCategoryChanged,
  'content.category.deleted': ContentCategoryChanged,
  'content.website.created': ContentWebsiteChanged,
  'content.website.updated': ContentWebsiteChanged,
  'content.website.purged': ContentWebsitePurged,
  'content.settings.updated': ContentSettingsUpdated,
  'content.navigation.updated': ContentNavigationUpdated,
  'content.header-footer.updated': ContentHeaderFooterUpdated,
  'content.multilingual.updated': ContentMultilingualUpdated,
  'content.commerce-preferences.updated': ContentCommercePreferencesUpdated,
  'content.comments.changed': ContentCommentsChanged,
  'content.member-area.upserted': ContentMemberAreaChanged,
  'content.member-area.deleted': ContentMemberAreaChanged,
  'content.member-access.changed': ContentMemberAccessChanged,
  'content.popup-overlay.updated': ContentPopupOverlayUpdated,
} as const;
