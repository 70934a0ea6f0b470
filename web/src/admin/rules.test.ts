// The admin app's pure rules: variants from options, the SPEC 5 owner-side messages for tags,
// links, emails, chart datasets and files, colour conversion, and which gallery options apply.
import { describe, expect, it } from '@jest/globals';
import { convert, rgbOf } from './colour.js';
import { datasetProblem, blockProblem } from './content/blocks.js';
import { optionApplies } from './content/gallery-rules.js';
import { emailListProblem, emailProblem, linkProblem, pageUrlProblem, tagProblem } from './forms-kit.js';
import { fileProblem, formatFileSize } from './images.js';
import { productBody, productDraftOf } from './store/product-draft.js';
import { combinations, move, syncVariants, type VariantDraft } from './store/variants.js';

describe('variants', () => {
  it('makes one variant per combination, in option order', () => {
    expect(
      combinations([
        { name: 'Colour', values: ['Sand', 'Rust'] },
        { name: 'Size', values: ['S', 'L'] },
      ]),
    ).toEqual([
      { Colour: 'Sand', Size: 'S' },
      { Colour: 'Sand', Size: 'L' },
      { Colour: 'Rust', Size: 'S' },
      { Colour: 'Rust', Size: 'L' },
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it('keeps what was typed for combinations that remain, whatever the option order', () => {
    const kept: VariantDraft = {
      id: 'v1',
      sku: 'A-SAND-S',
      gtin: '',
      attributes: { Colour: 'Sand', Size: 'S' },
      price: '48.00',
      salePrice: '',
      onSale: false,
      qtyInStock: '3',
      unlimited: false,
      weight: '450',
    };
    const next = syncVariants(
      [
        { name: 'Size', values: ['S'] },
        { name: 'Colour', values: ['Sand', 'Rust'] },
      ],
      [kept],
      'Linen Apron',
    );
    expect(next).toHaveLength(2);
    expect(next[0]).toMatchObject({ id: 'v1', sku: 'A-SAND-S', qtyInStock: '3' });
    expect(next[1]).toMatchObject({ sku: 'LINEN-APRON-S-RUST', price: '48.00', qtyInStock: '0', weight: '450' });
  });

  it('saves the weight of each variant in grams, none when left empty, and refuses a weight that is not whole grams (issue 36)', () => {
    const draft = productDraftOf(undefined, 'USD');
    const variants = syncVariants([{ name: 'Size', values: ['S', 'M'] }], [], 'Apron').map((v, i) => ({
      ...v,
      price: i === 0 ? '30.00' : '32.00',
      weight: i === 0 ? '450' : '',
    }));
    const body = productBody({ ...draft, title: 'Apron', variants }, 'USD');
    if (typeof body === 'string') throw new Error(body);
    if (body.recordType !== 11) throw new Error('not a product');
    expect((body.structuredContent.variants ?? []).map((v) => [v.sku, v.weightGrams])).toEqual([
      ['APRON-S', 450],
      ['APRON-M', undefined],
    ]);
    expect(productBody({ ...draft, title: 'Apron', variants: [{ ...variants[0]!, weight: '1.5 kg' }] }, 'USD')).toBe(
      'Enter the weight of APRON-S in grams, e.g. 450.',
    );
  });

  it('moves an element and leaves the ends alone', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('owner-side messages', () => {
  it('refuses repeated and over-long tags and categories', () => {
    expect(tagProblem('tag', 'News', ['news'])).toBe('This tag already exists');
    expect(tagProblem('category', 'Home', ['home', 'x'], 0)).toBeUndefined();
    expect(tagProblem('tag', 'x'.repeat(51), [])).toBe('Tags can be at most 50 characters long.');
    expect(tagProblem('category', 'x'.repeat(26), [])).toBe('Categories can be at most 25 characters long.');
    expect(tagProblem('category', 'x'.repeat(25), [])).toBeUndefined();
  });

  it('checks emails, links and page URLs', () => {
    expect(emailProblem('a@b')).toBe('Please enter a valid email');
    expect(emailProblem('a@b.co')).toBeUndefined();
    expect(emailListProblem(['a@b.co', 'nope'])).toBe('Emails must be formatted as name@example.com');
    expect(linkProblem('/about')).toBeUndefined();
    expect(linkProblem('https://example.com/x')).toBeUndefined();
    expect(linkProblem('fore street')).toBe('Links must be formatted as https://example.com or /a-page');
    expect(pageUrlProblem('ftp://x')).toBe('ftp://x is not a valid page URL');
  });

  it('checks chart datasets and the newsletter list', () => {
    expect(datasetProblem('')).toBe('Your dataset must have at least one column');
    expect(datasetProblem('Month,Visitors')).toBe('Your dataset must have at least one row');
    expect(datasetProblem('Month,Visitors\nJan,')).toBe('One or more rows was missing data');
    expect(datasetProblem('Month,Visitors\nJan')).toBe('One or more rows was missing data');
    expect(datasetProblem('Month,Visitors\nJan,3')).toBeUndefined();
    expect(blockProblem(51, {})).toBe('A List must be selected');
    // An image block's picture: an http(s) link or a file of our own asset store (the designs' pictures), nothing else.
    expect(
      blockProblem(5, { src: '/api/content-service/public/1.0/assets/cf7a8f94-78e6-4bfd-b458-3a8895033bb8/RY-dcJp-CiSZu8XNo3lJJl.jpg' }),
    ).toBeUndefined();
    expect(blockProblem(5, { src: 'https://example.com/a.jpg' })).toBeUndefined();
    expect(blockProblem(5, { src: '/api/content-service/public/1.0/assets/../../secret.jpg' })).toBe(
      '/api/content-service/public/1.0/assets/../../secret.jpg is not a valid page URL',
    );
    expect(blockProblem(5, { src: 'javascript:alert(1)' })).toBe('javascript:alert(1) is not a valid page URL');
    expect(blockProblem(32, { url: 'https://vimeo.com/123?basic=1' })).toBe('Vimeo Basic accounts are unsupported');
  });

  it('checks files before upload, sizes counted in 1,000,000-byte MB', () => {
    expect(fileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'The file notes.txt does not appear to be a supported file',
    );
    expect(fileProblem({ name: 'big.png', type: 'image/png', size: 20_000_001 })).toBe(
      'The file big.png is too large. The maximum allowed file size is 20 MB.',
    );
    expect(fileProblem({ name: 'ok.jpg', type: 'image/jpeg', size: 20_000_000 })).toBeUndefined();
    expect(formatFileSize(1_500_000)).toBe('1.5 MB');
  });
});

describe('colours', () => {
  it('converts between hex, RGB and HSL', () => {
    expect(rgbOf('#f00')).toEqual({ r: 255, g: 0, b: 0 });
    expect(convert('#ff0000', 'hsl')).toEqual({ h: 0, s: 1, l: 0.5 });
    expect(convert({ h: 120, s: 1, l: 0.5, a: 0.4 }, 'rgb')).toEqual({ r: 0, g: 255, b: 0, a: 0.4 });
    expect(convert({ r: 18, g: 52, b: 86 }, 'hex')).toBe('#123456');
    expect(rgbOf({ h: 400, s: 1, l: 0.5 })).toBeUndefined();
  });
});

describe('gallery options', () => {
  it('apply by design and by the option they need', () => {
    expect(optionApplies('thumbnails-per-row', { design: 'grid' })).toBe(true);
    expect(optionApplies('thumbnails-per-row', { design: 'slideshow' })).toBe(false);
    expect(optionApplies('autoplay-duration', { design: 'slideshow', autoplay: false })).toBe(false);
    expect(optionApplies('autoplay-duration', { design: 'slideshow', autoplay: true })).toBe(true);
    expect(optionApplies('transparentBackground', { design: 'stacked' })).toBe(true);
  });
});
