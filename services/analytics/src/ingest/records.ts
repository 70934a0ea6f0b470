// What the ingestion routes put in the buffer: one record per row of a raw table, already
// validated, rule-checked and anonymised (a visitor is a daily-salted hash, never an address).
export interface HitRecord {
  kind: 'hit';
  websiteId: string;
  receivedAt: number;
  eventType: number;
  path: string;
  title: string | null;
  referrerHost: string | null;
  itemId: string | null;
  collectionId: string | null;
  pageType: number | null;
  device: string;
  visitorHash: string;
  viewportWidth: number | null;
  viewportHeight: number | null;
  screenWidth: number | null;
  screenHeight: number | null;
  locale: string | null;
  templateId: string | null;
  clientDate: number | null;
}

export interface EventRecord {
  kind: 'event';
  websiteId: string;
  receivedAt: number;
  source: 'record-event' | 'provider';
  name: string;
  /** JSON text. */
  data: string;
  path: string | null;
  visitorHash: string;
}

export interface InteractionRecord {
  kind: 'interaction';
  websiteId: string;
  receivedAt: number;
  interaction: 'button-click' | 'button-render' | 'form-render' | 'overlay' | 'quick-view';
  /** The block, form, overlay or product it was about. */
  target: string;
  label: string | null;
  path: string | null;
  visitorHash: string;
}

export interface ErrorRecord {
  kind: 'error';
  websiteId: string;
  receivedAt: number;
  fingerprint: string;
  name: string;
  message: string;
  stack: string | null;
  source: string | null;
  line: number | null;
  column: number | null;
  path: string | null;
  device: string;
  caught: boolean;
}

export interface PerfRecord {
  kind: 'perf';
  websiteId: string;
  receivedAt: number;
  pageLoadId: string;
  path: string;
  metric: string;
  value: number;
  device: string;
}

export type IngestRecord = HitRecord | EventRecord | InteractionRecord | ErrorRecord | PerfRecord;

/** A record in the buffer: `journal` is the ingestion journal row that holds it until it is written. */
export type BufferedRecord = IngestRecord & { journal?: string };
