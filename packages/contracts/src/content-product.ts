// SPEC 3 "Product": what an owner sends for a product (types 1-5, variants, subscription plan,
// additional-fields form, custom add-button text, gift-card denominations) and the
// structuredContent the storefront and the cart read back. Money is integer minor units.
import { z } from 'zod';
import { ImageBody, ImageOut, ImageUrl } from './content-image.js';
import { Money } from './currencies.js';
import { BillingUnitSchema, ProductTypeSchema } from './enums.js';

export const MAX_VARIANTS = 250;
export const MAX_VARIANT_OPTIONS = 6;

const OptionName = z.string().trim().min(1).max(50);
const OptionValue = z.string().trim().min(1).max(100);

const image = ImageBody.shape;
/**
 * A variant's own picture. Naming one of the product's images by its assetUrl is enough (any other
 * field given overrides that image's, e.g. a variant's own altText); an image that is not one of
 * the product's needs its originalSize and filename as any SPEC 3 Image does.
 */
export const VariantImageInput = z
  .object({
    assetUrl: ImageUrl,
    originalSize: image.originalSize.optional(),
    mediaFocalPoint: image.mediaFocalPoint.unwrap().optional(),
    colorData: image.colorData.unwrap().optional(),
    systemDataVariants: image.systemDataVariants.unwrap().optional(),
    altText: image.altText.unwrap().optional(),
    title: image.title.unwrap().optional(),
    body: image.body.unwrap().optional(),
    filename: image.filename.optional(),
  })
  .strict();
export type VariantImageInput = z.input<typeof VariantImageInput>;

/** GS1's check digit: the last digit makes the weighted sum (3, 1, 3, … from the right) a multiple of 10. */
export function gtinCheckDigitValid(gtin: string): boolean {
  const digits = [...gtin].map(Number).reverse();
  return digits.reduce((sum, digit, i) => sum + digit * (i % 2 === 1 ? 3 : 1), 0) % 10 === 0;
}

export const GTIN_MESSAGE = 'A GTIN (UPC, EAN or ISBN) is 8, 12, 13 or 14 digits ending in its check digit.';

/** A variant's Global Trade Item Number (GTIN-8, UPC-A, EAN-13/ISBN-13, GTIN-14), as search engines' product data asks. */
export const Gtin = z
  .string()
  .trim()
  .regex(/^(?:\d{8}|\d{12,14})$/, GTIN_MESSAGE)
  .refine(gtinCheckDigitValid, GTIN_MESSAGE);

export const VariantInput = z
  .object({
    /** Kept when an owner edits a product, so carts keep pointing at the same variant. */
    id: z.string().min(1).max(64).optional(),
    sku: z.string().trim().min(1).max(64),
    /** Its GTIN, when it has one (null or absent: none). */
    gtin: Gtin.nullable().optional(),
    attributes: z.record(OptionName, OptionValue).default({}),
    priceMoney: Money,
    salePriceMoney: Money.optional(),
    onSale: z.boolean().default(false),
    /** Initial stock; live stock belongs to the cart service. */
    qtyInStock: z.number().int().min(0).max(1_000_000).default(0),
    unlimited: z.boolean().default(false),
    /** The variant's own image (shown when a shopper picks it), or null to show the product's. */
    mainImage: VariantImageInput.nullable().default(null),
    /** Shipping weight in grams (weight-based shipping rates); absent: weighs nothing. */
    weightGrams: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict();
export type VariantInput = z.input<typeof VariantInput>;

export const SubscriptionPlan = z
  .object({
    billingPeriod: z.object({ value: z.number().int().min(1).max(52), unit: BillingUnitSchema }).strict(),
    /** 0 means the subscription runs until cancelled. */
    numBillingCycles: z.number().int().min(0).max(520),
  })
  .strict();
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const ProductInput = z
  .object({
    productType: ProductTypeSchema,
    variants: z.array(VariantInput).max(MAX_VARIANTS).default([]),
    variantOptionOrdering: z.array(OptionName).max(MAX_VARIANT_OPTIONS).default([]),
    isSubscribable: z.boolean().default(false),
    subscriptionPlan: SubscriptionPlan.nullable().default(null),
    additionalFieldsFormId: z.string().min(1).max(64).nullable().default(null),
    useCustomAddButtonText: z.boolean().default(false),
    customAddButtonText: z.string().trim().max(60).default(''),
    /** Gift cards only: the amounts a buyer picks from; their variants are made from these. */
    giftCardDenominations: z.array(Money).max(20).default([]),
  })
  .strict();
export type ProductInput = z.input<typeof ProductInput>;

export const OptionValueBody = z.object({ optionName: z.string(), value: z.string() });

export const ProductVariant = z.object({
  id: z.string(),
  sku: z.string(),
  /** Present only when the owner gave one. */
  gtin: z.string().optional(),
  attributes: z.record(z.string(), z.string()),
  optionValues: z.array(OptionValueBody),
  priceMoney: Money,
  salePriceMoney: Money,
  onSale: z.boolean(),
  /** Minor units, as older storefront code reads them. */
  price: z.number().int(),
  salePrice: z.number().int(),
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
  /**
   * The variant's own image (SPEC 3 Image), null when it shows the product's. Content always
   * answers it (null for items written before variants had images); it is optional here only so
   * that variant objects built elsewhere before it existed still type-check.
   */
  mainImage: ImageOut.nullable().optional(),
  /** Shipping weight in grams, when the owner gave one. */
  weightGrams: z.number().int().optional(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

export const StructuredContent = z.object({
  productType: ProductTypeSchema,
  variants: z.array(ProductVariant),
  isSubscribable: z.boolean(),
  subscriptionPlan: SubscriptionPlan.nullable(),
  /** The lowest regular price and the lowest sale price among the variants on sale. */
  priceMoney: Money,
  salePriceMoney: Money,
  onSale: z.boolean(),
  additionalFieldsFormId: z.string().nullable(),
  useCustomAddButtonText: z.boolean(),
  customAddButtonText: z.string(),
  giftCardDenominations: z.array(Money),
});
export type StructuredContent = z.infer<typeof StructuredContent>;
