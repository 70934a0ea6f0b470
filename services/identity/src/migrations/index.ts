import type { Migrations } from '@sc/platform';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {};
