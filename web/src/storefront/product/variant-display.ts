// SPEC 2 "Product blocks: changing the variant switches the shown variant image". The image lives
// in the server-rendered page outside the island's mount, so it is changed in place (and put back
// when no variant with an image is chosen). The price line, the badge and the SKU follow the
// chosen variant the same way. Loaded with the shopper's first choice.
import { formatMinorUnits, isCurrencyCode, type IslandVariant, type ProductFormData } from '@sc/contracts';

/** The attributes a variant's picture changes, and the product's own values of them. */
const KEPT = ['src', 'srcset', 'width', 'height', 'alt'] as const;
const originals = new WeakMap<Element, Array<string | null>>();

function productOf(mount: HTMLElement): ParentNode {
  return mount.closest('.product-detail') ?? document;
}

/**
 * Shows the variant's main image in the first product image: the server's srcset of it (our
 * pipeline's widths, so the page's sizes picks a file for the screen) and its own width and height
 * (its shape may differ: the box is right before it arrives). The original comes back without one.
 */
export function showVariantImage(mount: HTMLElement, variant: IslandVariant | undefined): void {
  const img = productOf(mount).querySelector<HTMLImageElement>('.product-images img');
  if (!img) return;
  let original = originals.get(img);
  if (!original) {
    original = KEPT.map((name) => img.getAttribute(name));
    originals.set(img, original);
  }
  const image = variant?.mainImage;
  const size = /^(\d+)x(\d+)$/.exec(image?.originalSize ?? '');
  const values =
    variant && image?.assetUrl
      ? [image.assetUrl, image.srcset ?? null, size?.[1] ?? null, size?.[2] ?? null, image.altText ?? original[4] ?? '']
      : original;
  KEPT.forEach((name, i) => {
    const value = values[i];
    if (value === null || value === undefined) img.removeAttribute(name);
    else img.setAttribute(name, value);
  });
  if (variant && image?.assetUrl) img.dataset.variantId = variant.id;
  else delete img.dataset.variantId;
}

const originalPrices = new WeakMap<Element, string>();

/**
 * The price line follows the chosen variant: its sale and original prices when on sale, else its
 * price, in place of the server's 'from' the lowest; the server's line comes back without one.
 * Subscriptions keep their wording (one price, every variant).
 */
export function showVariantPrice(mount: HTMLElement, variant: IslandVariant | undefined, currency: string, subscription: boolean): void {
  const line = productOf(mount).querySelector<HTMLElement>('.product-price');
  if (!line || subscription || !isCurrencyCode(currency)) return;
  if (!originalPrices.has(line)) originalPrices.set(line, line.innerHTML);
  if (!variant) {
    line.innerHTML = originalPrices.get(line) ?? '';
    delete line.dataset.variantId;
    return;
  }
  const format = (value: string) => formatMinorUnits(Number(value), currency);
  if (variant.onSale) {
    const sale = document.createElement('span');
    sale.className = 'sale-price';
    sale.textContent = format(variant.salePriceMoney.value);
    const original = document.createElement('span');
    original.className = 'original-price';
    original.textContent = format(variant.priceMoney.value);
    line.replaceChildren(sale, ' ', original);
  } else {
    line.textContent = format(variant.priceMoney.value);
  }
  line.dataset.variantId = variant.id;
}

/** Hidden whatever display the theme gives badges (its rule would outrank the attribute's). */
function hide(element: HTMLElement, hidden: boolean): void {
  element.hidden = hidden;
  element.style.display = hidden ? 'none' : '';
}

/** SPEC 4's badge for one variant: sold out first, then sale, else none. */
export function variantMark(v: IslandVariant): 'sold out' | 'sale' | null {
  if (!v.unlimited && v.qtyInStock <= 0) return 'sold out';
  return v.onSale ? 'sale' : null;
}

const originalMarks = new WeakMap<Element, { className: string; text: string; hidden: boolean }>();

