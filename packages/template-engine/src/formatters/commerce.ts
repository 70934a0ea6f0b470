// Commerce formatters as the reference renders them (measured with the oracle): prices in cents
// (normal/sale/from-price), the product-price block with `sqs-money-native` amounts, the
// add-to-cart, quantity, variant and checkout markup with the reference's line layout, badges and
// cart numbers. The site theme's SPEC markup lives in site-commerce.ts under `site-` names.
import type { Ctx } from '../context.js';
import type { FormatterFn } from '../context.js';
import {
  ProductType,
  fromCents,
  nativeAmount,
  normalCents,
  onSale,
  pricesVary,
  productContent,
  productType,
  saleCents,
  soldOut,
  variants,
} from '../commerce.js';
import { escapeAttr, escapeHtml, getPath, isObject, isTruthy, toNum, toNumber, toOutput } from '../values.js';
import { formatMessage } from './i18n.js';
import { strField } from './util.js';

/** SPEC 9 default labels. */
export const LABELS = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  selectValue: 'Select Value',
  value: 'Value',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
  unavailable: 'Unavailable',
  buyNow: 'Buy Now',
} as const;

/**
 * SPEC 5 quantity limits. The engine depends on no package of ours, so it keeps its own copy;
 * test/unit/one-home-per-rule.test.ts holds it equal to @sc/contracts' MIN_QUANTITY/MAX_QUANTITY.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

/** A raw field of an item as the reference prints it ('' when missing). */
function raw(v: unknown, ...path: string[]): string {
  return toOutput(getPath(v, path));
}

/** Stock left across variants; Infinity when any is unlimited. */
function stock(item: unknown): number {
  let total = 0;
  for (const v of variants(item)) {
    if (v.unlimited === true) return Infinity;
    const q = toNumber(v.qtyInStock);
    if (Number.isFinite(q) && q > 0) total += q;
  }
  return total;
}

/** Values of one option in the order first seen on the variants. */
function optionValues(item: unknown, name: string): string[] {
  const values: string[] = [];
  for (const v of variants(item)) {
    const val = getPath(v, ['attributes', name]);
    if (val !== undefined && val !== null) {
      const s = toOutput(val);
      if (!values.includes(s)) values.push(s);
    }
  }
  return values;
}

/** Billing periods of a year, for the units the reference turns into years ('for 1 year'). */
const PERIODS_PER_YEAR: Record<string, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** '1 week' / '2.5 weeks': the unit's plural only when the count is not exactly 1. */
const amount = (n: number, unit: string): string => `${String(n)} ${n === 1 ? unit : `${unit}s`}`;

/**
 * A subscription's billing period after its price (' every 2 weeks for 12 weeks'), as measured:
 * the unit is the plan's unit in lower case, a period value above 1 is written out, the length
 * (value × cycles) only with a positive cycle count, and a length in weeks or months that makes
 * whole years is said in years. null when the product is not subscribable; undefined when it is
 * but has no plan with a billing period (the reference then says 'Unavailable').
 */
function subscriptionText(item: unknown): string | null | undefined {
  const sc = productContent(item);
  if (!isTruthy(sc.isSubscribable)) return null;
  const plan = sc.subscriptionPlan;
  if (!isObject(plan) || plan.billingPeriod === undefined) return undefined;
  const value = toNum(getPath(plan.billingPeriod, ['value']));
  const unitKey = toOutput(getPath(plan.billingPeriod, ['unit']));
  const unit = unitKey.toLowerCase();
  let text = value > 1 ? ` every ${String(value)} ${unit}s` : ` every ${unit}`;
  const cycles = toNum(plan.numBillingCycles);
  if (cycles > 0) {
    const total = value * cycles;
    const perYear = PERIODS_PER_YEAR[unitKey];
    text +=
      perYear !== undefined && total > 0 && total % perYear === 0
        ? ` for ${amount(total / perYear, 'year')}`
        : ` for ${amount(total, unit)}`;
  }
  return text;
}

const nativeSpan = (cents: number): string => `<span class="sqs-money-native">${nativeAmount(cents)}</span>`;
const HIDDEN = '<span class="visually-hidden v6-visually-hidden">';

