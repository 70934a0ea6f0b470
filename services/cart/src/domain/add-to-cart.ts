// SPEC 5 "Add to cart" rules (pure): the quantity, which variant the visitor means (or which
// options they have not chosen yet), gift-card denominations, and whether stock allows it.
import {
  AddToCartMessages,
  CommerceMessages,
  MAX_QUANTITY,
  MIN_QUANTITY,
  ProductType,
  SUBSCRIBABLE_PRODUCT_TYPES,
  formatMessage,
  type ProductType as ProductTypeValue,
} from '@sc/contracts';
import type { StoredVariant } from '../tables.js';

/** A rule broken: the SPEC message to show. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** SPEC 5/9: a number, whole, 1 to 9999; absent means 1. */
export function parseQuantity(raw: number | string | undefined | null): RuleResult<number> {
  if (raw === undefined || raw === null) return { ok: true, value: 1 };
  let value: number;
  if (typeof raw === 'number') {
    value = raw;
  } else {
    const text = raw.trim();
    if (!NUMERIC.test(text)) return { ok: false, message: AddToCartMessages.quantityNotNumber };
    value = Number(text);
  }
  if (!Number.isFinite(value)) return { ok: false, message: AddToCartMessages.quantityNotNumber };
  if (!Number.isInteger(value)) return { ok: false, message: AddToCartMessages.quantityNotWhole };
  if (value < MIN_QUANTITY || value > MAX_QUANTITY) return { ok: false, message: CommerceMessages.quantityOutOfRange };
  return { ok: true, value };
}

/** SPEC 5: the three phrasings of options not chosen yet. */
export function unselectedOptionsMessage(options: string[]): string {
  if (options.length === 1) return formatMessage(AddToCartMessages.selectOption, { option: options[0]! });
  if (options.length === 2) return formatMessage(AddToCartMessages.selectTwoOptions, { option1: options[0]!, option2: options[1]! });
  return formatMessage(AddToCartMessages.selectManyOptions, { optionsList: options.slice(0, -1).join(', '), lastOption: options.at(-1)! });
}

export interface ProductForSale {
  productType: number;
  variantOptionOrdering: string[];
  variants: StoredVariant[];
}

export interface VariantChoice {
  sku?: string | undefined;
  variantId?: string | undefined;
  attributes?: Record<string, string> | undefined;
}

/** The option names of a product: its ordering, else every attribute its variants use. */
function optionNames(product: ProductForSale): string[] {
  if (product.variantOptionOrdering.length > 0) return product.variantOptionOrdering;
  const names: string[] = [];
  for (const v of product.variants) for (const name of Object.keys(v.attributes)) if (!names.includes(name)) names.push(name);
  return names;
}

/** The variant the visitor chose, or the SPEC message saying what is missing or unavailable. */
export function resolveVariant(product: ProductForSale, choice: VariantChoice): RuleResult<StoredVariant> {
  const isGiftCard = product.productType === ProductType.GIFT_CARD;
  if (choice.sku || choice.variantId) {
    const found = product.variants.find((v) => (choice.variantId ? v.id === choice.variantId : v.sku === choice.sku));
    return found ? { ok: true, value: found } : { ok: false, message: AddToCartMessages.variantUnavailable };
  }
  if (isGiftCard && product.variants.length !== 1) return { ok: false, message: AddToCartMessages.giftCardDenominationRequired };
  if (product.variants.length === 1) return { ok: true, value: product.variants[0]! };
  if (product.variants.length === 0) return { ok: false, message: AddToCartMessages.variantUnavailable };
  const chosen = choice.attributes ?? {};
  const names = optionNames(product);
  const missing = names.filter((name) => !chosen[name]?.trim());
  if (missing.length > 0) return { ok: false, message: unselectedOptionsMessage(missing) };
  const found = product.variants.find((v) => names.every((name) => v.attributes[name] === chosen[name]));
  return found ? { ok: true, value: found } : { ok: false, message: AddToCartMessages.variantUnavailable };
}

/** SPEC 4: digital products and gift cards are never sold out; paywalled content has no stock either. */
export function tracksStock(productType: number): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}

/** SPEC 5: enough when unlimited, or the stock covers what is already in the cart plus this. */
export function hasEnoughStock(stock: { qty: number; unlimited: boolean } | undefined, alreadyInCart: number, requested: number): boolean {
  if (!stock) return false;
  return stock.unlimited || stock.qty >= alreadyInCart + requested;
}

/** SPEC 3: a merchant may sell only physical products and services as subscriptions. */
export function isSubscribableType(productType: number): boolean {
  return SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as ProductTypeValue);
}

/** The price a buyer pays for a variant now: the sale price when it is on sale. */
export function unitPriceOf(variant: StoredVariant): number {
  return variant.onSale && variant.salePriceCents !== null ? variant.salePriceCents : variant.priceCents;
}
