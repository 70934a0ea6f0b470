// Which gallery options apply to which design, and which wait for another option to be on. The
// SPEC lists the options, their ranges and defaults but not this (SPEC 3: "which ones: not
// shown"), so this table is our design, following what each design can show.
import { GALLERY_DESIGNS, GALLERY_OPTIONS, type GallerySettings } from '@sc/contracts';

export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

const ALL: readonly GalleryDesign[] = GALLERY_DESIGNS;

/** Option → the designs it applies to, and the boolean option it needs on (when any). */
export const GALLERY_APPLIES: Readonly<Record<string, { designs: readonly GalleryDesign[]; needs?: string }>> = Object.freeze({
  design: { designs: ALL },
  autoplay: { designs: ['slideshow', 'slider'] },
  'autoplay-duration': { designs: ['slideshow', 'slider'], needs: 'autoplay' },
  controls: { designs: ['slideshow', 'slider'] },
  'auto-crop': { designs: ['slideshow', 'grid'] },
  'aspect-ratio': { designs: ['grid'] },
  'square-thumbs': { designs: ['slideshow'], needs: 'thumbnails' },
  thumbnails: { designs: ['slideshow'] },
  'thumbnail-strip-height': { designs: ['slideshow'], needs: 'thumbnails' },
  'thumbnail-strip-margin': { designs: ['slideshow'], needs: 'thumbnails' },
  'show-meta-basic': { designs: ['stacked'] },
  'show-meta': { designs: ['slideshow', 'slider', 'grid'] },
  'show-meta-only-title': { designs: ['slideshow', 'slider', 'grid'], needs: 'show-meta' },
  'meta-position': { designs: ['slideshow', 'slider', 'grid'], needs: 'show-meta' },
  'show-meta-on-hover': { designs: ['grid'], needs: 'show-meta' },
  'active-alignment': { designs: ['slider'] },
  'thumbnails-per-row': { designs: ['grid'] },
  padding: { designs: ['slider', 'grid', 'stacked'] },
  lightbox: { designs: ['grid', 'stacked'] },
  lightboxTheme: { designs: ['grid', 'stacked'], needs: 'lightbox' },
  'max-width': { designs: ['stacked'] },
  newWindow: { designs: ['grid', 'stacked'] },
  transparentBackground: { designs: ALL },
  'slider-aspect-ratio': { designs: ['slider'] },
});

/** True when the option takes effect with these settings. */
export function optionApplies(name: string, settings: GallerySettings): boolean {
  const rule = GALLERY_APPLIES[name];
  if (!rule) return true;
  const design = (settings.design ?? GALLERY_OPTIONS.design?.default) as GalleryDesign;
  if (!rule.designs.includes(design)) return false;
  return rule.needs === undefined || settings[rule.needs] === true;
}

/** SPEC 3 aspect ratios as CSS ratios, for the preview. */
export const ASPECT_RATIOS: Readonly<Record<string, string>> = Object.freeze({
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
});
