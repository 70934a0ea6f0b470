// What server-rendered pages hand to the web app's React islands. Each island has a mount element
// (`<div data-island="{name}">`, holding a no-JavaScript rendering) and its data in a JSON script
// tag (`<script type="application/json" id="{name}-data">`). The island scripts come from the Vite
// manifest entry named `src/islands/{name}.tsx` (any extension) or whose `name` is the island's.
// Every page also carries `site-context-data` (SPEC 3 "Website context read", minus who is signed
// in: pages are cached and shared, so the islands ask identity for the session themselves).
import { z } from 'zod';
import { Money } from './currencies.js';
import { SubscriptionPlan } from './content-product.js';
import { ExperimentsContext, PopupOverlay } from './content-community.js';
import { ProductTypeSchema } from './enums.js';
import { Layout } from './content.js';
import { CONTENT_LIMITS } from './content-limits.js';
import { SiteStyles } from './site-styles.js';

export const ISLANDS = [
  'product-form',
  'cart-pill',
  'installment-pill',
  'restock-form',
  'product-reviews',
  'newsletter',
  'search',
  'cart-page',
  'form',
  'donation',
  'comments',
  'like-button',
  'popup-overlay',
  'member-access',
  'lesson-tracking',
] as const;
export const IslandName = z.enum(ISLANDS);
export type IslandName = z.infer<typeof IslandName>;

/** Id of the JSON script tag holding an island's data. */
export const islandDataId = (name: IslandName | 'site-context'): string => `${name}-data`;

export const SiteContextData = z.object({
  websiteId: z.string(),
  templateId: z.string(),
  siteTitle: z.string(),
  pageType: z.number().int(),
  path: z.string(),
  collectionId: z.string().nullable(),
  itemId: z.string().nullable(),
  locale: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  country: z.string(),
  siteStatus: z.number().int(),
  cookieSettings: z.object({ bannerEnabled: z.boolean(), restrictivePolicy: z.boolean(), bannerText: z.string() }),
  betaFlags: z.object({ commerceVisitorMetrics: z.boolean(), videoPaywall: z.boolean(), productReviewsKillSwitch: z.boolean() }),
  captchaSiteKey: z.string().nullable(),
  /** SPEC 4 experiments: the flags after an INTERNAL site's session overrides (betaFlags above already carry them). */
  experiments: ExperimentsContext.optional(),
});
export type SiteContextData = z.infer<typeof SiteContextData>;

/** An image as the islands show it (a variant's own picture), with its srcset of the SPEC widths when it has a size. */
export const IslandImage = z.object({
  assetUrl: z.string(),
  altText: z.string().optional(),
  originalSize: z.string().optional(),
  srcset: z.string().optional(),
});
export type IslandImage = z.infer<typeof IslandImage>;

export const IslandVariant = z.object({
  id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  priceMoney: Money,
  salePriceMoney: Money,
  onSale: z.boolean(),
  /** Stock when the page was rendered; the live figure is the cart service's. */
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
  /** The variant's own image (structuredContent.variants[].mainImage), shown when it is chosen. */
  mainImage: IslandImage.nullable().optional(),
});
export type IslandVariant = z.infer<typeof IslandVariant>;

export const ProductFormData = z.object({
  itemId: z.string(),
  collectionId: z.string(),
  title: z.string(),
  productType: ProductTypeSchema,
  variantOptionOrdering: z.array(z.string()),
  variants: z.array(IslandVariant),
  isSubscribable: z.boolean(),
  subscriptionPlan: SubscriptionPlan.nullable(),
  giftCardDenominations: z.array(Money),
  additionalFieldsFormId: z.string().nullable(),
  /** SPEC 9 label unless the product has its own ('Add To Cart', 'Subscribe', or the custom text). */
  addButtonText: z.string(),
  /** Whether a quantity can be chosen (SPEC 5: physical; services unless the store forbids it; never subscriptions). */
  quantityAllowed: z.boolean(),
  soldOut: z.boolean(),
  expressCheckout: z.boolean(),
  currency: z.string(),
});
export type ProductFormData = z.infer<typeof ProductFormData>;

export const CartPillData = z.object({ cartUrl: z.string(), currency: z.string(), locale: z.string() });
export type CartPillData = z.infer<typeof CartPillData>;

export const InstallmentPillData = z.object({
  itemId: z.string(),
  /** The lowest price a shopper pays for the product. */
  priceMoney: Money,
  /** SPEC 9 default installment count. */
  installmentCount: z.number().int(),
  locale: z.string(),
  country: z.string(),
  /** The provider's order limits in the store currency: in range above min, up to max (SPEC 4). */
  minMoney: Money.optional(),
  maxMoney: Money.optional(),
});
export type InstallmentPillData = z.infer<typeof InstallmentPillData>;

export const RestockFormData = z.object({
  productId: z.string(),
  variants: z.array(z.object({ id: z.string(), attributes: z.record(z.string(), z.string()), soldOut: z.boolean() })),
  captchaSiteKey: z.string().nullable(),
  /** SPEC 5: the optional mailing-list checkbox, checked by default if so configured. */
  mailingList: z.object({ enabled: z.boolean(), checkedByDefault: z.boolean() }).optional(),
  /** The site's success text (SPEC 4 falls back to 'Signed up!'). */
  successText: z.string().nullable().optional(),
});
export type RestockFormData = z.infer<typeof RestockFormData>;