function productPrice(v: unknown, c: Ctx): string {
  const sub = subscriptionText(v);
  let body: string;
  if (sub === undefined) body = `${toOutput(c.rootPath(['localizedStrings', 'productPriceUnavailable']) ?? LABELS.unavailable)}\n`;
  else if (pricesVary(v)) {
    const from = nativeSpan(fromCents(v));
    const custom = sub === null ? c.rootPath(['localizedStrings', 'productPriceFromText']) : undefined;
    body = custom === undefined ? `from ${from}${sub ?? ''}\n` : `${fromText(c, custom, from)}\n`;
  } else if (onSale(v)) {
    const s = sub ?? '';
    body = `${HIDDEN}Sale Price:</span>${nativeSpan(saleCents(v))}${s} ${HIDDEN}Original Price:</span><span class="original-price">${nativeSpan(normalCents(v))}${s}</span>\n`;
  } else body = nativeSpan(normalCents(v)) + (sub ?? '');
  return `\n\n\n<div class="product-price">\n${body}\n</div>`;
}

/** The website's own 'from' text (localizedStrings.productPriceFromText), an ICU message of the price. */
function fromText(c: Ctx, pattern: unknown, price: string): string {
  if (isObject(pattern) || Array.isArray(pattern)) return '';
  return formatMessage(c, toOutput(pattern), [price, price, '', ''], { fromPrice: price, price, billingPeriodValue: '', duration: '' });
}

/** A label the website translated (root `localizedStrings`), when it is a non-empty value. */
function localized(c: Ctx, key: string): string | undefined {
  const v = c.rootPath(['localizedStrings', key]);
  return isTruthy(v) && !isObject(v) && !Array.isArray(v) ? toOutput(v) : undefined;
}

function addToCart(v: unknown, c: Ctx): string {
  const sc = productContent(v);
  const sub = isTruthy(sc.isSubscribable);
  const label = escapeAttr(
    isTruthy(sc.useCustomAddButtonText) && isTruthy(sc.customAddButtonText)
      ? toOutput(sc.customAddButtonText)
      : sub
        ? (localized(c, 'productSubscribeText') ?? LABELS.subscribe)
        : (localized(c, 'productAddToCartText') ?? LABELS.addToCart),
  );
  // A product form (additional fields) goes with the button as JSON, and the button then says use-form.
  const form =
    isTruthy(sc.additionalFieldsForm) && isTruthy(sc.additionalFieldsFormId) ? escapeAttr(JSON.stringify(sc.additionalFieldsForm)) : null;
  return (
    '\n\n\n\n\n\n\n\n\n\n\n\n\n<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${form === null ? '' : 'use-form'}" role="button" tabindex="0" data-dynamic-strings data-collection-id="${raw(v, 'collectionId')}" data-item-id="${raw(v, 'id')}" data-product-type="${raw(v, 'structuredContent', 'productType')}" data-use-custom-label="${raw(v, 'structuredContent', 'useCustomAddButtonText')}"${sub ? ` data-is-subscription="${toOutput(sc.isSubscribable)}"` : ''} data-original-label="${label}" ${form === null ? '' : `data-form="${form}"`}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n  </div>\n</div>`
  );
}

function quantityInput(v: unknown, c: Ctx): string {
  if (!isObject(v)) return '';
  const t = productType(v);
  if (productContent(v).isSubscribable === true) return '';
  if (t === ProductType.SERVICE) {
    if (c.rootPath(['websiteSettings', 'storeSettings', 'multipleQuantityAllowedForServices']) === false) return '';
  } else if (t !== ProductType.PHYSICAL) return '';
  if (stock(v) <= 1) return '';
  // The website's translation is written as it is; in the attribute we escape it (the reference does not).
  const label = localized(c, 'productQuantityInputLabel') ?? LABELS.quantity;
  return (
    `\n\n\n<div class="product-quantity-input" data-item-id="${raw(v, 'id')}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${escapeAttr(label)}" size="4" max="${QUANTITY_MAX}" min="${QUANTITY_MIN}" value="1" type="number" step="1"></input>\n</div>`
  );
}

