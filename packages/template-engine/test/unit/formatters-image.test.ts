import { describe, expect, it } from '@jest/globals';
import { MSG_INVALID_SOURCE_PARAMETER } from '../../src/errors.js';
import { out, run } from './helpers.js';

const img = {
  assetUrl: 'https://img.test/a.jpg',
  originalSize: '1200x800',
  mediaFocalPoint: { x: 0.25, y: 0.75 },
  altText: 'A "cat"',
  colorData: {
    topLeftAverage: 'ffffff',
    topRightAverage: '000000',
    bottomLeftAverage: 'ABCDEF',
    bottomRightAverage: '123456',
    centerAverage: '808080',
  },
};
const META =
  'data-src="https://img.test/a.jpg" data-image="https://img.test/a.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.25,0.75" alt="A &quot;cat&quot;"';

describe('image formatters', () => {
  it('image renders a responsive <img> (srcset, sizes, width, height, lazy) with loader attributes and optional classes', () => {
    const srcset = [100, 300, 500, 750, 1000].map((w) => `https://img.test/a.jpg?format=${w}w ${w}w`).join(', ');
    const responsive = `srcset="${srcset}" sizes="100vw" width="1200" height="800" loading="lazy" decoding="async"`;
    expect(out('{i|site-image}', { i: img })).toBe(`<img src="https://img.test/a.jpg" ${responsive} ${META} />`);
    expect(out('{i|site-image thumb}', { i: img })).toBe(`<img class="thumb" src="https://img.test/a.jpg" ${responsive} ${META} />`);
  });

  it('site-focal-position gives the focal point as an object-position (the theme crops with it), the middle without one', () => {
    expect(out('{i|site-focal-position}', { i: img })).toBe('25% 75%');
    expect(out('{i|site-focal-position}', { i: { assetUrl: 'https://img.test/a.jpg' } })).toBe('50% 50%');
    // Never owner text in a style attribute: numbers only, clamped to the picture.
    expect(out('{i|site-focal-position}', { i: { mediaFocalPoint: { x: 'left; background: url(//x)', y: 7 } } })).toBe('50% 100%');
  });

  it('image-meta, child-image-meta and cover-image-meta give the attributes', () => {
    expect(out('{i|site-image-meta}', { i: img })).toBe(META);
    expect(out('{i|site-child-image-meta 1}', { i: { items: [{}, img] } })).toBe(META);
    expect(out('{i|site-cover-image-meta}', { i: { coverImage: img } })).toBe(META);
  });

  it('alt text falls back to the title, then the body cut to 250 characters', () => {
    expect(out('{i|site-image-meta}', { i: { assetUrl: 'u', title: 'T' } })).toContain('alt="T"');
    const body = `<p>${'x'.repeat(300)}</p>`;
    expect(out('{i|site-image-meta}', { i: { assetUrl: 'u', body } })).toContain(`alt="${'x'.repeat(250)}"`);
    expect(out('{i|site-image-meta}', { i: { assetUrl: 'u' } })).toContain('data-image-focal-point="0.5,0.5" alt=""');
  });

  it('image-srcset lists the SPEC widths up to the original width', () => {
    expect(out('{i|site-image-srcset}', { i: img })).toBe(
      'https://img.test/a.jpg?format=100w 100w, https://img.test/a.jpg?format=300w 300w, https://img.test/a.jpg?format=500w 500w, https://img.test/a.jpg?format=750w 750w, https://img.test/a.jpg?format=1000w 1000w',
    );
  });

  it('image-color gives the five averages or one of them', () => {
    expect(out('{i|site-image-color}', { i: img })).toBe(
      'data-color-topleft="#ffffff" data-color-topright="#000000" data-color-bottomleft="#abcdef" data-color-bottomright="#123456" data-color-center="#808080"',
    );
    expect(out('{i|site-image-color center}', { i: img })).toBe('#808080');
  });

  it('width and height read the original size', () => {
    expect(out('{i|site-width}x{i|site-height} {i.originalSize|site-width}', { i: img })).toBe('1200x800 1200');
  });

  it('resizedHeightForWidth and resizedWidthForHeight keep the aspect ratio', () => {
    expect(out('{s|site-resizedHeightForWidth 300}|{s|site-resizedWidthForHeight 200}', { s: '1200x800' })).toBe('200|300');
  });

  it('squarespaceThumbnailForWidth picks the SPEC thumbnail size', () => {
    const widths = [1001, 1000, 751, 750, 501, 500, 301, 300, 101, 100, 50];
    const t = widths.map((w) => `{@|site-squarespaceThumbnailForWidth ${w}}`).join(' ');
    expect(out(t, {})).toBe('1500w 1000w 1000w 750w 750w 500w 500w 300w 300w 100w 100w');
  });

  it('squarespaceThumbnailForHeight converts the height to a width first', () => {
    expect(out('{s|site-squarespaceThumbnailForHeight 400}', { s: '1200x800' })).toBe('750w');
  });

  it('records "Invalid source parameter" without an originalSize', () => {
    for (const f of ['resizedHeightForWidth 300', 'resizedWidthForHeight 300', 'squarespaceThumbnailForHeight 300']) {
      expect(run(`{s|site-${f}}`, { s: 'big' })).toEqual({
        output: '',
        errors: [{ code: 'RENDER_FORMATTER', message: MSG_INVALID_SOURCE_PARAMETER, line: 1, column: 1, offset: 0 }],
      });
    }
  });
});
