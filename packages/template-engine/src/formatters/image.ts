// Image formatters (SPEC 3 "Image", SPEC 9 "Images"): markup and attributes for an image's
// asset, its sizes, responsive widths, thumbnail choice and colour data. Alt text falls back from
// altText to title to the body text cut to 250 characters.
import type { FormatterFn } from '../context.js';
import { MSG_INVALID_SOURCE_PARAMETER } from '../errors.js';
import { escapeAttr, getPath, isObject, stripTags, toNumber, toOutput } from '../values.js';
import { fail, intArg, strField } from './util.js';

/** SPEC 9 responsive widths. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** SPEC 9: alt text taken from the body is cut to this many characters. */
export const ALT_FROM_BODY_MAX = 250;

/** Parses "WxH" into numbers; null when it is not an original size. */
export function parseSize(v: unknown): { w: number; h: number } | null {
  const s = isObject(v) ? v.originalSize : v;
  if (typeof s !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/i.exec(s);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? { w, h } : null;
}

/** SPEC 9: 1500w above 1000, 1000w above 750, 750w above 500, 500w above 300, 300w above 100, else 100w. */
export function thumbnailWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/** Alt text with the SPEC fallbacks: altText, then title, then the body's text cut to 250. */
export function altText(img: unknown): string {
  for (const k of ['altText', 'title']) {
    const s = strField(img, k).trim();
    if (s !== '') return s;
  }
  const body = getPath(img, ['body']);
  const text = stripTags(typeof body === 'string' ? body : toOutput(getPath(body, ['html'])))
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, ALT_FROM_BODY_MAX);
}

/** An image's focal point as fractions of its width and height (the middle when it has none or a bad one). */
function focal(img: unknown): { x: number; y: number } {
  const x = toNumber(getPath(img, ['mediaFocalPoint', 'x']));
  const y = toNumber(getPath(img, ['mediaFocalPoint', 'y']));
  return { x: Number.isFinite(x) ? x : 0.5, y: Number.isFinite(y) ? y : 0.5 };
}

function focalPoint(img: unknown): string {
  const { x, y } = focal(img);
  return `${x},${y}`;
}

/** The focal point as a CSS object-position ('50% 30%'), clamped to the image: what a cropped image keeps in view. */
export function focalPosition(img: unknown): string {
  const { x, y } = focal(img);
  const percent = (n: number) => `${Math.round(Math.min(Math.max(n, 0), 1) * 1000) / 10}%`;
  return `${percent(x)} ${percent(y)}`;
}

/** The attributes the front end's image loader reads. */
export function imageMeta(img: unknown): string {
  if (!isObject(img)) return '';
  const url = escapeAttr(strField(img, 'assetUrl'));
  return `data-src="${url}" data-image="${url}" data-image-dimensions="${escapeAttr(strField(img, 'originalSize'))}" data-image-focal-point="${focalPoint(img)}" alt="${escapeAttr(altText(img))}"`;
}

/** The SPEC widths not larger than the original as a srcset: 'url?format=100w 100w, …' ('' without a URL). */
export function imageSrcset(img: unknown): string {
  const url = strField(img, 'assetUrl');
  if (url === '') return '';
  const size = parseSize(img);
  const widths = IMAGE_WIDTHS.filter((w) => !size || w <= size.w);
  return (widths.length > 0 ? widths : [IMAGE_WIDTHS[0]]).map((w) => `${url}?format=${w}w ${w}w`).join(', ');
}

const COLOR_KEYS: readonly [string, string][] = [
  ['topLeft', 'topLeftAverage'],
  ['topRight', 'topRightAverage'],
  ['bottomLeft', 'bottomLeftAverage'],
  ['bottomRight', 'bottomRightAverage'],
  ['center', 'centerAverage'],
];

