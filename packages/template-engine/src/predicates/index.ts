// The predicate registry: every predicate name of TEMPLATE-LANGUAGE.md mapped to its test.
import type { PredicateFn } from '../context.js';
import { commercePredicates } from './commerce.js';
import { contentPredicates } from './content.js';
import { corePredicates } from './core.js';
import { galleryPredicates } from './gallery.js';

export const PREDICATES: ReadonlyMap<string, PredicateFn> = new Map(
  Object.entries({ ...corePredicates, ...contentPredicates, ...galleryPredicates, ...commercePredicates }),
);

/**
 * The default theme's own predicates (SPEC rules the reference's namesakes do not follow); they are
 * not part of the template language, so the vocabulary and conformance counts leave them out.
 */
export const THEME_PREDICATES: ReadonlySet<string> = new Set([
  'site-on-sale?',
  'site-sold-out?',
  'site-main-image?',
  'site-comments?',
  'site-same-day?',
]);