export const ProductReviewsData = z.object({ productId: z.string(), native: z.boolean(), imported: z.boolean() });
export type ProductReviewsData = z.infer<typeof ProductReviewsData>;

export const NewsletterData = z.object({
  title: z.string(),
  description: z.string(),
  captchaSiteKey: z.string().nullable(),
  /** The newsletter form the block signs visitors up to (the block's data.formId). */
  formId: z.string().nullable().optional(),
});
export type NewsletterData = z.infer<typeof NewsletterData>;

export const SearchData = z.object({
  query: z.string(),
  collections: z.array(z.object({ id: z.string(), title: z.string(), fullUrl: z.string() })),
});
export type SearchData = z.infer<typeof SearchData>;

export const CartPageData = z.object({
  currency: z.string(),
  locale: z.string(),
  expressCheckout: z.boolean(),
  /**
   * The installment pill under the cart's total (SPEC 5: only when every item is physical and the
   * cart is not empty): the provider's limits in minor units of the store currency; null or absent
   * when the store offers no installments.
   */
  installments: z
    .object({ installmentCount: z.number().int(), country: z.string(), minCents: z.number().int(), maxCents: z.number().int() })
    .nullable()
    .optional(),
});
export type CartPageData = z.infer<typeof CartPageData>;

/** A form block (block type 9): the form to show; the island reads its definition from forms. */
export const FormBlockData = z.object({ formId: z.string() });
export type FormBlockData = z.infer<typeof FormBlockData>;

/** A donation block (block type 52): its heading and text, and the store currency it takes. */
export const DonationData = z.object({ title: z.string(), description: z.string(), currency: z.string() });
export type DonationData = z.infer<typeof DonationData>;

/** The comment form of an item's comment area (SPEC 2): posts to content with the built-in captcha. */
export const CommentsData = z.object({
  itemId: z.string(),
  /** Where the form posts and where its captcha challenge comes from. */
  postPath: z.string(),
  challengePath: z.string(),
  captchaSiteKey: z.string().nullable(),
});
export type CommentsData = z.infer<typeof CommentsData>;

/** The like buttons of a page: the island asks content for each item's live count and the visitor's own like. */
export const LikeButtonData = z.object({ itemIds: z.array(z.string()), statePath: z.string() });
export type LikeButtonData = z.infer<typeof LikeButtonData>;

/** The popup overlay (slide type popup-overlay) with what its island needs around it. */
export const PopupOverlayData = z.object({
  websiteId: z.string(),
  popup: PopupOverlay,
  /** newsletter popups: the forms service's signup and captcha challenge. */
  subscribePath: z.string().nullable(),
  challengePath: z.string(),
});
export type PopupOverlayData = z.infer<typeof PopupOverlayData>;

/** The access-denied page (page type 106): the CTA's targets (sign-in dialog or the plans). */
export const MemberAccessData = z.object({
  memberAreaId: z.string(),
  access: z.enum(['free', 'paid']),
  signedIn: z.boolean(),
});
export type MemberAccessData = z.infer<typeof MemberAccessData>;

/**
 * The gated-content tracking events of SPEC 7, on lesson-site pages (SPEC 2): only on pages of a
 * website whose video paywall beta flag is on (render leaves the island out otherwise).
 */
export const LessonTrackingData = z.object({
  page: z.enum(['lessons', 'lesson', 'access-denied']),
  /** The event sent when the page is seen (VideoListsPageView, VideoDetailsPageView, AccessDeniedPageView). */
  pageViewEvent: z.string(),
  itemId: z.string().nullable(),
  collectionId: z.string().nullable(),
  memberAreaId: z.string().nullable(),
});
export type LessonTrackingData = z.infer<typeof LessonTrackingData>;

/** Island → the schema of its data. */
export const IslandDataSchemas = {
  'product-form': ProductFormData,
  'cart-pill': CartPillData,
  'installment-pill': InstallmentPillData,
  'restock-form': RestockFormData,
  'product-reviews': ProductReviewsData,
  newsletter: NewsletterData,
  search: SearchData,
  'cart-page': CartPageData,
  form: FormBlockData,
  donation: DonationData,
  comments: CommentsData,
  'like-button': LikeButtonData,
  'popup-overlay': PopupOverlayData,
  'member-access': MemberAccessData,
  'lesson-tracking': LessonTrackingData,
} as const satisfies Record<IslandName, z.ZodType>;
export type IslandData<N extends IslandName> = z.infer<(typeof IslandDataSchemas)[N]>;

/**
 * The page editor's draft (render's preview route): a page's layout rendered through the same
 * renderer and theme as the public page, never stored. `only` asks for just those blocks' HTML.
 */
export const PreviewBody = z
  .object({
    collectionId: z.string().min(1).max(64),
    layout: Layout,
    only: z.array(z.number().int().min(0).max(CONTENT_LIMITS.blocksPerLayout)).max(CONTENT_LIMITS.blocksPerLayout).optional(),
    /** Site styles to show instead of the saved ones (the styles panel's draft). */
    styles: SiteStyles.optional(),
  })
  .strict();
export type PreviewBody = z.infer<typeof PreviewBody>;

export const PreviewResponse = z.object({
  /** The whole page (absent when `only` was asked). */
  html: z.string().optional(),
  blocks: z.array(z.object({ index: z.number().int(), html: z.string() })).optional(),
});
export type PreviewResponse = z.infer<typeof PreviewResponse>;
