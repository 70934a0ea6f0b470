// The analytics schema: raw records (kept for a configurable retention), the visitor state that
// makes visits and unique visitors countable without storing who anyone is, the hourly and daily
// rollups that reports read, and read models of other services' data (settings, products).
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column: written as Date or ISO text, read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A date column (UTC day): written as 'YYYY-MM-DD'; select it as text (day::text) to read. */
type Day = ColumnType<string, string, string>;
type Count = ColumnType<number, number | undefined, number>;

export interface HitsTable {
  website_id: string;
  received_at: Timestamp;
  event_type: number;
  path: string;
  title: string | null;
  referrer_host: string | null;
  item_id: string | null;
  collection_id: string | null;
  page_type: number | null;
  device: string;
  visitor_hash: string;
  viewport_width: number | null;
  viewport_height: number | null;
  screen_width: number | null;
  screen_height: number | null;
  locale: string | null;
  template_id: string | null;
  client_date: Timestamp | null;
}

export interface EventsTable {
  website_id: string;
  received_at: Timestamp;
  /** 'record-event' or 'provider'. */
  source: string;
  name: string;
  data: ColumnType<unknown, string, string>;
  path: string | null;
  visitor_hash: string;
}

export interface InteractionsTable {
  website_id: string;
  received_at: Timestamp;
  kind: string;
  target: string;
  label: string | null;
  path: string | null;
  visitor_hash: string;
}

export interface JsErrorsTable {
  website_id: string;
  received_at: Timestamp;
  fingerprint: string;
  name: string;
  message: string;
  stack: string | null;
  source: string | null;
  line: number | null;
  col: number | null;
  path: string | null;
  device: string;
  caught: boolean;
}

export interface PerfRecordsTable {
  website_id: string;
  received_at: Timestamp;
  page_load_id: string;
  path: string;
  metric: string;
  value: number;
  device: string;
}

export interface DailySaltsTable {
  day: Day;
  salt: string;
}

export interface VisitorStateTable {
  website_id: string;
  visitor_hash: string;
  last_seen: Timestamp;
  prev_seen: Timestamp | null;
}

export interface TrafficHourlyTable {
  website_id: string;
  hour: Timestamp;
  page_views: Count;
  visits: Count;
  visitors: Count;
}

export interface TrafficDailyTable {
  website_id: string;
  day: Day;
  page_views: Count;
  visits: Count;
  visitors: Count;
}

export interface PageDailyTable {
  website_id: string;
  day: Day;
  path: string;
  views: Count;
}

export interface ReferrerDailyTable {
  website_id: string;
  day: Day;
  host: string;
  views: Count;
}

export interface DeviceDailyTable {
  website_id: string;
  day: Day;
  device: string;
  page_views: Count;
  visits: Count;
  visitors: Count;
}

export interface ProductDailyTable {
  website_id: string;
  day: Day;
  product_id: string;
  views: Count;
  adds: Count;
  add_quantity: Count;
  removes: Count;
  purchases: Count;
  purchased_quantity: Count;
  /** Migration 0040: bought in test-mode orders (kept apart from purchased_quantity). */
  test_purchased_quantity: Count;
}

export interface SalesDailyTable {
  website_id: string;
  day: Day;
  currency: string;
  orders: Count;
  /** Minor units. */
  revenue: Count;
  /** Migration 0040: test-mode orders and their revenue, kept apart. */
  test_orders: Count;
  test_revenue: Count;
}

export interface FormDailyTable {
  website_id: string;
  day: Day;
  form_id: string;
  views: Count;
  submissions: Count;
}

export interface EventDailyTable {
  website_id: string;
  day: Day;
  name: string;
  count: Count;
}

export interface InteractionDailyTable {
  website_id: string;
  day: Day;
  kind: string;
  target: string;
  count: Count;
}

export interface ErrorDailyTable {
  website_id: string;
  day: Day;
  fingerprint: string;
  name: string;
  message: string;
  source: string | null;
  count: Count;
}

export interface VitalsDailyTable {
  website_id: string;
  day: Day;
  metric: string;
  device: string;
  bucket: number;
  count: Count;
}

export interface SettingsTable {
  website_id: string;
  tracking_enabled: Generated<boolean>;
  replay_enabled: Generated<boolean>;
  replay_experiment: Generated<boolean>;
  country: string | null;
  time_zone: string | null;
  restrictive_cookie_policy: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface ProductsTable {
  website_id: string;
  product_id: string;
  title: string;
  version: number;
  deleted: Generated<boolean>;
}

export interface ProductSkusTable {
  website_id: string;
  sku: string;
  product_id: string;
}

/** One visitor of a day on one product: viewed (the row exists), then added, then purchased. */
export interface FunnelVisitorsTable {
  website_id: string;
  day: string;
  product_id: string;
  visitor_hash: string;
  added: Generated<boolean>;
  purchased: Generated<boolean>;
  /** Migration 0040: bought in a test-mode order. */
  test_purchased: Generated<boolean>;
}

export interface FunnelCartsTable {
  website_id: string;
  cart_id: string;
  visitor_hash: string;
  day: string;
}

/** An accepted call's records, kept until a batch writes them (see ingest/journal.ts). */
export interface IngestJournalTable {
  id: string;
  records: ColumnType<unknown, string, string>;
  accepted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnalyticsDB {
  hits: HitsTable;
  events: EventsTable;
  interactions: InteractionsTable;
  js_errors: JsErrorsTable;
  perf_records: PerfRecordsTable;
  daily_salts: DailySaltsTable;
  visitor_state: VisitorStateTable;
  traffic_hourly: TrafficHourlyTable;
  traffic_daily: TrafficDailyTable;
  page_daily: PageDailyTable;
  referrer_daily: ReferrerDailyTable;
  device_daily: DeviceDailyTable;
  product_daily: ProductDailyTable;
  sales_daily: SalesDailyTable;
  form_daily: FormDailyTable;
  event_daily: EventDailyTable;
  interaction_daily: InteractionDailyTable;
  error_daily: ErrorDailyTable;
  vitals_daily: VitalsDailyTable;
  settings: SettingsTable;
  products: ProductsTable;
  product_skus: ProductSkusTable;
  funnel_visitors: FunnelVisitorsTable;
  funnel_carts: FunnelCartsTable;
  ingest_journal: IngestJournalTable;
}

/** The raw tables the retention purge empties, with their time column. */
export const RAW_TABLES = ['hits', 'events', 'interactions', 'js_errors', 'perf_records'] as const;
export type RawTable = (typeof RAW_TABLES)[number];
