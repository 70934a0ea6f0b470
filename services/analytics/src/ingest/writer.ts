// Writes one buffered batch in one transaction: the raw rows (multi-row inserts), the visitor
// state that decides visits and unique visitors, and the additions to every rollup the batch
// touches. All or nothing: a failed batch changed nothing and is retried whole, so a retry can
// never count a record twice.
import { sql, type Kysely } from 'kysely';
import type { WebVitalMetric } from '@sc/contracts';
import type { AnalyticsDB } from '../tables.js';
import { dayOf, hourStart } from '../domain/dates.js';
import { visitStarts } from '../domain/visits.js';
import { bucketOf } from '../domain/vitals.js';
import { bulkAdd, bulkInsert, unnestRows, type Cell, type Column } from './bulk.js';
import { olderThan } from './journal.js';
import type { BufferedRecord, ErrorRecord, EventRecord, HitRecord, IngestRecord, InteractionRecord, PerfRecord } from './records.js';
import { withTables } from '@sc/platform';

const c = (name: string, type: Column['type'] = 'text'): Column => ({ name, type });
const WEBSITE = c('website_id');
const DAY = c('day', 'date');
const COUNT = (name: string) => c(name, 'integer');
const iso = (ms: number) => new Date(ms).toISOString();
const PAGE_VIEW = 1;
/** A view of the site search (SPEC 2: the search page sends this, never a page view); counted as a view of its path. */
const SITE_SEARCH = 2;

/** The product (and cart) an AddToCart event's JSON data names, if it names one. */
function addToCartData(json: string): { itemId: string; cartId: string | undefined } | undefined {
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data !== 'object' || data === null) return undefined;
    const { itemId, cartId } = data as { itemId?: unknown; cartId?: unknown };
    if (typeof itemId !== 'string' || itemId === '' || itemId.length > 200) return undefined;
    return { itemId, cartId: typeof cartId === 'string' && cartId !== '' && cartId.length <= 200 ? cartId : undefined };
  } catch {
    return undefined;
  }
}

/** Hour and day labels of a batch's times, each made once (a batch spans a few hours at most). */
class Buckets {
  readonly #hours = new Map<number, string>();
  readonly #days = new Map<number, string>();

  hour(ms: number): string {
    const start = hourStart(ms);
    let label = this.#hours.get(start);
    if (label === undefined) this.#hours.set(start, (label = iso(start)));
    return label;
  }

  day(ms: number): string {
    const start = hourStart(ms);
    let label = this.#days.get(start);
    if (label === undefined) this.#days.set(start, (label = dayOf(start)));
    return label;
  }
}

/** Sums counts per key: add(key parts, [n1, n2, ...]). */
class Tally {
  readonly #rows = new Map<string, { key: Cell[]; counts: number[] }>();

  add(key: Cell[], counts: number[]): void {
    const id = key.join('\u0000');
    const row = this.#rows.get(id);
    if (!row) {
      this.#rows.set(id, { key, counts: [...counts] });
      return;
    }
    counts.forEach((n, i) => (row.counts[i] = (row.counts[i] ?? 0) + n));
  }

  rows(): Cell[][] {
    return [...this.#rows.values()].map((row) => [...row.key, ...row.counts]);
  }
}

export class BatchWriter {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #schema: string;

  constructor(db: Kysely<AnalyticsDB>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  /**
   * Writes one batch in one transaction. Records that came through the journal are written only
   * if this transaction deletes their journal row: a row another process already recovered (or
   * is recovering) is gone or locked, and its records are left to that process.
   */
  async write(records: readonly BufferedRecord[]): Promise<void> {
    const ids = [...new Set(records.flatMap((r) => (r.journal === undefined ? [] : [r.journal])))];
    await this.#db.transaction().execute(async (trx) => {
      const db = withTables<unknown>(trx);
      let kept: readonly BufferedRecord[] = records;
      if (ids.length > 0) {
        const deleted = await sql<{
          id: string;
        }>`delete from ${sql.id(this.#schema, 'ingest_journal')} where id = any(${ids}::text[]::uuid[]) returning id::text as id`.execute(
          db,
        );
        if (deleted.rows.length < ids.length) {
          const mine = new Set(deleted.rows.map((row) => row.id));
          kept = records.filter((r) => r.journal === undefined || mine.has(r.journal));
        }
      }
      await this.#writeIn(db, kept);
    });
  }

