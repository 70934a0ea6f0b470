// Commerce formatters as the reference renders them (measured with the oracle): prices in cents
// (normal/sale/from-price), the product-price block with `sqs-money-native` amounts, the
// add-to-cart, quantity, variant and checkout markup with the reference's line layout, badges and
// cart numbers. The site theme's SPEC markup lives in site-commerce.ts under `site-` names.
import type { Ctx } from '../context.js';
import type { FormatterFn } from '../context.js';
import {
  ProductType, fromCents, nativeAmount, normalCents, onSale, pricesVary, productContent, productType, saleCents, soldOut, variants,
} from '../commerce.js';
import { escapeAttr, escapeHtml, getPath, isObject, toNumber, toOutput } from '../values.js';
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

/** SPEC 5 quantity limits. */
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

const UNIT_NAMES: Record<string, string> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' };
/** Cycles per year, to say '1 year' rather than '12 months'. */
const CYCLES_PER_YEAR: Record<string, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** 'month' / '2 months' for a billing period. */
function plural(n: number, unit: string): string {
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** '1 year' / '5 months' for a duration. */
function count(n: number, unit: string): string {
  return `${n} ${n === 1 ? unit : `${unit}s`}`;
}

/** ' every 2 weeks for 12 weeks' after a subscription's price ('' without a billing period). */
function subscriptionText(item: unknown): string {
  const plan = getPath(productContent(item), ['subscriptionPlan']);
  const value = toNumber(getPath(plan, ['billingPeriod', 'value']));
  const unitKey = toOutput(getPath(plan, ['billingPeriod', 'unit'])).toUpperCase();
  const unit = UNIT_NAMES[unitKey];
  if (!unit || !Number.isInteger(value) || value <= 0) return '';
  let text = ` every ${plural(value, unit)}`;
  const cycles = toNumber(getPath(plan, ['numBillingCycles']));
  if (Number.isInteger(cycles) && cycles > 0) {
    const total = cycles * value;
    const perYear = CYCLES_PER_YEAR[unitKey] ?? 1;
    text += unitKey !== 'YEAR' && total % perYear === 0 ? ` for ${count(total / perYear, 'year')}` : ` for ${count(total, unit)}`;
  }
  return text;
}

const nativeSpan = (cents: number): string => `<span class="sqs-money-native">${nativeAmount(cents)}</span>`;
const HIDDEN = '<span class="visually-hidden v6-visually-hidden">';

function productPrice(v: unknown): string {
  let body: string;
  if (pricesVary(v)) body = `from ${nativeSpan(fromCents(v))}\n`;
  else if (onSale(v)) {
    body = `${HIDDEN}Sale Price:</span>${nativeSpan(saleCents(v))} ${HIDDEN}Original Price:</span><span class="original-price">${nativeSpan(normalCents(v))}</span>\n`;
  } else {
    body = nativeSpan(normalCents(v));
    if (productContent(v).isSubscribable === true) body += escapeHtml(subscriptionText(v));
  }
  return `\n\n\n<div class="product-price">\n${body}\n</div>`;
}

function addToCart(v: unknown): string {
  const sc = productContent(v);
  const custom = sc.useCustomAddButtonText === true ? toOutput(sc.customAddButtonText) : '';
  const sub = sc.isSubscribable === true;
  const label = escapeHtml(custom !== '' ? custom : sub ? LABELS.subscribe : LABELS.addToCart);
  return (
    '\n\n\n\n\n\n\n\n\n\n\n\n\n<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary " role="button" tabindex="0" data-dynamic-strings data-collection-id="${raw(v, 'collectionId')}" data-item-id="${raw(v, 'id')}" data-product-type="${raw(v, 'structuredContent', 'productType')}" data-use-custom-label="${raw(v, 'structuredContent', 'useCustomAddButtonText')}"${sub ? ' data-is-subscription="true"' : ''} data-original-label="${label}" >\n` +
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
  return (
    `\n\n\n<div class="product-quantity-input" data-item-id="${raw(v, 'id')}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${LABELS.quantity}:</div>\n` +
    `  <input aria-label="${LABELS.quantity}" size="4" max="${QUANTITY_MAX}" min="${QUANTITY_MIN}" value="1" type="number" step="1"></input>\n</div>`
  );
}

function variantsSelect(v: unknown): string {
  const vs = variants(v);
  const order = getPath(productContent(v), ['variantOptionOrdering']);
  if (vs.length <= 1 || !Array.isArray(order) || order.length === 0) return '';
  let html = `\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="${raw(v, 'id')}" data-variants="${escapeAttr(JSON.stringify(vs))}" data-animation-role="content">\n`;
  for (const o of order) {
    const name = toOutput(o);
    const n = escapeAttr(name);
    html += `    <div class="variant-option">\n    <div class="variant-option-title">${escapeHtml(name)}: </div>\n    <div class="variant-select-wrapper">\n`;
    html += `      <select aria-label="Select ${n}" data-variant-option-name="${n}">\n        <option value="">Select ${escapeHtml(name)}</option>\n        `;
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
  'add-to-cart-btn': (v) => addToCart(v),
  /** Checkout block: the variant selector, the quantity input and the add-to-cart button. */
  'product-checkout': (v, call, c) => variantsSelect(v) + quantityInput(v, c) + addToCart(v),
  /** Item count of a cart: the sum of its entries' quantities. */
  'cart-quantity': (v) => {
    let n = 0;
    const entries = getPath(v, ['entries']);
    if (Array.isArray(entries)) for (const e of entries) {
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
  'product-price': (v) => productPrice(v),
  /** The subscription price block (the reference leaves it empty). */
  'subscription-price': () => '\n\n\n<div class="subscription-price">\n\n</div>',
  /** The quick-view trigger; the first argument names its group. */
  'product-quick-view': (v, call) =>
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${strField(v, 'id')}" data-group="${call.args[0] ?? ''}">${LABELS.quickView}</span>`,
  /** The restock form needs store settings the reference does not take from the data: blank. */
  'product-restock-notification': (v) => (v === undefined || v === null ? '\n\n\n\n\n\n' : ''),
  /** The reference shows scarcity only with store settings it does not read from the data: blank. */
  'product-scarcity': () => '',
  /** Badge: sold out first, then sale, else nothing (SPEC 4). */
  'product-status': (v) => {
    if (soldOut(v)) return `<div class="product-mark sold-out">${LABELS.soldOut}</div>`;
    if (onSale(v)) return `<div class="product-mark sale">${LABELS.sale}</div>`;
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
  'variants-select': (v) => variantsSelect(v),
};
