import type { Migrations } from '@sc/platform';
import { m0001Carts } from './0001_carts.js';
import { m0002Commerce } from './0002_commerce.js';

/** Applied in name order at start. */
export const migrations: Migrations = {
  '0001_carts': m0001Carts,
  '0002_commerce': m0002Commerce,
};