  /**
   * Writes journal rows older than `olderThanMs` that no live buffer has written (their process
   * died, or shut down unable to reach the database), at most `limit` calls per transaction.
   * Returns the number of records written.
   */
  async recover(olderThanMs: number, limit = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const written = await this.#db.transaction().execute(async (trx) => {
        const db = withTables<unknown>(trx);
        const rows = await sql<{
          id: string;
          records: unknown;
        }>`select id::text as id, records from ${sql.id(this.#schema, 'ingest_journal')}
          where ${olderThan(olderThanMs)} order by accepted_at limit ${limit} for update skip locked`.execute(db);
        if (rows.rows.length === 0) return 0;
        await sql`delete from ${sql.id(this.#schema, 'ingest_journal')} where id = any(${rows.rows.map((r) => r.id)}::text[]::uuid[])`.execute(
          db,
        );
        const records = rows.rows.flatMap(
          (row) => (typeof row.records === 'string' ? JSON.parse(row.records) : row.records) as IngestRecord[],
        );
        await this.#writeIn(db, records);
        return records.length;
      });
      total += written;
      if (written === 0) return total;
    }
  }

  async #writeIn(db: Kysely<unknown>, records: readonly IngestRecord[]): Promise<void> {
    const hits: HitRecord[] = [];
    const events: EventRecord[] = [];
    const interactions: InteractionRecord[] = [];
    const errors: ErrorRecord[] = [];
    const perf: PerfRecord[] = [];
    for (const record of records) {
      switch (record.kind) {
        case 'hit':
          hits.push(record);
          break;
        case 'event':
          events.push(record);
          break;
        case 'interaction':
          interactions.push(record);
          break;
        case 'error':
          errors.push(record);
          break;
        case 'perf':
          perf.push(record);
          break;
      }
    }
    if (hits.length > 0) await this.#hits(db, hits);
    if (events.length > 0) await this.#events(db, events);
    if (interactions.length > 0) await this.#interactions(db, interactions);
    if (errors.length > 0) await this.#errors(db, errors);
    if (perf.length > 0) await this.#perf(db, perf);
  }

  async #hits(db: Kysely<unknown>, hits: HitRecord[]): Promise<void> {
    const s = this.#schema;
    await bulkInsert(
      db,
      s,
      'hits',
      [
        WEBSITE,
        c('received_at', 'epoch-ms'),
        c('event_type', 'smallint'),
        c('path'),
        c('title'),
        c('referrer_host'),
        c('item_id'),
        c('collection_id'),
        c('page_type', 'integer'),
        c('device'),
        c('visitor_hash'),
        c('viewport_width', 'integer'),
        c('viewport_height', 'integer'),
        c('screen_width', 'integer'),
        c('screen_height', 'integer'),
        c('locale'),
        c('template_id'),
        c('client_date', 'epoch-ms'),
      ],
      hits.map((h) => [
        h.websiteId,
        h.receivedAt,
        h.eventType,
        h.path,
        h.title,
        h.referrerHost,
        h.itemId,
        h.collectionId,
        h.pageType,
        h.device,
        h.visitorHash,
        h.viewportWidth,
        h.viewportHeight,
        h.screenWidth,
        h.screenHeight,
        h.locale,
        h.templateId,
        h.clientDate,
      ]),
    );

    // Visitors: one state row per (website, daily hash). A new row is a new visitor of the day;
    // the previous last-seen time decides whether the batch's first hit starts a visit or is the
    // visitor's first in its hour.
    const b = new Buckets();
    const groups = new Map<string, HitRecord[]>();
    for (const hit of hits) {
      const key = `${hit.websiteId}\u0000${hit.visitorHash}`;
      const group = groups.get(key);
      if (group) group.push(hit);
      else groups.set(key, [hit]);
    }
    // Rows in key order, so concurrent writers lock them in the same order.
    const stateRows = [...groups.entries()]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([, group]) => {
        group.sort((x, y) => x.receivedAt - y.receivedAt);
        const first = group[0]!;
        return [first.websiteId, first.visitorHash, iso(group[group.length - 1]!.receivedAt)] as Cell[];
      });
    const states = await sql<{ website_id: string; visitor_hash: string; prev_seen: Date | string | null; inserted: boolean }>`
      insert into ${sql.id(s, 'visitor_state')} as s (website_id, visitor_hash, last_seen)
      ${unnestRows([WEBSITE, c('visitor_hash'), c('last_seen', 'timestamptz')], stateRows)}
      on conflict (website_id, visitor_hash) do update set prev_seen = s.last_seen, last_seen = greatest(s.last_seen, excluded.last_seen)
      returning website_id, visitor_hash, prev_seen, (xmax = 0) as inserted`.execute(db);

    const hourly = new Tally();
    const daily = new Tally();
    const devices = new Tally();
    for (const state of states.rows) {
      const group = groups.get(`${state.website_id}\u0000${state.visitor_hash}`);
      if (!group) continue;
      const previous = state.inserted || state.prev_seen === null ? null : new Date(state.prev_seen).getTime();
      const starts = visitStarts(
        group.map((h) => h.receivedAt),
        previous,
      );
      // A visitor counts once per hour: a hit in a later hour than the visitor's hit before it
      // (hits come in time order per visitor; a late hit older than the last one seen is not new).
      let last = previous;
      group.forEach((hit, i) => {
        const hour = hourStart(hit.receivedAt);
        if (last === null || hour > hourStart(last)) hourly.add([hit.websiteId, b.hour(hour)], [0, 0, 1]);
        last = last === null ? hit.receivedAt : Math.max(last, hit.receivedAt);
        if (!starts[i]) return;
        hourly.add([hit.websiteId, b.hour(hour)], [0, 1, 0]);
        daily.add([hit.websiteId, b.day(hit.receivedAt)], [0, 1, 0]);
        devices.add([hit.websiteId, b.day(hit.receivedAt), hit.device], [0, 1, 0]);
      });
      if (state.inserted) {
        const first = group[0]!;
        daily.add([first.websiteId, b.day(first.receivedAt)], [0, 0, 1]);
        devices.add([first.websiteId, b.day(first.receivedAt), first.device], [0, 0, 1]);
      }
    }

    const pages = new Tally();
    const referrers = new Tally();
    const productViews = new Tally();
    for (const hit of hits) {
      if (hit.eventType !== PAGE_VIEW && hit.eventType !== SITE_SEARCH) continue;
      const day = b.day(hit.receivedAt);
      hourly.add([hit.websiteId, b.hour(hit.receivedAt)], [1, 0, 0]);
      daily.add([hit.websiteId, day], [1, 0, 0]);
      devices.add([hit.websiteId, day, hit.device], [1, 0, 0]);
      pages.add([hit.websiteId, day, hit.path], [1]);
      if (hit.referrerHost) referrers.add([hit.websiteId, day, hit.referrerHost], [1]);
      if (hit.itemId) productViews.add([hit.websiteId, day, hit.itemId], [1]);
    }
    const traffic = [COUNT('page_views'), COUNT('visits'), COUNT('visitors')];
    await bulkAdd(db, s, 'traffic_hourly', [WEBSITE, c('hour', 'timestamptz')], traffic, hourly.rows());
    await bulkAdd(db, s, 'traffic_daily', [WEBSITE, DAY], traffic, daily.rows());
    await bulkAdd(db, s, 'device_daily', [WEBSITE, DAY, c('device')], traffic, devices.rows());
    await bulkAdd(db, s, 'page_daily', [WEBSITE, DAY, c('path')], [COUNT('views')], pages.rows());
    await bulkAdd(db, s, 'referrer_daily', [WEBSITE, DAY, c('host')], [COUNT('views')], referrers.rows());
    // A page view of an item is a product view when the item is a product (content's catalogue).
    await bulkAdd(db, s, 'product_daily', [WEBSITE, DAY, c('product_id')], [COUNT('views')], productViews.rows(), {
      where: sql<boolean>`exists (select 1 from ${sql.id(s, 'products')} p where p.website_id = u.website_id and p.product_id = u.product_id)`,
    });
    await this.#funnelViews(
      db,
      hits.filter((h) => h.eventType === PAGE_VIEW && h.itemId).map((h) => [h.websiteId, b.day(h.receivedAt), h.itemId, h.visitorHash]),
    );
  }

  /** The funnel's first step: (website, day, product, visitor) rows of the product's viewers. */
  async #funnelViews(db: Kysely<unknown>, rows: Cell[][]): Promise<void> {
    if (rows.length === 0) return;
    const s = this.#schema;
    const unique = [...new Map(rows.map((row) => [row.join('\u0000'), row])).entries()]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([, row]) => row);
    await sql`insert into ${sql.id(s, 'funnel_visitors')} (website_id, day, product_id, visitor_hash)
      ${unnestRows([WEBSITE, DAY, c('product_id'), c('visitor_hash')], unique, sql<boolean>`exists (select 1 from ${sql.id(s, 'products')} p where p.website_id = u.website_id and p.product_id = u.product_id)`)}
      on conflict do nothing`.execute(db);
  }

  /**
   * The funnel's second step: an AddToCart event marks its visitor as having added the product,
   * only where that visitor viewed it that day; the cart it names is linked to the visitor (a
   * placed order of that cart marks the third step).
   */
  async #funnelAdds(db: Kysely<unknown>, events: EventRecord[]): Promise<void> {
    const s = this.#schema;
    const b = new Buckets();
    const adds: Cell[][] = [];
    const carts: Cell[][] = [];
    for (const e of events) {
      if (e.name !== 'AddToCart') continue;
      const data = addToCartData(e.data);
      if (!data) continue;
      const day = b.day(e.receivedAt);
      adds.push([e.websiteId, day, data.itemId, e.visitorHash]);
      if (data.cartId) carts.push([e.websiteId, data.cartId, e.visitorHash, day]);
    }
    if (adds.length > 0) {
      await sql`update ${sql.id(s, 'funnel_visitors')} f set added = true
        from (${unnestRows([WEBSITE, DAY, c('product_id'), c('visitor_hash')], adds)}) a
        where f.website_id = a.website_id and f.day = a.day and f.product_id = a.product_id and f.visitor_hash = a.visitor_hash and not f.added`.execute(
        db,
      );
    }
    if (carts.length > 0) {
      await sql`insert into ${sql.id(s, 'funnel_carts')} (website_id, cart_id, visitor_hash, day)
        ${unnestRows([WEBSITE, c('cart_id'), c('visitor_hash'), DAY], carts)} on conflict do nothing`.execute(db);
    }
  }

  async #events(db: Kysely<unknown>, events: EventRecord[]): Promise<void> {
    const s = this.#schema;
    await bulkInsert(
      db,
      s,
      'events',
      [WEBSITE, c('received_at', 'epoch-ms'), c('source'), c('name'), c('data', 'jsonb'), c('path'), c('visitor_hash')],
      events.map((e) => [e.websiteId, e.receivedAt, e.source, e.name, e.data, e.path, e.visitorHash]),
    );
    const b = new Buckets();
    const counts = new Tally();
    for (const e of events) counts.add([e.websiteId, b.day(e.receivedAt), e.name], [1]);
    await bulkAdd(db, s, 'event_daily', [WEBSITE, DAY, c('name')], [COUNT('count')], counts.rows());
    await this.#funnelAdds(db, events);
  }

  async #interactions(db: Kysely<unknown>, interactions: InteractionRecord[]): Promise<void> {
    const s = this.#schema;
    await bulkInsert(
      db,
      s,
      'interactions',
      [WEBSITE, c('received_at', 'epoch-ms'), c('kind'), c('target'), c('label'), c('path'), c('visitor_hash')],
      interactions.map((i) => [i.websiteId, i.receivedAt, i.interaction, i.target, i.label, i.path, i.visitorHash]),
    );
    const counts = new Tally();
    const formViews = new Tally();
    const quickViews = new Tally();
    const b = new Buckets();
    for (const i of interactions) {
      const day = b.day(i.receivedAt);
      counts.add([i.websiteId, day, i.interaction, i.target], [1]);
      if (i.interaction === 'form-render') formViews.add([i.websiteId, day, i.target], [1]);
      if (i.interaction === 'quick-view') quickViews.add([i.websiteId, day, i.target], [1]);
    }
    await bulkAdd(db, s, 'interaction_daily', [WEBSITE, DAY, c('kind'), c('target')], [COUNT('count')], counts.rows());
    await bulkAdd(db, s, 'form_daily', [WEBSITE, DAY, c('form_id')], [COUNT('views')], formViews.rows());
    await bulkAdd(db, s, 'product_daily', [WEBSITE, DAY, c('product_id')], [COUNT('views')], quickViews.rows());
    await this.#funnelViews(
      db,
      interactions.filter((i) => i.interaction === 'quick-view').map((i) => [i.websiteId, b.day(i.receivedAt), i.target, i.visitorHash]),
    );
  }

  async #errors(db: Kysely<unknown>, errors: ErrorRecord[]): Promise<void> {
    const s = this.#schema;
    await bulkInsert(
      db,
      s,
      'js_errors',
      [
        WEBSITE,
        c('received_at', 'epoch-ms'),
        c('fingerprint'),
        c('name'),
        c('message'),
        c('stack'),
        c('source'),
        c('line', 'integer'),
        c('col', 'integer'),
        c('path'),
        c('device'),
        c('caught', 'boolean'),
      ],
      errors.map((e) => [
        e.websiteId,
        e.receivedAt,
        e.fingerprint,
        e.name,
        e.message,
        e.stack,
        e.source,
        e.line,
        e.column,
        e.path,
        e.device,
        e.caught,
      ]),
    );
    const b = new Buckets();
    const counts = new Map<string, Cell[]>();
    for (const e of errors) {
      const key = [e.websiteId, b.day(e.receivedAt), e.fingerprint];
      const id = key.join('\u0000');
      const row = counts.get(id);
      if (row) row[3] = (row[3] as number) + 1;
      else counts.set(id, [...key, 1, e.name, e.message.slice(0, 500), e.source]);
    }
    await bulkAdd(db, s, 'error_daily', [WEBSITE, DAY, c('fingerprint')], [COUNT('count')], [...counts.values()], {
      kept: [c('name'), c('message'), c('source')],
    });
  }

  async #perf(db: Kysely<unknown>, records: PerfRecord[]): Promise<void> {
    const s = this.#schema;
    await bulkInsert(
      db,
      s,
      'perf_records',
      [WEBSITE, c('received_at', 'epoch-ms'), c('page_load_id', 'uuid'), c('path'), c('metric'), c('value', 'float8'), c('device')],
      records.map((r) => [r.websiteId, r.receivedAt, r.pageLoadId, r.path, r.metric, r.value, r.device]),
    );
    const b = new Buckets();
    const buckets = new Tally();
    for (const r of records)
      buckets.add([r.websiteId, b.day(r.receivedAt), r.metric, r.device, bucketOf(r.metric as WebVitalMetric, r.value)], [1]);
    await bulkAdd(
      db,
      s,
      'vitals_daily',
      [WEBSITE, DAY, c('metric'), c('device'), c('bucket', 'smallint')],
      [COUNT('count')],
      buckets.rows(),
    );
  }
}
