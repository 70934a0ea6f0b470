import type { Migrations } from '@sc/platform';
import { m0001Content } from './0001_content.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_content': m0001Content,
};
