// SPEC 3 "Gallery options": every option's values and default. Settings an owner sends are checked
// against this table (unknown options, ranges, enumerations with the SPEC's '{val} is not one of
// the expected options'); reads fill in the defaults for options never set.
import { z } from 'zod';
import { ContentMessages } from './content-limits.js';
import { formatMessage, OwnerMessages } from './messages.js';

type GalleryOption =
  | { kind: 'boolean'; default: boolean }
  | { kind: 'range'; min: number; max: number; default: number }
  | { kind: 'enum'; values: readonly string[]; default: string };

const bool = (value: boolean): GalleryOption => ({ kind: 'boolean', default: value });
const range = (min: number, max: number, value: number): GalleryOption => ({ kind: 'range', min, max, default: value });
const oneOf = (values: readonly string[], value: string): GalleryOption => ({ kind: 'enum', values, default: value });

export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
/** How the owner UI names each design ('slider' is shown as Carousel). */
export const GALLERY_DESIGN_LABELS: Readonly<Record<(typeof GALLERY_DESIGNS)[number], string>> = Object.freeze({
  slideshow: 'Slideshow',
  slider: 'Carousel',
  grid: 'Grid',
  stacked: 'Stacked',
});

/** The SPEC table. The SPEC gives no default for show-meta-basic (ours: off) and no range for the slider aspect ratio (ours: 1-100). */
export const GALLERY_OPTIONS: Readonly<Record<string, GalleryOption>> = Object.freeze({
  design: oneOf(GALLERY_DESIGNS, 'grid'),
  autoplay: bool(false),
  'autoplay-duration': range(1, 10, 5),
  controls: bool(false),
  'auto-crop': bool(true),
  'aspect-ratio': oneOf(
    ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'],
    'square',
  ),
  'square-thumbs': bool(true),
  thumbnails: bool(false),
  'thumbnail-strip-height': range(0, 200, 80),
  'thumbnail-strip-margin': range(0, 60, 20),
  'show-meta-basic': bool(false),
  'show-meta': bool(true),
  'show-meta-only-title': bool(false),
  'meta-position': oneOf(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'], 'bottom'),
  'show-meta-on-hover': bool(false),
  'active-alignment': oneOf(['left', 'center', 'right'], 'center'),
  'thumbnails-per-row': range(1, 10, 4),
  padding: range(0, 50, 20),
  lightbox: bool(false),
  lightboxTheme: oneOf(['dark', 'light'], 'dark'),
  'max-width': range(100, 300, 300),
  newWindow: bool(false),
  transparentBackground: bool(false),
  'slider-aspect-ratio': range(1, 100, 50),
});

export type GallerySettings = Record<string, boolean | number | string>;

/** The default of every option. */
export function defaultGallerySettings(): GallerySettings {
  return Object.fromEntries(Object.entries(GALLERY_OPTIONS).map(([name, option]) => [name, option.default]));
}

/** The message for one option's value, or undefined when it is allowed. */
export function galleryOptionProblem(name: string, value: unknown): string | undefined {
  const option = Object.prototype.hasOwnProperty.call(GALLERY_OPTIONS, name) ? GALLERY_OPTIONS[name] : undefined;
  if (!option) return formatMessage(ContentMessages.unknownGalleryOption, { option: name });
  switch (option.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : formatMessage(ContentMessages.galleryOptionNotBoolean, { option: name });
    case 'range':
      return typeof value === 'number' && Number.isFinite(value) && value >= option.min && value <= option.max
        ? undefined
        : formatMessage(ContentMessages.galleryOptionOutOfRange, { option: name, min: option.min, max: option.max });
    case 'enum':
      return typeof value === 'string' && option.values.includes(value)
        ? undefined
        : formatMessage(OwnerMessages.unexpectedOption, { val: typeof value === 'string' ? value : JSON.stringify(value) });
  }
}

/** Gallery settings as an owner sends them: any subset of the SPEC options, each checked. */
export const GallerySettingsInput = z
  .record(z.string().max(64), z.union([z.boolean(), z.number(), z.string().max(64)]))
  .superRefine((settings, ctx) => {
    for (const [name, value] of Object.entries(settings)) {
      const problem = galleryOptionProblem(name, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });
export type GallerySettingsInput = z.infer<typeof GallerySettingsInput>;

/** Gallery settings as read: every option present. */
export const GallerySettingsBody = z.record(z.string(), z.union([z.boolean(), z.number(), z.string()]));
