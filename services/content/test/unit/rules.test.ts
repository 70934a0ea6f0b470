// Pure rules shared through contracts: store collection planning (SPEC 5), colours (SPEC 5) and
// gallery options (SPEC 3).
import { describe, expect, it } from '@jest/globals';
import {
  colourProblem,
  defaultGallerySettings,
  galleryOptionProblem,
  planStoreCollection,
  uniqueUrlId,
  urlIdFromTitle,
  type StoreCollectionInput,
} from '@sc/contracts';

const input = (overrides: Partial<StoreCollectionInput> = {}): StoreCollectionInput => ({
  storeTitle: 'Summer Shop',
  addToMainNav: true,
  fallbackStoreTitle: 'Store',
  allCategoryDisplayName: 'All',
  websiteId: 'w1',
  templateId: 't1',
  isSevenOne: false,
  storeUrls: [],
  ...overrides,
});

describe('planStoreCollection', () => {
  it('derives the URL id from the title and fills the SPEC collection and root category', () => {
    const plan = planStoreCollection(input());
    expect(plan.collection).toEqual({
      navigationTitle: 'Summer Shop',
      title: 'Summer Shop',
      urlId: 'summer-shop',
      description: '',
      enabled: true,
    });
    expect(plan.rootCategory).toEqual({
      websiteId: 'w1',
      displayName: 'All',
      parentCategoryId: '',
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    });
    expect(plan.addToMainNav).toBe(true);
  });

  it.each([[''], ['  '], ['ab'], ['é!']])('uses the fallback title when the title %j is shorter than 3 characters', (storeTitle) => {
    const plan = planStoreCollection(input({ storeTitle }));
    expect(plan.collection.title).toBe('Store');
    expect(plan.collection.urlId).toBe('store');
  });

  it('keeps a title of exactly 3 characters', () => {
    expect(planStoreCollection(input({ storeTitle: 'Art' })).collection.urlId).toBe('art');
  });

  it('appends -1, -2 ... while the URL id is among storeUrls', () => {
    expect(planStoreCollection(input({ storeUrls: ['/summer-shop'] })).collection.urlId).toBe('summer-shop-1');
    expect(planStoreCollection(input({ storeUrls: ['summer-shop', 'summer-shop-1', '/summer-shop-2'] })).collection.urlId).toBe(
      'summer-shop-3',
    );
  });

  it('omits the description when isSevenOne is true', () => {
    expect('description' in planStoreCollection(input({ isSevenOne: true })).collection).toBe(false);
  });

  it('makes URL ids from accented and punctuated titles', () => {
    expect(urlIdFromTitle('Café & Crème — Été 2024!')).toBe('cafe-creme-ete-2024');
    expect(uniqueUrlId('shop', [])).toBe('shop');
  });
});

describe('colourProblem (SPEC 5 colour messages)', () => {
  it.each([
    ['#abc', undefined],
    ['a1b2c3', undefined],
    ['#abcd', undefined],
    ['#ab', 'Colours must be written as 3 to 6 hex characters.'],
    ['#abcdefa', 'Colours must be written as 3 to 6 hex characters.'],
    ['#ggg', 'Colours must be written as 3 to 6 hex characters.'],
  ])('hex %s', (value, message) => {
    expect(colourProblem(value)).toBe(message);
  });

  it.each([
    [{ h: 0, s: 0, l: 0 }, undefined],
    [{ h: 360, s: 1, l: 1, a: 1 }, undefined],
    [{ h: 361, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: -1, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: 10, s: 1.5, l: 0.5 }, 'Saturation out of bounds.'],
    [{ h: 10, s: 0.5, l: -0.1 }, 'Lightness out of bounds.'],
    [{ h: 10, s: 0.5, l: 0.5, a: 2 }, 'Alpha out of bounds.'],
    [{ h: 10, s: 0.5 }, 'Missing an H/S/L value.'],
    [{ s: 0.5, l: 0.5 }, 'Missing an H/S/L value.'],
    [{ r: 10, g: 20, b: 300 }, 'Red, green and blue must be between 0 and 255.'],
    [{ r: 10, g: 20, b: 30, a: 1.1 }, 'Alpha out of bounds.'],
  ])('%j', (value, message) => {
    expect(colourProblem(value)).toBe(message);
  });
});

describe('gallery options (SPEC 3 table)', () => {
  it('has the SPEC defaults', () => {
    expect(defaultGallerySettings()).toMatchObject({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
      'slider-aspect-ratio': 50,
    });
  });

  it.each([
    ['design', 'carousel', 'carousel is not one of the expected options'],
    ['aspect-ratio', 'panorama', 'panorama is not one of the expected options'],
    ['meta-position', 'middle', 'middle is not one of the expected options'],
    ['active-alignment', 'justify', 'justify is not one of the expected options'],
    ['lightboxTheme', 'sepia', 'sepia is not one of the expected options'],
    ['autoplay-duration', 11, 'autoplay-duration must be between 1 and 10.'],
    ['autoplay-duration', 0, 'autoplay-duration must be between 1 and 10.'],
    ['thumbnail-strip-height', 201, 'thumbnail-strip-height must be between 0 and 200.'],
    ['thumbnail-strip-margin', 61, 'thumbnail-strip-margin must be between 0 and 60.'],
    ['thumbnails-per-row', 11, 'thumbnails-per-row must be between 1 and 10.'],
    ['padding', 51, 'padding must be between 0 and 50.'],
    ['max-width', 99, 'max-width must be between 100 and 300.'],
    ['autoplay', 'yes', 'autoplay must be on or off.'],
    ['sparkles', true, 'sparkles is not a gallery option.'],
  ])('%s = %j → %s', (name, value, message) => {
    expect(galleryOptionProblem(name, value)).toBe(message);
  });

  it.each([
    ['design', 'slider'],
    ['design', 'stacked'],
    ['autoplay-duration', 10],
    ['max-width', 100],
    ['lightbox', true],
  ])('accepts %s = %j', (name, value) => {
    expect(galleryOptionProblem(name, value)).toBeUndefined();
  });
});
