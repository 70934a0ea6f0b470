// The formatter registry: every formatter name of TEMPLATE-LANGUAGE.md mapped to its function.
import type { FormatterFn } from '../context.js';
import { commerceFormatters } from './commerce.js';
import { contentFormatters } from './content.js';
import { coreFormatters } from './core.js';
import { dateFormatters } from './date.js';
import { i18nFormatters } from './i18n.js';
import { imageFormatters, themeImageFormatters } from './image.js';
import { moneyFormatters } from './money.js';
import { referenceImageFormatters } from './reference-image.js';
import { referenceSocialFormatters } from './reference-social.js';
import { siteCommerceFormatters } from './site-commerce.js';
import { socialFormatters } from './social.js';
import { textFormatters } from './text.js';

/** The theme's own markup (image, content and social formatters) under `site-` names. */
const siteMarkup = (fs: Record<string, FormatterFn>): Record<string, FormatterFn> =>
  Object.fromEntries(Object.entries(fs).map(([k, f]) => [`site-${k}`, f]));

export const FORMATTERS: ReadonlyMap<string, FormatterFn> = new Map(
  Object.entries({
    ...coreFormatters,
    ...textFormatters,
    ...i18nFormatters,
    ...moneyFormatters,
    ...dateFormatters,
    ...imageFormatters,
    ...siteMarkup(imageFormatters),
    ...siteMarkup(themeImageFormatters),
    ...referenceImageFormatters,
    ...contentFormatters,
    ...socialFormatters,
    ...siteMarkup(contentFormatters),
    ...siteMarkup(socialFormatters),
    ...referenceSocialFormatters,
    ...commerceFormatters,
    ...siteCommerceFormatters,
  }),
);
