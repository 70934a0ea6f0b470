// Site styles (SPEC 2 "style tweaks"): the fonts, colours, button shape and spacing of the site's
// theme. Fonts are a curated set served by render from Fontsource packages (nothing is loaded from
// other hosts); colours are the SPEC formats (hex, RGB, HSL) with the SPEC messages. The CSS the
// theme gets is made here from these values only, so owner text never reaches a stylesheet.
import { z } from 'zod';
import { Colour, colourProblem, type ColourValue } from './content-colour.js';

/** The fonts an owner picks from: id → name, CSS family and the weights served. */
export const SITE_FONTS = Object.freeze({
  system: { label: 'System (no download)', family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', weights: [] as number[] },
  inter: { label: 'Inter', family: '"Inter", system-ui, sans-serif', weights: [400, 700] },
  'work-sans': { label: 'Work Sans', family: '"Work Sans", system-ui, sans-serif', weights: [400, 700] },
  lora: { label: 'Lora', family: '"Lora", Georgia, serif', weights: [400, 700] },
  'source-serif-4': { label: 'Source Serif 4', family: '"Source Serif 4", Georgia, serif', weights: [400, 700] },
  'playfair-display': { label: 'Playfair Display', family: '"Playfair Display", Georgia, serif', weights: [400, 700] },
  'dm-serif-display': { label: 'DM Serif Display', family: '"DM Serif Display", Georgia, serif', weights: [400] },
});
export type SiteFont = keyof typeof SITE_FONTS;
const FONT_IDS = Object.keys(SITE_FONTS) as [SiteFont, ...SiteFont[]];

export const SiteStyles = z
  .object({
    bodyFont: z.enum(FONT_IDS),
    headingFont: z.enum(FONT_IDS),
    /** Links, buttons and highlights; null keeps the theme's. */
    accent: Colour.nullable(),
    text: Colour.nullable(),
    background: Colour.nullable(),
    buttonShape: z.enum(['square', 'rounded', 'pill']),
    spacing: z.enum(['compact', 'normal', 'airy']),
  })
  .strict();
export type SiteStyles = z.infer<typeof SiteStyles>;

export const DEFAULT_SITE_STYLES: SiteStyles = Object.freeze({
  bodyFont: 'system',
  headingFont: 'system',
  accent: null,
  text: null,
  background: null,
  buttonShape: 'rounded',
  spacing: 'normal',
});

/** A valid colour as CSS (`#rrggbb`, `rgb(…)`, `hsl(…)`); undefined when it is not valid. */
export function cssColour(value: ColourValue | null | undefined): string | undefined {
  if (value === null || value === undefined || colourProblem(value)) return undefined;
  if (typeof value === 'string') return `#${value.replace(/^#/, '')}`;
  const alpha = value.a === undefined ? '' : ` / ${value.a}`;
  if ('r' in value) return `rgb(${value.r} ${value.g} ${value.b}${alpha})`;
  return `hsl(${value.h ?? 0} ${Math.round((value.s ?? 0) * 100)}% ${Math.round((value.l ?? 0) * 100)}%${alpha})`;
}

const RADIUS = { square: '0', rounded: '6px', pill: '999px' } as const;
const SPACING = { compact: '1rem', normal: '2rem', airy: '3.5rem' } as const;

/** The theme's custom properties for these styles (a `:root{…}` rule). */
export function siteStyleCss(styles: SiteStyles): string {
  const rules: string[] = [
    `--font-body: ${SITE_FONTS[styles.bodyFont].family}`,
    `--font-heading: ${SITE_FONTS[styles.headingFont].family}`,
    `--button-radius: ${RADIUS[styles.buttonShape]}`,
    `--section-space: ${SPACING[styles.spacing]}`,
  ];
  const accent = cssColour(styles.accent);
  const text = cssColour(styles.text);
  const background = cssColour(styles.background);
  if (accent) rules.push(`--accent: ${accent}`);
  if (text) rules.push(`--text: ${text}`);
  if (background) rules.push(`--bg: ${background}`);
  return `:root{${rules.join(';')}}`;
}

/** The stylesheets (served by render) of the fonts these styles use. */
export function siteFontStylesheets(styles: SiteStyles): string[] {
  return [...new Set([styles.bodyFont, styles.headingFont])].filter((font) => font !== 'system').map((font) => `/_fonts/${font}.css`);
}
