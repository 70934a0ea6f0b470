// SPEC 5 "Add to cart" rules (pure), the one home of them for the cart's add, the subscription
// checkout (SPEC 7 /api/3/commerce/cart/subscription), a line's new quantity and checkout: the
// quantity, whether the product is for sale this way, which variant the visitor means (or which
// options they have not chosen yet), gift-card denominations, whether stock and the line limit
// allow it, how a line merges into a cart, and which answer (status and SPEC message) each
// refusal gets. Where Postgres must decide atomically (cart.add_entry, migration 0009) it applies
// the same conditions to the facts it read under the cart's lock and returns those facts, so
// stockVerdict() here names the outcome and refusalOf() words it.
import {
  AddToCartMessages,
  CommerceMessages,
  MAX_QUANTITY,
  parseQuantity,
  type RuleResult,
  ProductType,
  SUBSCRIBABLE_PRODUCT_TYPES,
  formatMessage,
  type ProductType as ProductTypeValue,
} from '@sc/contracts';
import type { StoredVariant } from '../tables.js';

// The quantity rule (SPEC 5/9) and RuleResult live in @sc/contracts (the storefront checks the same).
export { parseQuantity, type RuleResult } from '@sc/contracts';

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

/** What an add is for: a line of the shopper's cart, or the one line of a new subscription cart. */
export type AddPurpose = 'cart' | 'subscription';

/** A refused add: the HTTP status and the SPEC message. */
export interface AddRefusal {
  status: 400 | 404 | 409;
  message: string;
}

export type AddCheck<T> = { ok: true; value: T } | { ok: false; refusal: AddRefusal };

/** The quantity of an add (SPEC 5/9); refused with 400. */
export function checkQuantity(raw: number | string | undefined | null): AddCheck<number> {
  const quantity = parseQuantity(raw);
  return quantity.ok ? quantity : { ok: false, refusal: { status: 400, message: quantity.message } };
}

/** A product as the read model has it, as far as an add needs it. */
export interface SaleableProduct extends ProductForSale {
  deleted: boolean;
  visible: boolean;
  isSubscribable: boolean;
}

/** What the add will write: the variant and whether its stock is counted. */
export interface CheckedAdd {
  variant: StoredVariant;
  tracksStock: boolean;
}

/**
 * Whether this product may be added for this purpose, and which variant: a cart takes every
 * visible product but subscription ones (they are bought through a subscription checkout), a
 * subscription cart only a subscribable product of a subscribable type.
 */
export function checkProduct(product: SaleableProduct | undefined, purpose: AddPurpose, choice: VariantChoice): AddCheck<CheckedAdd> {
  if (!product || product.deleted || !product.visible)
    return { ok: false, refusal: { status: 404, message: CommerceMessages.productUnavailable } };
  if (purpose === 'cart' && product.isSubscribable)
    return { ok: false, refusal: { status: 400, message: CommerceMessages.subscriptionOnly } };
  if (purpose === 'subscription') {
    if (!isSubscribableType(product.productType)) return { ok: false, refusal: { status: 400, message: CommerceMessages.notSubscribable } };
    if (!product.isSubscribable) return { ok: false, refusal: { status: 400, message: CommerceMessages.notASubscription } };
  }
  // A subscription is for one plan: a variant by its SKU (or the only one); a cart also takes an id or options.
  const resolved = resolveVariant(product, purpose === 'cart' ? choice : { sku: choice.sku });
  if (!resolved.ok) return { ok: false, refusal: { status: 400, message: resolved.message } };
  return { ok: true, value: { variant: resolved.value, tracksStock: tracksStock(product.productType) } };
}

/** The facts an add is decided on, read under the cart's lock. */
export interface StockFacts {
  tracksStock: boolean;
  /** The variant's stock; undefined when it has no stock row. */
  stock: { qty: number; unlimited: boolean } | undefined;
  /** What the cart already holds of the variant, every line of it. */
  held: number;
  /** The quantity of the line the add merges into (0 when none). */
  mergeable: number;
  requested: number;
  /** True when the add merges into a line (lines with form answers never merge). */
  merges: boolean;
}

export type AddVerdict = 'added' | 'not-enough-stock' | 'line-limit';

/** SPEC 5: stock must cover what the cart holds plus this; a merged line may not pass 9999. */
export function stockVerdict(facts: StockFacts): AddVerdict {
  if (facts.tracksStock && !hasEnoughStock(facts.stock, facts.held, facts.requested)) return 'not-enough-stock';
  if (facts.merges && facts.mergeable + facts.requested > MAX_QUANTITY) return 'line-limit';
  return 'added';
}

/** The answer to a refused add: a cart says how much stock is left, a subscription that the product is unavailable. */
export function refusalOf(verdict: Exclude<AddVerdict, 'added'>, purpose: AddPurpose): AddRefusal {
  if (verdict === 'line-limit') return { status: 400, message: CommerceMessages.quantityOutOfRange };
  return purpose === 'subscription'
    ? { status: 409, message: CommerceMessages.productUnavailable }
    : { status: 409, message: AddToCartMessages.notEnoughStock };
}

/** A cart line as the merge sees it. */
export interface MergeableLine {
  id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: string;
}

/** Lines merge when they are of one item and variant and neither carries form answers. */
export function mergesWith(
  line: Pick<MergeableLine, 'product_id' | 'variant_id' | 'additional_fields'>,
  added: Pick<MergeableLine, 'product_id' | 'variant_id' | 'additional_fields'>,
): boolean {
  return (
    line.additional_fields === '' &&
    added.additional_fields === '' &&
    line.product_id === added.product_id &&
    line.variant_id === added.variant_id
  );
}

/** The cart's lines after `line` (as stored now: new, or merged with its quantity summed) was written. */
export function withLine<L extends MergeableLine>(lines: L[], line: L): L[] {
  return lines.some((l) => l.id === line.id) ? lines.map((l) => (l.id === line.id ? line : l)) : [...lines, line];
}

/** Quantities per item and variant over every line (what stock must cover at checkout). */
export function quantitiesByVariant<L extends { productId: string; variantId: string; quantity: number }>(lines: L[]): L[] {
  const byKey = new Map<string, L>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.variantId}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
}
