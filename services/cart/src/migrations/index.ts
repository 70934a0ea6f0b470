import type { Migrations } from '@sc/platform';
import { m0001Carts } from './0001_carts.js';

/** Applied in name order at start. */
export const migrations: Migrations = {
  '0001_carts': m0001Carts,
};
