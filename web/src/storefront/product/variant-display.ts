// SPEC 2 "Product blocks: changing the variant switches the shown variant image". The image lives
// in the server-rendered page outside the island's mount, so it is changed in place (and put back
// when no variant with an image is chosen). The price line stays the server's ('from' the lowest).
import type { IslandVariant } from '@sc/contracts';

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
  const values = variant && image?.assetUrl ? [image.assetUrl, image.srcset ?? null, size?.[1] ?? null, size?.[2] ?? null, image.altText ?? original[4] ?? ''] : original;
  KEPT.forEach((name, i) => {
    const value = values[i];
    if (value === null || value === undefined) img.removeAttribute(name);
    else img.setAttribute(name, value);
  });
  if (variant && image?.assetUrl) img.dataset.variantId = variant.id;
  else delete img.dataset.variantId;
}
