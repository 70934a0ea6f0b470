import type { Migrations } from '@sc/platform';
import { m0001Content } from './0001_content.js';
import { m0002Search } from './0002_search.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_content': m0001Content,
  '0002_search': m0002Search,
};
