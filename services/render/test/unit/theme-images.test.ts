// Issue 22 in the theme's markup beyond the demo: an editor's image block of one of our uploads
// offers the SPEC widths (srcset, sizes) and its width and height, and the images the theme crops
// (object-fit: cover in product cards and galleries) keep the owner's focal point in view.
import { describe, expect, it } from '@jest/globals';
import { editorBlockView } from '../../src/pages/block-views.js';
import { Theme } from '../../src/theme/theme.js';

const STORED = '/api/content-service/public/1.0/assets/demo/AbCdEfGhIjKlMnOpQrStUv.jpg';
const theme = Theme.load();

/** The first <img> tag of some HTML, as an attribute map. */
function firstImage(html: string): Record<string, string> {
  const tag = /<img\b([^>]*)>/.exec(html)?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? '']));
}

const imageBlock = (data: Record<string, unknown>, firstPictures = false) =>
  firstImage(
    theme.renderPartial(
      'page',
      'layout-block.block',
      {},
      { index: 0, type: 5, typeName: 'image', data, ...editorBlockView('image', data), ...(firstPictures ? { firstPictures } : {}) },
    ).html,
  );

describe('image blocks', () => {
  it('offer one of our uploads at the SPEC widths up to its size, with its width and height', () => {
    const img = imageBlock({ src: STORED, alt: 'The bench', focalX: 0.25, focalY: 0.75, originalSize: '1600x1200' });
    expect(img.src).toBe(`${STORED}?format=1000w`);
    expect(img.srcset!.split(', ')).toEqual([100, 300, 500, 750, 1000, 1500].map((w) => `${STORED}?format=${w}w ${w}w`));
    expect(img.sizes).toBe('(max-width: 1440px) 100vw, 1440px');
    expect([img.width, img.height, img.loading, img.style]).toEqual(['1600', '1200', 'lazy', 'object-position: 25% 75%']);
  });

  it("load at once when they are the page's first pictures (page-context marks that block), lazily otherwise", () => {
    expect(imageBlock({ src: STORED, alt: '' }, true).loading).toBeUndefined();
    expect(imageBlock({ src: STORED, alt: '' }).loading).toBe('lazy');
  });

  it('offer every SPEC width when the size is unknown, on another origin too; an outside picture stays as it is', () => {
    const img = imageBlock({ src: `https://shop.example.com${STORED}`, alt: '' });
    expect(img.srcset!.split(', ')).toHaveLength(7);
    expect(img.width).toBeUndefined();
    const outside = imageBlock({ src: 'https://images.example.org/bench.jpg', alt: '', originalSize: '800x600' });
    expect([outside.src, outside.srcset, outside.width, outside.height]).toEqual([
      'https://images.example.org/bench.jpg',
      undefined,
      '800',
      '600',
    ]);
  });
});

describe('cropped images', () => {
  const image = { assetUrl: STORED, originalSize: '1600x1200', altText: 'A tote', mediaFocalPoint: { x: 0.2, y: 0.9 } };

  it('product cards and gallery items keep the focal point in view', () => {
    const card = firstImage(
      theme.renderPartial('products.list', 'product-card.block', {}, { id: 'p1', title: 'Tote', fullUrl: '/shop/tote', mainImage: image })
        .html,
    );
    expect(card.style).toBe('object-position: 20% 90%');
    const gallery = theme.renderPartial(
      'page',
      'layout-block.block',
      {},
      { index: 0, type: 8, typeName: 'gallery', data: {}, items: [{ id: 'g1', title: 'Bench', image }] },
    ).html;
    expect(firstImage(gallery).style).toBe('object-position: 20% 90%');
  });
});
