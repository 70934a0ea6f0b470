// SPEC 3 product rules, pure: an owner's product input becomes the structuredContent the
// storefront and the cart read. Variants get their option values in the product's option order;
// gift cards get one variant per denomination; prices must be in the store currency.
import { randomUUID } from 'node:crypto';
import {
  ContentMessages,
  fromMinorUnits,
  formatMessage,
  ImageBody,
  ProductType,
  SUBSCRIBABLE_PRODUCT_TYPES,
  type CurrencyCode,
  type Money,
  type ProductInput,
  type ProductVariant,
  type StructuredContent,
  type VariantImageInput,
} from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { z } from 'zod';

type ParsedProduct = z.infer<typeof ProductInput>;

function refuse(message: string, field: string): never {
  throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

const minor = (money: Money): bigint => BigInt(money.value);
const zero = (currency: CurrencyCode): Money => ({ value: '0', currency });

/** A price an owner sets: in the store currency, never negative (products' and events' tickets). */
export function checkCurrency(money: Money, currency: CurrencyCode, field: string): void {
  if (money.currency !== currency) refuse(formatMessage(ContentMessages.currencyMismatch, { currency }), field);
  if (minor(money) < 0n) refuse('Prices cannot be negative.', field);
}

/** Keeps the ids of variants an edit leaves in place (matched by id, else by SKU) so carts stay valid. */
function variantId(requested: string | undefined, sku: string, previous: readonly ProductVariant[]): string {
  if (requested && previous.some((v) => v.id === requested)) return requested;
  return previous.find((v) => v.sku === sku)?.id ?? randomUUID();
}

/**
 * A variant's image: one of the product's images named by its assetUrl (fields given override
 * it), or a full image of its own, which then needs what every SPEC 3 Image has.
 */
function variantImage(input: VariantImageInput | null, images: readonly ImageBody[], field: string): ImageBody | null {
  if (!input) return null;
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const own = images.find((image) => image.assetUrl === input.assetUrl);
  if (own) return { ...own, ...given };
  if (input.originalSize === undefined || input.filename === undefined) refuse(ContentMessages.variantImageIncomplete, field);
  return ImageBody.parse(given);
}

/**
 * Turns a validated product input into structuredContent; refuses what SPEC 3 does not allow.
 * `images` are the product's own images, which variants may name as theirs.
 */
export function buildStructuredContent(
  input: ParsedProduct,
  currency: CurrencyCode,
  previous: readonly ProductVariant[] = [],
  images: readonly ImageBody[] = [],
): { structuredContent: StructuredContent; variantOptionOrdering: string[] } {
  const type = input.productType;
  if (input.isSubscribable && !SUBSCRIBABLE_PRODUCT_TYPES.includes(type)) {
    refuse(ContentMessages.subscriptionNotAllowed, 'structuredContent.isSubscribable');
  }
  if (input.isSubscribable && !input.subscriptionPlan)
    refuse(ContentMessages.subscriptionPlanRequired, 'structuredContent.subscriptionPlan');
  if (input.useCustomAddButtonText && input.customAddButtonText === '') {
    refuse(ContentMessages.customButtonTextRequired, 'structuredContent.customAddButtonText');
  }

  let variants: ProductVariant[];
  let ordering = input.variantOptionOrdering;
  if (type === ProductType.GIFT_CARD) {
    if (input.variants.length > 0) refuse(ContentMessages.giftCardHasNoVariants, 'structuredContent.variants');
    if (input.giftCardDenominations.length === 0)
      refuse(ContentMessages.giftCardDenominationsRequired, 'structuredContent.giftCardDenominations');
    const seen = new Set<string>();
    variants = input.giftCardDenominations.map((money, index) => {
      checkCurrency(money, currency, `structuredContent.giftCardDenominations.${index}`);
      if (minor(money) <= 0n) refuse('A denomination must be more than zero.', `structuredContent.giftCardDenominations.${index}`);
      if (seen.has(money.value)) refuse('Each denomination can be listed once.', `structuredContent.giftCardDenominations.${index}`);
      seen.add(money.value);
      const amount = fromMinorUnits(minor(money), currency);
      const sku = `GIFT-${money.value}`;
      return {
        id: variantId(undefined, sku, previous),
        sku,
        attributes: { Amount: amount },
        optionValues: [{ optionName: 'Amount', value: amount }],
        priceMoney: money,
        salePriceMoney: zero(currency),
        onSale: false,
        price: Number(money.value),
        salePrice: 0,
        qtyInStock: 0,
        unlimited: true,
        mainImage: null,
      };
    });
    ordering = ['Amount'];
  } else {
    if (input.variants.length === 0) refuse('A product needs at least one variant with a price.', 'structuredContent.variants');
    if (input.giftCardDenominations.length > 0) refuse('Only gift cards have denominations.', 'structuredContent.giftCardDenominations');
    const noOptions = type === ProductType.DIGITAL || type === ProductType.PAYWALL;
    if (noOptions && (input.variants.length !== 1 || ordering.length > 0))
      refuse(ContentMessages.singleVariantOnly, 'structuredContent.variants');
    const optionSet = new Set(ordering);
    if (optionSet.size !== ordering.length)
      refuse(
        formatMessage(ContentMessages.variantOptionsMismatch, { options: ordering.join(', ') }),
        'structuredContent.variantOptionOrdering',
      );
    const skus = new Set<string>();
    const combinations = new Set<string>();
    variants = input.variants.map((variant, index) => {
      const field = `structuredContent.variants.${index}`;
      if (skus.has(variant.sku)) refuse(formatMessage(ContentMessages.duplicateSku, { sku: variant.sku }), `${field}.sku`);
      skus.add(variant.sku);
      const names = Object.keys(variant.attributes);
      if (names.length !== ordering.length || !names.every((name) => optionSet.has(name))) {
        refuse(formatMessage(ContentMessages.variantOptionsMismatch, { options: ordering.join(', ') || '(none)' }), `${field}.attributes`);
      }
      const combination = JSON.stringify(ordering.map((name) => variant.attributes[name]));
      if (ordering.length > 0 && combinations.has(combination)) refuse(ContentMessages.duplicateVariant, `${field}.attributes`);
      combinations.add(combination);
      checkCurrency(variant.priceMoney, currency, `${field}.priceMoney`);
      if (variant.onSale && !variant.salePriceMoney) refuse(ContentMessages.salePriceRequired, `${field}.salePriceMoney`);
      const sale = variant.salePriceMoney ?? zero(currency);
      if (variant.salePriceMoney) checkCurrency(sale, currency, `${field}.salePriceMoney`);
      if (variant.onSale && minor(sale) >= minor(variant.priceMoney)) refuse(ContentMessages.salePriceTooHigh, `${field}.salePriceMoney`);
      // Digital goods never run out (SPEC 4 "Stock and badges").
      const unlimited = type === ProductType.DIGITAL || type === ProductType.PAYWALL ? true : variant.unlimited;
      return {
        id: variantId(variant.id, variant.sku, previous),
        sku: variant.sku,
        ...(variant.gtin ? { gtin: variant.gtin } : {}),
        attributes: variant.attributes,
        optionValues: ordering.map((name) => ({ optionName: name, value: variant.attributes[name] ?? '' })),
        priceMoney: variant.priceMoney,
        salePriceMoney: sale,
        onSale: variant.onSale,
        price: Number(variant.priceMoney.value),
        salePrice: Number(sale.value),
        qtyInStock: unlimited ? 0 : variant.qtyInStock,
        unlimited,
        mainImage: variantImage(variant.mainImage, images, `${field}.mainImage`),
        ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
      };
    });
  }

  const lowest = (values: Money[]): Money =>
    values.reduce<Money | undefined>((low, m) => (low === undefined || minor(m) < minor(low) ? m : low), undefined) ?? zero(currency);
  const onSale = variants.some((v) => v.onSale);
  return {
    variantOptionOrdering: ordering,
    structuredContent: {
      productType: type,
      variants,
      isSubscribable: input.isSubscribable,
      subscriptionPlan: input.isSubscribable ? input.subscriptionPlan : null,
      priceMoney: lowest(variants.map((v) => v.priceMoney)),
      salePriceMoney: onSale ? lowest(variants.filter((v) => v.onSale).map((v) => v.salePriceMoney)) : zero(currency),
      onSale,
      additionalFieldsFormId: input.additionalFieldsFormId,
      useCustomAddButtonText: input.useCustomAddButtonText,
      customAddButtonText: input.customAddButtonText,
      giftCardDenominations: type === ProductType.GIFT_CARD ? input.giftCardDenominations : [],
    },
  };
}
