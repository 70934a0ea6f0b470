// The site theme's own commerce formatters (`site-` + the reference's name): the SPEC 2, 4, 5 and
// 9 markup and money formatting the web islands hydrate. The reference's names (commerce.ts) keep
// the reference's markup, which the islands do not know, so the default theme calls these.
import type { Ctx } from '../context.js';
import type { FormatterFn } from '../context.js';
import type { Call } from '../types.js';
import type { JsonObject } from '../values.js';
import type { Money } from '../commerce.js';
import {
  ProductType,
  effectivePrice,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  lowest,
  priceSources,
  productContent,
  productType,
  readMoneyOrCents,
  regularPrice,
  salePrice,
  storeCurrency,
  variants,
} from '../commerce.js';
import { escapeAttr, escapeHtml, getPath, isObject, toNumber, toOutput } from '../values.js';
import { QUANTITY_MAX, QUANTITY_MIN } from './commerce.js';
import { formatCurrency } from './money.js';
import { intArg, strField } from './util.js';

/** SPEC 9 default labels. */
const LABELS = {
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

function money(m: Money | null, c: Ctx, call?: Call): string {
  if (!m) return '';
  return formatCurrency(c, m.amount, m.currency, call);
}

function buttonLabel(item: unknown, fallback: string): string {
  const sc = productContent(item);
  const custom = toOutput(sc.customAddButtonText).trim();
  if (sc.useCustomAddButtonText === true && custom !== '') return custom;
  return sc.isSubscribable === true ? LABELS.subscribe : fallback;
}

function ids(item: unknown): string {
  return `data-collection-id="${escapeAttr(strField(item, 'collectionId'))}" data-item-id="${escapeAttr(strField(item, 'id'))}" data-product-type="${productType(item)}"`;
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

/** Option names in the item's order, else as first seen on the variants. */
function optionNames(item: unknown): string[] {
  const order = getPath(item, ['variantOptionOrdering']);
  if (Array.isArray(order) && order.length > 0) return order.map((x) => toOutput(x));
  const names: string[] = [];
  for (const v of variants(item)) {
    if (isObject(v.attributes)) for (const k of Object.keys(v.attributes)) if (!names.includes(k)) names.push(k);
  }
  return names;
}

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
/** SPEC 9 cycles per year. */
const CYCLES_PER_YEAR: Record<string, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** 'month' / '2 months' for a billing period. */
function plural(n: number, unit: string): string {
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** '1 year' / '5 months' for a duration. */
function count(n: number, unit: string): string {
  return `${n} ${n === 1 ? unit : `${unit}s`}`;
}

/** The cart: the value when it looks like one, else the data's top-level `cart`. */
function cartOf(v: unknown, c: Ctx): unknown {
  return isObject(v) && (v.totalQuantity !== undefined || v.subtotalCents !== undefined || Array.isArray(v.entries))
    ? v
    : c.rootPath(['cart']);
}

/** 'every month', 'every 2 weeks, for 1 year' (whole years in years unless `noYears` is given). */
function subscriptionText(item: unknown, price: string, forceUnits: boolean): string {
  const plan = getPath(productContent(item), ['subscriptionPlan']);
  const period = getPath(plan, ['billingPeriod']);
  const value = toNumber(getPath(period, ['value']));
  const unitKey = toOutput(getPath(period, ['unit'])).toUpperCase();
  const unit = UNIT_NAMES[unitKey];
  if (!unit || !Number.isInteger(value) || value <= 0 || price === '') return LABELS.unavailable;
  let text = `${price} every ${plural(value, unit)}`;
  const cycles = toNumber(getPath(plan, ['numBillingCycles']));
  if (Number.isInteger(cycles) && cycles > 0) {
    const total = cycles * value;
    const perYear = CYCLES_PER_YEAR[unitKey] ?? 1;
    text +=
      !forceUnits && unitKey !== 'YEAR' && total % perYear === 0
        ? `, for ${count(total / perYear, 'year')}`
        : `, for ${count(total, unit)}`;
  }
  return text;
}

const formatters: Record<string, FormatterFn> = {
  /** The add-to-cart button (label: custom text, 'Subscribe' for subscriptions, else 'Add To Cart'). */
  'add-to-cart-btn': (v) => {
    if (!isObject(v)) return '';
    const sc = productContent(v);
    const custom = sc.useCustomAddButtonText === true && toOutput(sc.customAddButtonText).trim() !== '';
    const label = escapeHtml(buttonLabel(v, LABELS.addToCart));
    return `<div class="sqs-add-to-cart-button-wrapper" role="button" tabindex="0"><div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button" ${ids(v)} data-use-custom-label="${custom}" data-original-label="${escapeAttr(label)}"><div class="sqs-add-to-cart-button-inner">${label}</div></div></div>`;
  },
  /** A checkout-now button for a product. */
  'product-checkout': (v) => {
    if (!isObject(v)) return '';
    const label = escapeHtml(buttonLabel(v, LABELS.buyNow));
    return `<div class="sqs-add-to-cart-button-wrapper" role="button" tabindex="0"><div class="sqs-add-to-cart-button sqs-editable-button use-native-checkout" ${ids(v)}><div class="sqs-add-to-cart-button-inner">${label}</div></div></div>`;
  },
  /** Item count of a cart (the value, else the data's `cart`), '100+' above 100 (SPEC 2). */
  'cart-quantity': (v, _call, c) => {
    const cart = cartOf(v, c);
    const n = toNumber(getPath(cart, ['totalQuantity']));
    const count = Number.isFinite(n) ? n : 0;
    return `<span class="sqs-cart-quantity">${count > 100 ? '100+' : count}</span>`;
  },
  /** A cart's subtotal in the store currency. */
  'cart-subtotal': (v, _call, c) => {
    const cart = cartOf(v, c);
    const m = readMoneyOrCents(getPath(cart, ['subtotalCents']) ?? 0, storeCurrency(c.root));
    return `<span class="sqs-cart-subtotal">${money(m, c)}</span>`;
  },
  /** The cart page's path (SPEC 2). */
  'cart-url': () => '/cart',
  /** Lowest price a shopper pays among the variants. */
  'from-price': (v, call, c) => money(lowest(priceSources(v).map((x) => effectivePrice(x, storeCurrency(c.root)))), c, call),
  /** Lowest regular (not sale) price. */
  'normal-price': (v, call, c) => money(lowest(priceSources(v).map((x) => regularPrice(x, storeCurrency(c.root)))), c, call),
  /** Lowest sale price among variants on sale ('' when none is). */
  'sale-price': (v, call, c) =>
    money(
      lowest(
        priceSources(v)
          .filter((x) => x.onSale === true)
          .map((x) => salePrice(x, storeCurrency(c.root))),
      ),
      c,
      call,
    ),
  /** Price block: 'from X' when prices vary, sale and original when on sale, else the price. */
  'product-price': (v, call, c) => {
    if (!isObject(v)) return '';
    const cur = storeCurrency(c.root);
    const sources = priceSources(v);
    const paid = lowest(sources.map((x) => effectivePrice(x, cur)));
    if (!paid) return '';
    if (productContent(v).isSubscribable === true) {
      return `<div class="product-price">${escapeHtml(subscriptionText(v, money(paid, c), false))}</div>`;
    }
    if (hasVariedPrices(v, cur)) return `<div class="product-price">from ${money(paid, c, call)}</div>`;
    const first = sources[0] as JsonObject;
    if (isOnSale(v) && first.onSale === true) {
      return `<div class="product-price"><span class="sale-price">${money(salePrice(first, cur), c, call)}</span> <span class="original-price">${money(regularPrice(first, cur), c)}</span></div>`;
    }
    return `<div class="product-price">${money(paid, c, call)}</div>`;
  },
  /** Subscription wording: '$10.00 every 2 weeks, for 1 year'; 'Unavailable' without a plan. */
  'subscription-price': (v, call, c) => {
    const paid = lowest(priceSources(v).map((x) => effectivePrice(x, storeCurrency(c.root))));
    return escapeHtml(subscriptionText(v, money(paid, c), call.args.includes('noYears')));
  },
  /** The quick-view trigger (label: first argument or 'Quick View'). */
  'product-quick-view': (v, call) => {
    if (!isObject(v)) return '';
    const label = call.args.length > 0 ? call.args.join(' ') : LABELS.quickView;
    return `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${escapeAttr(strField(v, 'id'))}">${escapeHtml(label)}</span>`;
  },
  /** Anchor of the restock form: product id and (for a single-variant product) the variant id. */
  'product-restock-notification': (v) => {
    if (!isObject(v)) return '';
    const vs = variants(v);
    const variantId = vs.length === 1 ? toOutput(vs[0]?.id) : '';
    return `<div class="product-restock-notification" data-product-id="${escapeAttr(strField(v, 'id'))}" data-variant-id="${escapeAttr(variantId)}"></div>`;
  },
  /** Low-stock notice when limited stock is between 1 and the threshold (first argument, default 5). */
  'product-scarcity': (v, call) => {
    const left = stock(v);
    const threshold = intArg(call, 0, 5);
    if (!Number.isFinite(left) || left <= 0 || left > threshold) return '';
    return `<div class="product-scarcity">Only ${left} left in stock</div>`;
  },
  /** Badge: sold out first, then sale, else nothing (SPEC 4). */
  'product-status': (v) => {
    if (isSoldOut(v)) return `<div class="product-mark sold-out">${LABELS.soldOut}</div>`;
    if (isOnSale(v)) return `<div class="product-mark sale">${LABELS.sale}</div>`;
    return '';
  },
  /**
   * Quantity input (number, 1 to 9999, step 1, default 1), left out when multiples are
   * impossible: only physical products and (if the store allows it, default yes) services take
   * a quantity; never subscriptions; not with a stock of 1 or less (SPEC 5).
   */
  'quantity-input': (v, _call, c) => {
    if (!isObject(v)) return '';
    const t = productType(v);
    const sc = productContent(v);
    if (sc.isSubscribable === true) return '';
    if (t === ProductType.SERVICE) {
      if (c.rootPath(['websiteSettings', 'storeSettings', 'multipleQuantityAllowedForServices']) === false) return '';
    } else if (t !== ProductType.PHYSICAL) return '';
    if (stock(v) <= 1) return '';
    return `<div class="product-quantity-input" data-item-id="${escapeAttr(strField(v, 'id'))}"><div class="quantity-label">${LABELS.quantity}:</div><input aria-label="${LABELS.quantity}" type="number" min="${QUANTITY_MIN}" max="${QUANTITY_MAX}" step="1" value="1"></div>`;
  },
  /** A variant's option values in order: 'Red, Large'. */
  'variant-descriptor': (v) => {
    const attrs = getPath(v, ['attributes']);
    if (!isObject(attrs)) return '';
    return Object.values(attrs)
      .map((x) => escapeHtml(toOutput(x)))
      .join(', ');
  },
  /**
   * The variant selector: per option a dropdown ('Select {option}') and radio buttons. Only for
   * more than one variant and not digital (SPEC 5).
   */
  'variants-select': (v) => {
    const vs = variants(v);
    if (vs.length <= 1 || productType(v) === ProductType.DIGITAL) return '';
    let html = `<div class="product-variants" data-item-id="${escapeAttr(strField(v, 'id'))}" data-variants="${escapeAttr(JSON.stringify(vs))}">`;
    for (const name of optionNames(v)) {
      const n = escapeAttr(name);
      const title = name === '' ? LABELS.value : name;
      const prompt = name === '' ? LABELS.selectValue : `Select ${name}`;
      html += `<div class="variant-option"><div class="variant-option-title">${escapeHtml(title)}: </div><div class="variant-select-wrapper"><select aria-label="${escapeAttr(prompt)}" data-variant-option-name="${n}"><option value="">${escapeHtml(prompt)}</option>`;
      const values = optionValues(v, name);
      for (const val of values) html += `<option value="${escapeAttr(val)}">${escapeHtml(val)}</option>`;
      html += '</select></div><div class="variant-radiobtn-wrapper">';
      for (const val of values) {
        const id = escapeAttr(`variant-option-${name}-${val}`);
        html += `<input type="radio" class="variant-radiobtn" value="${escapeAttr(val)}" name="variant-option-${n}" id="${id}"><label for="${id}">${escapeHtml(val)}</label>`;
      }
      html += '</div></div>';
    }
    return `${html}</div>`;
  },
};

/** The same formatters under their `site-` names. */
export const siteCommerceFormatters: Record<string, FormatterFn> = Object.fromEntries(
  Object.entries(formatters).map(([k, f]) => [`site-${k}`, f]),
);
