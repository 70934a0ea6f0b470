// A product as the editor holds it (every field as typed) and the body it saves: prices parsed in
// the store's currency, refusals as the text to show, options and variants only where the product
// type has them.
import {
  ContentMessages,
  ProductType,
  SUBSCRIBABLE_PRODUCT_TYPES,
  type BillingUnit,
  type ContentItem,
  type CurrencyCode,
  type ImageBody,
  type ItemBody,
  type ItemStatus,
  type SeoFields,
} from '@sc/contracts';
import { decimalOf, moneyOf, parseAmount } from '../money.js';
import { syncVariants, type OptionDraft, type VariantDraft } from './variants.js';

/** Subscriptions, the add-to-cart button's text and the additional-fields form. */
export interface Selling {
  isSubscribable: boolean;
  billingValue: string;
  billingUnit: BillingUnit;
  cycles: string;
  useCustomButton: boolean;
  customButton: string;
  formId: string;
}

export interface ProductDraft {
  title: string;
  status: ItemStatus;
  productType: number;
  body: string;
  excerpt: string;
  tags: string[];
  categoryIds: string[];
  images: ImageBody[];
  options: OptionDraft[];
  variants: VariantDraft[];
  denominations: string;
  selling: Selling;
  /** Search and social fields, and the URL slug (issue 37). */
  seo: SeoFields;
  urlId: string;
}

function optionsOf(item: ContentItem | undefined): OptionDraft[] {
  const order = item?.variantOptionOrdering ?? [];
  const variants = item?.structuredContent?.variants ?? [];
  return order.map((name) => ({
    name,
    values: [...new Set(variants.map((v) => v.attributes[name]).filter((v): v is string => Boolean(v)))],
  }));
}

function variantsOf(item: ContentItem | undefined, currency: CurrencyCode): VariantDraft[] {
  return (item?.structuredContent?.variants ?? []).map((v) => ({
    id: v.id,
    sku: v.sku,
    gtin: v.gtin ?? '',
    attributes: v.attributes,
    price: decimalOf(v.priceMoney.value, currency),
    salePrice: v.onSale || v.salePriceMoney.value !== '0' ? decimalOf(v.salePriceMoney.value, currency) : '',
    onSale: v.onSale,
    qtyInStock: String(v.qtyInStock),
    unlimited: v.unlimited,
    weight: v.weightGrams === undefined ? '' : String(v.weightGrams),
  }));
}

/** The draft of a stored product (none: a new physical product with one default variant). */
export function productDraftOf(item: ContentItem | undefined, currency: CurrencyCode): ProductDraft {
  const sc = item?.structuredContent;
  return {
    title: item?.title ?? '',
    status: item?.status ?? 'published',
    productType: sc?.productType ?? ProductType.PHYSICAL,
    body: item?.body ?? '',
    excerpt: item?.excerpt ?? '',
    tags: item?.tags ?? [],
    categoryIds: item?.categoryIds ?? [],
    images: item?.items ?? (item?.mainImage ? [item.mainImage] : []),
    options: optionsOf(item),
    variants: item ? variantsOf(item, currency) : syncVariants([], [], ''),
    denominations: (sc?.giftCardDenominations ?? []).map((m) => decimalOf(m.value, currency)).join(', '),
    seo: item?.seo ?? {},
    urlId: item?.urlId ?? '',
    selling: {
      isSubscribable: sc?.isSubscribable ?? false,
      billingValue: String(sc?.subscriptionPlan?.billingPeriod.value ?? 1),
      billingUnit: sc?.subscriptionPlan?.billingPeriod.unit ?? 'MONTH',
      cycles: String(sc?.subscriptionPlan?.numBillingCycles ?? 0),
      useCustomButton: sc?.useCustomAddButtonText ?? false,
      customButton: sc?.customAddButtonText ?? '',
      formId: sc?.additionalFieldsFormId ?? '',
    },
  };
}

