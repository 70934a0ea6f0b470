// Gallery predicates test the gallery options in scope: `options` (a gallery block's settings)
// or `galleryOptions`, looked up outwards from the current value, else the page collection's
// `galleryOptions`. A missing option is false, as in the reference (SPEC 3's defaults apply
// where the settings are stored, not here).
import type { Ctx } from '../context.js';
import type { PredicateFn } from '../context.js';
import { isObject } from '../values.js';

/** SPEC 3 gallery option defaults. */
export const GALLERY_DEFAULTS: Readonly<Record<string, unknown>> = {
  design: 'grid',
  autoplay: false,
  controls: false,
  'auto-crop': true,
  'square-thumbs': true,
  thumbnails: false,
  'show-meta': true,
  'show-meta-basic': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  lightbox: false,
};

function option(c: Ctx, key: string): unknown {
  for (const src of [c.lookup('options'), c.lookup('galleryOptions'), c.rootPath(['collection', 'galleryOptions'])]) {
    if (isObject(src) && src[key] !== undefined) return src[key];
  }
  return undefined;
}

const is =
  (key: string, value: string): PredicateFn =>
  (c) =>
    option(c, key) === value;
const on =
  (key: string): PredicateFn =>
  (c) =>
    option(c, key) === true;

export const galleryPredicates: Record<string, PredicateFn> = {
  'gallery-design-grid?': is('design', 'grid'),
  'gallery-design-slider?': is('design', 'slider'),
  'gallery-design-slideshow?': is('design', 'slideshow'),
  'gallery-design-stacked?': is('design', 'stacked'),
  'gallery-active-alignment-left?': is('active-alignment', 'left'),
  'gallery-active-alignment-center?': is('active-alignment', 'center'),
  'gallery-active-alignment-right?': is('active-alignment', 'right'),
  'gallery-meta-position-top?': is('meta-position', 'top'),
  'gallery-meta-position-top-left?': is('meta-position', 'top-left'),
  'gallery-meta-position-top-right?': is('meta-position', 'top-right'),
  'gallery-meta-position-center?': is('meta-position', 'center'),
  'gallery-meta-position-bottom?': is('meta-position', 'bottom'),
  'gallery-meta-position-bottom-left?': is('meta-position', 'bottom-left'),
  'gallery-meta-position-bottom-right?': is('meta-position', 'bottom-right'),
  'gallery-auto-crop?': on('auto-crop'),
  'gallery-autoplay?': on('autoplay'),
  'gallery-controls?': on('controls'),
  'gallery-lightbox?': on('lightbox'),
  'gallery-square-thumbs?': on('square-thumbs'),
  'gallery-thumbnails?': on('thumbnails'),
  'gallery-show-meta?': on('show-meta'),
  'gallery-show-meta-on-hover?': on('show-meta-on-hover'),
  /** Any meta is shown: the full meta or the basic (title only) meta. */
  'gallery-meta?': (c) => option(c, 'show-meta') === true || option(c, 'show-meta-basic') === true,
};
