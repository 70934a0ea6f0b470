import type { Migrations } from '@sc/platform';
import { m0001Analytics } from './0001_analytics.js';
import { m0002FunnelVisitors } from './0002_funnel_visitors.js';
import { m0030IngestJournal } from './0030_ingest_journal.js';
import { m0040TestOrders } from './0040_test_orders.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_analytics': m0001Analytics,
  '0002_funnel_visitors': m0002FunnelVisitors,
  '0030_ingest_journal': m0030IngestJournal,
  '0040_test_orders': m0040TestOrders,
};
