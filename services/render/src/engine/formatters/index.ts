// The formatter registry: every formatter name of TEMPLATE-LANGUAGE.md mapped to its function.
import type { FormatterFn } from '../context.js';
import { commerceFormatters } from './commerce.js';
import { contentFormatters } from './content.js';
import { coreFormatters } from './core.js';
import { dateFormatters } from './date.js';
import { i18nFormatters } from './i18n.js';
import { imageFormatters } from './image.js';
import { moneyFormatters } from './money.js';
import { siteCommerceFormatters } from './site-commerce.js';
import { socialFormatters } from './social.js';
import { textFormatters } from './text.js';

export const FORMATTERS: ReadonlyMap<string, FormatterFn> = new Map(
  Object.entries({
    ...coreFormatters,
    ...textFormatters,
    ...i18nFormatters,
    ...moneyFormatters,
    ...dateFormatters,
    ...imageFormatters,
    ...contentFormatters,
    ...socialFormatters,
    ...commerceFormatters,
    ...siteCommerceFormatters,
  }),
);