function variantsSelect(v: unknown, c: Ctx): string {
  const vs = variants(v);
  const sc = productContent(v);
  const order = getPath(sc, ['variantOptionOrdering']);
  if (vs.length <= 1 || !Array.isArray(order) || order.length === 0) return '';
  const sub = isTruthy(sc.isSubscribable)
    ? ` data-is-subscribable="true" data-subscription-plan="${sc.subscriptionPlan === undefined ? '' : escapeAttr(JSON.stringify(sc.subscriptionPlan))}"`
    : '';
  const selectText = c.rootPath(['localizedStrings', 'productVariantSelectText']);
  let html = `\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="${raw(v, 'id')}" data-variants="${escapeAttr(JSON.stringify(vs))}"${sub} data-animation-role="content">\n`;
  for (const o of order) {
    const name = toOutput(o);
    const n = escapeAttr(name);
    // 'Select Size', or the website's translation (an ICU message of {variantName}).
    const select = escapeAttr(
      isTruthy(selectText) && !isObject(selectText) && !Array.isArray(selectText)
        ? formatMessage(c, toOutput(selectText), [name], { variantName: name })
        : `Select ${name}`,
    );
    html += `    <div class="variant-option">\n    <div class="variant-option-title">${n}: </div>\n    <div class="variant-select-wrapper">\n`;
    html += `      <select aria-label="${select}" data-variant-option-name="${n}">\n        <option value="">${select}</option>\n        `;
    const values = optionValues(v, name);
    for (const val of values) html += `<option value="${escapeAttr(val)}">${escapeHtml(val)}</option>`;
    html += `\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="${n}">\n`;
    for (const val of values) {
      const id = escapeAttr(`variant-option-${name}-${val}`);
      html += `      <input type="radio" class="variant-radiobtn" value="${escapeAttr(val)}" name="variant-option-${n}" id="${id}"/>\n`;
      html += `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${escapeHtml(val)}</label>\n`;
    }
    html += '    </div>\n    </div>\n';
  }
  return `${html}  </div>\n`;
}

export const commerceFormatters: Record<string, FormatterFn> = {
  /** The add-to-cart button (label: custom text, 'Subscribe' for subscriptions, else 'Add To Cart'). */
  'add-to-cart-btn': (v, _call, c) => addToCart(v, c),
  /** Checkout block: the variant selector, the quantity input and the add-to-cart button. */
  'product-checkout': (v, call, c) => variantsSelect(v, c) + quantityInput(v, c) + addToCart(v, c),
  /** Item count of a cart: the sum of its entries' quantities. */
  'cart-quantity': (v) => {
    let n = 0;
    const entries = getPath(v, ['entries']);
    if (Array.isArray(entries))
      for (const e of entries) {
        const q = toNumber(getPath(e, ['quantity']));
        if (Number.isFinite(q)) n += q;
      }
    return `<span class="sqs-cart-quantity">${n}</span>`;
  },
  /** Retired by the reference: it prints this notice whatever the cart. */
  'cart-subtotal': () => 'deprecated, do not use',
  /** The cart page's path (SPEC 2). */
  'cart-url': () => '/cart',
  /** Lowest price a shopper pays among the variants, in cents. */
  'from-price': (v) => fromCents(v),
  /** Highest regular (not sale) price, in cents. */
  'normal-price': (v) => normalCents(v),
  /** Lowest sale price among variants on sale, in cents (0 when none is). */
  'sale-price': (v) => saleCents(v),
  /** Price block: 'from X' when prices vary, sale and original when on sale, else the price. */
  'product-price': (v, _call, c) => productPrice(v, c),
  /** The subscription price block (the reference leaves it empty). */
  'subscription-price': () => '\n\n\n<div class="subscription-price">\n\n</div>',
  /** The quick-view trigger; the first argument names its group. */
  'product-quick-view': (v, call, c) =>
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${strField(v, 'id')}" data-group="${call.args[0] ?? ''}">${localized(c, 'productQuickViewText') ?? LABELS.quickView}</span>`,
  /** The restock form needs store settings the reference does not take from the data: its blank lines only. */
  'product-restock-notification': () => '\n\n\n\n\n\n',
  /** The reference shows scarcity only with store settings it does not read from the data: blank. */
  'product-scarcity': () => '',
  /** Badge: sold out first, then sale, else nothing (SPEC 4). */
  'product-status': (v, _call, c) => {
    if (soldOut(v)) return `<div class="product-mark sold-out">${escapeAttr(localized(c, 'productSoldOutText') ?? LABELS.soldOut)}</div>`;
    if (onSale(v)) return `<div class="product-mark sale">${escapeAttr(localized(c, 'productSaleText') ?? LABELS.sale)}</div>`;
    return '';
  },
  /** Quantity input, for physical and service products with more than one in stock. */
  'quantity-input': (v, _call, c) => quantityInput(v, c),
  /** A variant's option values in order: 'L / Red'. */
  'variant-descriptor': (v) => {
    const ov = getPath(v, ['optionValues']);
    if (!Array.isArray(ov)) return '';
    return ov.map((o) => toOutput(getPath(o, ['value']))).join(' / ');
  },
  /** The variant selector: per option a dropdown and radio buttons (more than one variant, options ordered). */
  'variants-select': (v, _call, c) => variantsSelect(v, c),
};
