import type { Migrations } from '@sc/platform';
import { m0001StockLevels } from './0001_stock_levels.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_stock_levels': m0001StockLevels,
};