/** The stock typed for a variant, as a count. */
export const stockOf = (v: VariantDraft): number => Math.max(0, Number.parseInt(v.qtyInStock, 10) || 0);

/** The weight typed for a variant, in grams (undefined: none given). */
export const weightOf = (v: VariantDraft): number | undefined =>
  v.weight.trim() === '' ? undefined : Number.parseInt(v.weight.trim(), 10);

/** The body to save, or the text of what is wrong. */
export function productBody(draft: ProductDraft, currency: CurrencyCode): ItemBody | string {
  const { productType, variants, denominations, options, selling } = draft;
  const isGiftCard = productType === ProductType.GIFT_CARD;
  const isDigital = productType === ProductType.DIGITAL;
  const amounts: { sku: string; price: number; sale?: number }[] = [];
  for (const v of isGiftCard ? [] : variants) {
    const price = parseAmount(v.price, currency);
    if (price === undefined) return `Enter the price of ${v.sku || 'each variant'} as an amount such as 12.50.`;
    const sale = v.salePrice.trim() ? parseAmount(v.salePrice, currency) : undefined;
    if (v.salePrice.trim() && sale === undefined) return `Enter the sale price of ${v.sku} as an amount such as 9.50.`;
    if (v.onSale && sale === undefined) return ContentMessages.salePriceRequired;
    if (v.weight.trim() !== '' && !/^\d{1,8}$/.test(v.weight.trim())) return `Enter the weight of ${v.sku} in grams, e.g. 450.`;
    amounts.push({ sku: v.sku, price, ...(sale !== undefined ? { sale } : {}) });
  }
  const giftAmounts = isGiftCard
    ? denominations
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
    : [];
  const parsedGift = giftAmounts.map((d) => parseAmount(d, currency));
  if (parsedGift.some((d) => d === undefined)) return 'Enter the gift card amounts as numbers separated by commas, e.g. 25, 50.';
  if (isGiftCard && parsedGift.length === 0) return ContentMessages.giftCardDenominationsRequired;
  const subscribable = SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as 1) && selling.isSubscribable;
  return {
    recordType: 11,
    title: draft.title.trim(),
    status: draft.status,
    body: draft.body,
    excerpt: draft.excerpt,
    seo: draft.seo,
    ...(draft.urlId.trim() ? { urlId: draft.urlId.trim() } : {}),
    tags: draft.tags,
    categoryIds: draft.categoryIds,
    images: draft.images,
    structuredContent: {
      productType: productType as 1,
      variantOptionOrdering: isGiftCard || isDigital ? [] : options.map((o) => o.name.trim()).filter(Boolean),
      variants: isGiftCard
        ? []
        : variants.map((v, i) => ({
            ...(v.id ? { id: v.id } : {}),
            sku: v.sku.trim(),
            gtin: v.gtin.trim() || null,
            attributes: isDigital ? {} : v.attributes,
            priceMoney: moneyOf(amounts[i]?.price ?? 0, currency),
            ...(amounts[i]?.sale !== undefined ? { salePriceMoney: moneyOf(amounts[i]?.sale ?? 0, currency) } : {}),
            onSale: v.onSale,
            qtyInStock: stockOf(v),
            unlimited: v.unlimited,
            ...(weightOf(v) !== undefined ? { weightGrams: weightOf(v) } : {}),
          })),
      isSubscribable: subscribable,
      subscriptionPlan: subscribable
        ? {
            billingPeriod: { value: Number(selling.billingValue) || 1, unit: selling.billingUnit },
            numBillingCycles: Number(selling.cycles) || 0,
          }
        : null,
      additionalFieldsFormId: selling.formId || null,
      useCustomAddButtonText: selling.useCustomButton,
      customAddButtonText: selling.customButton,
      giftCardDenominations: parsedGift.map((d) => moneyOf(d ?? 0, currency)),
    },
  };
}
