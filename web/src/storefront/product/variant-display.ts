// SPEC 2 "Product blocks: changing the variant switches the shown variant image". The image lives
// in the server-rendered page outside the island's mount, so it is changed in place (and put back
// when no variant with an image is chosen). The price line stays the server's ('from' the lowest).
import type { IslandVariant } from '@sc/contracts';

const originals = new WeakMap<Element, { src: string; srcset: string | null; alt: string }>();

function productOf(mount: HTMLElement): ParentNode {
  return mount.closest('.product-detail') ?? document;
}

/** Shows the variant's main image in the first product image; the original comes back without one. */
export function showVariantImage(mount: HTMLElement, variant: IslandVariant | undefined): void {
  const img = productOf(mount).querySelector<HTMLImageElement>('.product-images img');
  if (!img) return;
  let original = originals.get(img);
  if (!original) {
    original = { src: img.getAttribute('src') ?? '', srcset: img.getAttribute('srcset'), alt: img.alt };
    originals.set(img, original);
  }
  const image = variant?.mainImage;
  if (variant && image?.assetUrl) {
    // The server's srcset of the variant's picture (our pipeline's widths), so the page's sizes picks a file for the screen.
    if (image.srcset) img.srcset = image.srcset;
    else img.removeAttribute('srcset');
    img.src = image.assetUrl;
    img.alt = image.altText ?? original.alt;
    img.dataset.variantId = variant.id;
  } else {
    img.src = original.src;
    if (original.srcset) img.setAttribute('srcset', original.srcset);
    img.alt = original.alt;
    delete img.dataset.variantId;
  }
}
