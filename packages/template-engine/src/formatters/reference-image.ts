// The image formatters as the reference engine renders them (measured with the oracle on varied
// inputs, see test/conformance/images): the loader markup of Squarespace's classic templates
// (`<noscript>` fallback + `thumb-image` with data attributes), srcset from the item's
// `systemDataVariants`, colour data attributes and "WxH" arithmetic. The default theme keeps its
// responsive markup under the `site-` names (image.ts).
import type { FormatterFn } from '../context.js';
import { escapeAttr, getPath, isObject, toOutput } from '../values.js';
import { thumbnailWidth } from './image.js';

/** What the reference prints in place of a size it cannot read (an output, not an error). */
export const INVALID_SOURCE_TEXT = "Invalid source parameter. Pass in 'originalSize'";

/** The widths Squarespace's image service renders, smallest first. */
const VARIANT_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** Alt text: the title, else the body's text (tags made spaces), else the file name; untrimmed. */
function altText(img: Record<string, unknown>): string {
  const title = toOutput(img.title);
  if (title !== '') return title;
  const body = typeof img.body === 'string' ? img.body.replace(/<[^>]*>/g, ' ') : '';
  if (body !== '') return body;
  return toOutput(img.filename);
}

function focalCoord(v: unknown): string {
  return String(v === undefined || v === null ? 0 : Number(v));
}

function focalPoint(img: Record<string, unknown>): string {
  const fp = img.mediaFocalPoint;
  if (fp === undefined || fp === null) return '0.5,0.5';
  return `${focalCoord(getPath(fp, ['x']))},${focalCoord(getPath(fp, ['y']))}`;
}

/** image-meta's attributes with a trailing space; `alt` is the already-escaped text for `image`. */
function meta(v: unknown, alt?: string): string {
  const img = isObject(v) ? v : {};
  const url = escapeAttr(toOutput(img.assetUrl));
  const a = escapeAttr(alt ?? altText(img));
  const preview = isObject(img.licensedAssetPreview) ? 'data-licensed-asset-preview="true" ' : '';
  const key = img.componentKey === undefined ? '' : `data-component-key="${escapeAttr(toOutput(img.componentKey))}" `;
  return `${preview}${key}data-src="${url}" data-image="${url}" data-image-dimensions="${escapeAttr(toOutput(img.originalSize))}" data-image-focal-point="${focalPoint(img)}" alt="${a}" `;
}

/** "WxH" split in two; null when the text does not have exactly one 'x'. */
function sizeParts(v: unknown): [number, number] | null {
  if (typeof v !== 'string') return null;
  const parts = v.split('x');
  if (parts.length !== 2) return null;
  return [parseInt(parts[0] ?? '', 10), parseInt(parts[1] ?? '', 10)];
}

function intOrZero(n: number): number {
  return Number.isFinite(n) ? Math.floor(n) : 0;
}

function resized(v: unknown, arg: string | undefined, byWidth: boolean): number | string {
  const size = sizeParts(v);
  if (!size) return INVALID_SOURCE_TEXT;
  const [w, h] = size;
  const n = parseInt(arg ?? '', 10);
  const target = Number.isFinite(n) ? n : 0;
  return intOrZero(byWidth ? (target * h) / w : (target * w) / h);
}

export const referenceImageFormatters: Record<string, FormatterFn> = {
  /** `<noscript>` fallback and the loader's `<img>` (class: the single argument, else thumb-image). */
  image: (v, call) => {
    const cls = call.args.length === 1 && call.args[0]?.trim() ? call.args[0] : 'thumb-image';
    const img = isObject(v) ? v : {};
    const alt = escapeAttr(altText(img));
    const attrs = v === undefined ? '' : meta(v, alt);
    return `<noscript><img src="${escapeAttr(toOutput(img.assetUrl))}" alt="${alt}" /></noscript><img class="${escapeAttr(cls)}" ${attrs}data-load="false" data-image-id="${escapeAttr(toOutput(img.id))}" data-type="image" />`;
  },
  'image-meta': (v) => (v === undefined ? '' : meta(v)),
  'child-image-meta': (v, call) => {
    const items = getPath(v, ['items']);
    const n = parseInt(call.args[0] ?? '', 10);
    const child: unknown = Array.isArray(items) ? (items as unknown[])[Number.isFinite(n) ? n : 0] : undefined;
    return child === undefined ? '' : meta(child);
  },
  'cover-image-meta': (v) => {
    const cover = getPath(v, ['coverImage']);
    return cover === undefined ? '' : meta(cover);
  },
  /** ` srcset="…"` from the item's variants, plus the original at the next width; a non-object passes through. */
  'image-srcset': (v) => {
    if (!isObject(v)) return v;
    const variants = v.systemDataVariants;
    if (typeof variants !== 'string' || variants === '') return '';
    const list = variants.split(',').filter((w) => Number.isFinite(parseInt(w, 10)));
    if (list.length === 0) return '';
    const url = escapeAttr(toOutput(v.assetUrl));
    const entries = list.map((w) => `${url}?format=${w} ${w}`);
    const next = VARIANT_WIDTHS[VARIANT_WIDTHS.indexOf(list[list.length - 1] as (typeof VARIANT_WIDTHS)[number]) + 1];
    if (
      next !== undefined &&
      VARIANT_WIDTHS.includes(list[list.length - 1] as (typeof VARIANT_WIDTHS)[number]) &&
      v.assetUrl !== undefined
    ) {
      entries.push(`${url}?format=original ${next}`);
    }
    return ` srcset="${entries.join(',')}"`;
  },
  'image-color': (v, call) => {
    const cd = getPath(v, ['colorData']);
    if (cd === undefined || !isObject(v)) return '';
    const want = call.args[0];
    if (want !== undefined) {
      const c = getPath(cd, [`${want}Average`]);
      return c === undefined ? `"${want}" not found.` : `#${toOutput(c)}`;
    }
    return COLOR_POSITIONS.map((k) => `data-color-${k}="#${escapeAttr(toOutput(getPath(cd, [`${k}Average`])))}" `).join('');
  },
  width: (v) => {
    const size = sizeParts(v);
    return size ? String(size[0]) : '';
  },
  height: (v) => {
    const size = sizeParts(v);
    return size ? String(size[1]) : '';
  },
  resizedHeightForWidth: (v, call) => resized(v, call.args[0], true),
  resizedWidthForHeight: (v, call) => resized(v, call.args[0], false),
  squarespaceThumbnailForWidth: (_v, call) => {
    const n = parseInt(call.args[0] ?? '', 10);
    return thumbnailWidth(Number.isFinite(n) ? n : 0);
  },
  squarespaceThumbnailForHeight: (v, call) => {
    const r = resized(v, call.args[0], false);
    return typeof r === 'number' ? thumbnailWidth(r) : r;
  },
};