/** SPEC 4's badge (sold out, then sale) for the chosen variant; the product's without one. */
export function showVariantMark(mount: HTMLElement, variant: IslandVariant | undefined): void {
  const product = productOf(mount);
  let mark = product.querySelector<HTMLElement>('.product-mark');
  if (!mark) {
    const price = product.querySelector('.product-price');
    if (!price || !variant) return;
    mark = document.createElement('div');
    mark.className = 'product-mark';
    hide(mark, true);
    price.before(mark);
  }
  if (!originalMarks.has(mark)) originalMarks.set(mark, { className: mark.className, text: mark.textContent ?? '', hidden: mark.hidden });
  const original = originalMarks.get(mark);
  const chosen = variant ? variantMark(variant) : undefined;
  if (chosen === undefined) {
    mark.className = original?.className ?? 'product-mark';
    mark.textContent = original?.text ?? '';
    hide(mark, original?.hidden ?? false);
    return;
  }
  hide(mark, chosen === null);
  mark.className = chosen === null ? 'product-mark' : `product-mark ${chosen === 'sold out' ? 'sold-out' : 'sale'}`;
  mark.textContent = chosen ?? '';
}

/** The chosen variant's SKU under the price line (none without a choice). */
export function showVariantSku(mount: HTMLElement, variant: IslandVariant | undefined): void {
  const product = productOf(mount);
  let line = product.querySelector<HTMLElement>('.product-sku');
  if (!variant) {
    line?.remove();
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.className = 'product-sku';
    product.querySelector('.product-price')?.after(line);
  }
  line.textContent = `SKU: ${variant.sku}`;
}

/** A page address with `?variant=` set to the chosen variant, or taken off without one; other parameters kept. */
export function withVariantParam(href: string, variantId: string | null): string {
  const url = new URL(href);
  if (variantId) url.searchParams.set('variant', variantId);
  else url.searchParams.delete('variant');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address remembers the choice (replaced, not pushed: Back leaves the page, as before). */
export function rememberVariant(variant: IslandVariant | undefined): void {
  const next = withVariantParam(location.href, variant?.id ?? null);
  if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
}

/** Everything on the page that follows the variant: `variant` is the one the form resolves (the only one too), `chosen` one picked among several. */
export function showVariant(
  mount: HTMLElement,
  variant: IslandVariant | undefined,
  chosen: IslandVariant | undefined,
  data: Pick<ProductFormData, 'currency' | 'isSubscribable'>,
): void {
  showVariantImage(mount, variant);
  showVariantPrice(mount, chosen, data.currency, data.isSubscribable);
  showVariantMark(mount, chosen);
  showVariantSku(mount, chosen);
  showVariantScarcity(mount, chosen);
  rememberVariant(chosen);
}

const originalScarcity = new WeakMap<Element, string | null>();

/**
 * The low-stock notice (SPEC 2 'Only N left in stock', 1 to 5 left) of the chosen variant; the
 * server's (of every variant) without one. It sits outside the form's mount, so hydrating the form
 * keeps the server's.
 */
export function showVariantScarcity(mount: HTMLElement, variant: IslandVariant | undefined): void {
  let notice = productOf(mount).querySelector<HTMLElement>('.product-scarcity');
  if (!notice) {
    if (!variant) return;
    notice = document.createElement('div');
    notice.className = 'product-scarcity';
    mount.after(notice);
    originalScarcity.set(notice, null);
  }
  if (!originalScarcity.has(notice)) originalScarcity.set(notice, notice.textContent);
  const original = originalScarcity.get(notice) ?? null;
  const left = variant && !variant.unlimited && variant.qtyInStock >= 1 && variant.qtyInStock <= 5 ? variant.qtyInStock : null;
  const text = variant ? (left === null ? null : `Only ${left} left in stock`) : original;
  notice.textContent = text ?? '';
  hide(notice, text === null);
}
