// What server-rendered pages hand to the web app's React islands. Each island has a mount element
// (`<div data-island="{name}">`, holding a no-JavaScript rendering) and its data in a JSON script
// tag (`<script type="application/json" id="{name}-data">`). The island scripts come from the Vite
// manifest entry named `src/islands/{name}.tsx` (any extension) or whose `name` is the island's.
// Every page also carries `site-context-data` (SPEC 3 "Website context read", minus who is signed
// in: pages are cached and shared, so the islands ask identity for the session themselves).
import { z } from 'zod';
import { Money } from './currencies.js';
import { SubscriptionPlan } from './content-product.js';
import { ProductTypeSchema } from './enums.js';

export const ISLANDS = [
  'product-form',
  'cart-pill',
  'installment-pill',
  'restock-form',
  'product-reviews',
  'newsletter',
  'search',
  'cart-page',
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
});
export type SiteContextData = z.infer<typeof SiteContextData>;

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
});
export type InstallmentPillData = z.infer<typeof InstallmentPillData>;

export const RestockFormData = z.object({
  productId: z.string(),
  variants: z.array(z.object({ id: z.string(), attributes: z.record(z.string(), z.string()), soldOut: z.boolean() })),
  captchaSiteKey: z.string().nullable(),
});
export type RestockFormData = z.infer<typeof RestockFormData>;

export const ProductReviewsData = z.object({ productId: z.string(), native: z.boolean(), imported: z.boolean() });
export type ProductReviewsData = z.infer<typeof ProductReviewsData>;

export const NewsletterData = z.object({ title: z.string(), description: z.string(), captchaSiteKey: z.string().nullable() });
export type NewsletterData = z.infer<typeof NewsletterData>;

export const SearchData = z.object({ query: z.string(), collections: z.array(z.object({ id: z.string(), title: z.string(), fullUrl: z.string() })) });
export type SearchData = z.infer<typeof SearchData>;

export const CartPageData = z.object({ currency: z.string(), locale: z.string(), expressCheckout: z.boolean() });
export type CartPageData = z.infer<typeof CartPageData>;

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
} as const satisfies Record<IslandName, z.ZodType>;
export type IslandData<N extends IslandName> = z.infer<(typeof IslandDataSchemas)[N]>;
