// The predicate registry: every predicate name of TEMPLATE-LANGUAGE.md mapped to its test.
import type { PredicateFn } from '../context.js';
import { commercePredicates } from './commerce.js';
import { contentPredicates } from './content.js';
import { corePredicates } from './core.js';
import { galleryPredicates } from './gallery.js';

export const PREDICATES: ReadonlyMap<string, PredicateFn> = new Map(
  Object.entries({ ...corePredicates, ...contentPredicates, ...galleryPredicates, ...commercePredicates }),
);