function hexColor(v: unknown): string {
  const s = toOutput(v).replace(/^#/, '');
  return /^[0-9a-fA-F]{3,6}$/.test(s) ? `#${s.toLowerCase()}` : '';
}

function sizeArg(v: unknown): { w: number; h: number } {
  const size = parseSize(v);
  if (!size) fail(MSG_INVALID_SOURCE_PARAMETER);
  return size;
}

export const imageFormatters: Record<string, FormatterFn> = {
  /**
   * A responsive <img> for an image (optional first argument: class names): the SPEC widths as
   * srcset, its size as width and height (nothing shifts while it loads), loaded lazily.
   */
  image: (v, call) => {
    if (!isObject(v)) return '';
    const cls = call.args[0] ? ` class="${escapeAttr(call.args.join(' '))}"` : '';
    const size = parseSize(v);
    const srcset = imageSrcset(v);
    const responsive = `${srcset ? ` srcset="${escapeAttr(srcset)}" sizes="100vw"` : ''}${size ? ` width="${Math.round(size.w)}" height="${Math.round(size.h)}"` : ''}`;
    return `<img${cls} src="${escapeAttr(strField(v, 'assetUrl'))}"${responsive} loading="lazy" decoding="async" ${imageMeta(v)} />`;
  },
  /** The loader attributes of an image (data-src, data-image, dimensions, focal point, alt). */
  'image-meta': (v) => imageMeta(v),
  /** image-meta of the item's Nth child image (default the first). */
  'child-image-meta': (v, call) => {
    const items = getPath(v, ['items']);
    return Array.isArray(items) ? imageMeta(items[intArg(call, 0, 0)]) : '';
  },
  /** image-meta of the item's cover image. */
  'cover-image-meta': (v) => imageMeta(getPath(v, ['coverImage'])),
  /** srcset of the SPEC widths not larger than the original: 'url?format=100w 100w, …'. */
  'image-srcset': (v) => imageSrcset(v),
  /**
   * Colour data: with no argument the five averages as data attributes; with a position
   * (topLeft, topRight, bottomLeft, bottomRight, center) that colour as '#rrggbb'.
   */
  'image-color': (v, call) => {
    const cd = getPath(v, ['colorData']);
    if (!isObject(cd)) return '';
    const want = call.args[0];
    if (want !== undefined) {
      const key = COLOR_KEYS.find(([k]) => k.toLowerCase() === want.toLowerCase())?.[1];
      return key ? hexColor(cd[key]) : '';
    }
    return COLOR_KEYS.map(([k, key]) => `data-color-${k.toLowerCase()}="${hexColor(cd[key])}"`).join(' ');
  },
  /** Width from "WxH" (or an image's originalSize). */
  width: (v) => parseSize(v)?.w ?? '',
  /** Height from "WxH" (or an image's originalSize). */
  height: (v) => parseSize(v)?.h ?? '',
  /** `{originalSize|resizedHeightForWidth 300}`: height at that width, keeping the aspect ratio. */
  resizedHeightForWidth: (v, call) => {
    const { w, h } = sizeArg(v);
    return Math.round((intArg(call, 0, w) * h) / w);
  },
  /** `{originalSize|resizedWidthForHeight 200}`: width at that height. */
  resizedWidthForHeight: (v, call) => {
    const { w, h } = sizeArg(v);
    return Math.round((intArg(call, 0, h) * w) / h);
  },
  /** `{@|squarespaceThumbnailForWidth 400}`: the SPEC thumbnail size for a display width ('500w'). */
  squarespaceThumbnailForWidth: (v, call) => {
    const width = call.args.length > 0 ? intArg(call, 0, 0) : toNumber(v);
    if (!Number.isFinite(width)) fail(MSG_INVALID_SOURCE_PARAMETER);
    return thumbnailWidth(width);
  },
  /** `{originalSize|squarespaceThumbnailForHeight 300}`: the thumbnail size for a display height. */
  squarespaceThumbnailForHeight: (v, call) => {
    const { w, h } = sizeArg(v);
    return thumbnailWidth(Math.round((intArg(call, 0, h) * w) / h));
  },
};

/**
 * The theme's own image formatters (registered only under `site-` names, beside the reference's):
 * `{@|site-focal-position}` for the object-position of an image the theme crops (object-fit:
 * cover in product cards and auto-cropped galleries), so the owner's focal point stays in view.
 */
export const themeImageFormatters: Record<string, FormatterFn> = {
  'focal-position': (v) => focalPosition(v),
};
