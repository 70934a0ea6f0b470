// SPEC 5 "Add to cart" rules as the product form applies them before it calls the server (which
// applies them again): which options exist and in what order, which variant a selection means,
// the messages for options not chosen yet, the quantity, when the quantity input and the variant
// picker show, and the stock check before an additional-fields form opens. Pure.
import {
  AddToCartMessages,
  CartMessages,
  ProductType,
  formatMessage,
  type IslandVariant,
  type ProductFormData,
  type StockResult,
} from '@sc/contracts';
import type { Failure } from '../lib/http.js';

export type Selection = Readonly<Record<string, string>>;

/** The option names in variantOptionOrdering, else in the order the variants first use them. */
export function optionNames(data: Pick<ProductFormData, 'variantOptionOrdering' | 'variants'>): string[] {
  if (data.variantOptionOrdering.length > 0) return data.variantOptionOrdering;
  const names: string[] = [];
  for (const v of data.variants) for (const name of Object.keys(v.attributes)) if (!names.includes(name)) names.push(name);
  return names;
}

/** An option's values in the order the variants list them. */
export function optionValues(variants: readonly IslandVariant[], name: string): string[] {
  const values: string[] = [];
  for (const v of variants) {
    const value = v.attributes[name];
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values;
}

/** SPEC 5: a variant picker only with more than one variant, and never for digital products. */
export const showsVariantPicker = (data: Pick<ProductFormData, 'variants' | 'productType'>): boolean =>
  data.variants.length > 1 && data.productType !== ProductType.DIGITAL;

/** The variant a selection names: the only one, or the one matching every option. */
export function selectedVariant(
  data: Pick<ProductFormData, 'variantOptionOrdering' | 'variants'>,
  selection: Selection,
): IslandVariant | undefined {
  if (data.variants.length === 1) return data.variants[0];
  const names = optionNames(data);
  if (names.some((name) => !selection[name])) return undefined;
  return data.variants.find((v) => names.every((name) => v.attributes[name] === selection[name]));
}

/** SPEC 5: 'Please select the {option} option.' and its two- and many-option forms. */
export function unselectedMessage(missing: readonly string[]): string {
  if (missing.length === 1) return formatMessage(AddToCartMessages.selectOption, { option: missing[0] ?? '' });
  if (missing.length === 2)
    return formatMessage(AddToCartMessages.selectTwoOptions, { option1: missing[0] ?? '', option2: missing[1] ?? '' });
  return formatMessage(AddToCartMessages.selectManyOptions, {
    optionsList: missing.slice(0, -1).join(', '),
    lastOption: missing.at(-1) ?? '',
  });
}

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

/** The variant to add, or the SPEC 5 message saying what is missing or unavailable. */
export function chooseVariant(data: ProductFormData, selection: Selection): Check<IslandVariant> {
  if (data.variants.length === 0) return { ok: false, message: AddToCartMessages.variantUnavailable };
  if (data.variants.length > 1) {
    const missing = optionNames(data).filter((name) => !selection[name]);
    if (missing.length > 0) {
      // A gift card's one option is its amount: SPEC 5 has its own words for it.
      if (data.productType === ProductType.GIFT_CARD) return { ok: false, message: AddToCartMessages.giftCardDenominationRequired };
      return { ok: false, message: unselectedMessage(missing) };
    }
  }
  const variant = selectedVariant(data, selection);
  return variant ? { ok: true, value: variant } : { ok: false, message: AddToCartMessages.variantUnavailable };
}

// The quantity rule (SPEC 5/9) is the server's own, from @sc/contracts: a number, whole, 1 to 9999.
export { parseQuantity } from '@sc/contracts';

const limitedToOne = (v: IslandVariant): boolean => !v.unlimited && v.qtyInStock <= 1;

/**
 * SPEC 5: the quantity input hides when multiples are impossible: the product does not take a
 * quantity (render's quantityAllowed: physical always; services by the store setting; never
 * subscriptions), or the stock is 1 or less (of the chosen variant, else of every variant).
 */
export function showsQuantity(data: ProductFormData, variant: IslandVariant | undefined): boolean {
  if (!data.quantityAllowed || data.isSubscribable) return false;
  if (data.productType !== ProductType.PHYSICAL && data.productType !== ProductType.SERVICE) return false;
  if (variant) return !limitedToOne(variant);
  return !data.variants.every(limitedToOne);
}

/** SPEC 5: in stock if any result is unlimited or has more than the cart already holds. */
export function inStock(result: StockResult, variantId: string, alreadyInCart: number): boolean {
  const rows = result.results.filter((r) => r.variantId === variantId);
  return rows.some((r) => r.unlimited || r.qtyInStock > alreadyInCart);
}

/** SPEC 8: what a failed add (or purchase) says. */
export function failureMessage(failure: Failure, cookiesEnabled: boolean): string {
  if (failure.crumbFail) return cookiesEnabled ? CartMessages.sessionExpired : CartMessages.enableCookies;
  if (failure.status === 429) return CartMessages.rateLimited;
  if (failure.network) return CartMessages.checkConnection;
  return failure.message || CartMessages.tryAgain;
}

/** SPEC 8 alert titles: gift cards, express checkout, else adding. */
export function alertTitle(data: Pick<ProductFormData, 'productType' | 'expressCheckout'>): string {
  if (data.productType === ProductType.GIFT_CARD) return CartMessages.unableToPurchaseGiftCardTitle;
  return data.expressCheckout ? CartMessages.unableToPurchaseItemTitle : CartMessages.unableToAddItemTitle;
}

/** The selection a shared `?variant={id}` names (every option of that variant), or none for an unknown id. */
export function selectionOf(data: Pick<ProductFormData, 'variants'>, variantId: string | null): Selection {
  const variant = variantId ? data.variants.find((v) => v.id === variantId) : undefined;
  return variant ? { ...variant.attributes } : {};
}

/** What the shopper pays for a variant, in minor units: its sale price when on sale. */
export const paidCents = (v: IslandVariant): number => Number(v.onSale ? v.salePriceMoney.value : v.priceMoney.value);
