// Retention: raw rows older than ANALYTICS_RAW_RETENTION_DAYS are purged (rollups stay), and so
// is what only served one day's counting (visitor state, hourly visitor rows, old salts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { HitRecord } from '../src/ingest/records.js';
import { DailySalts } from '../src/ingest/visitor-id.js';
import { suite } from './kit.js';

const DAY = 86_400_000;

describe('analytics retention', () => {
  const kit = suite({ limits: { retentionDays: 7 } });

  const hit = (receivedAt: number, visitorHash: string): HitRecord => ({
    kind: 'hit',
    websiteId: kit.site,
    receivedAt,
    eventType: 1,
    path: '/',
    title: null,
    referrerHost: null,
    itemId: null,
    collectionId: null,
    pageType: null,
    device: 'desktop',
    visitorHash,
    viewportWidth: null,
    viewportHeight: null,
    screenWidth: null,
    screenHeight: null,
    locale: null,
    templateId: null,
    clientDate: null,
  });

  it('purges raw rows past the configured retention and keeps the rollups', async () => {
    const now = Date.now();
    await kit.analytics.writer.write([
      hit(now - 8 * DAY, randomUUID().replaceAll('-', '')),
      hit(now - 6 * DAY, randomUUID().replaceAll('-', '')),
      hit(now, randomUUID().replaceAll('-', '')),
    ]);
    await kit.analytics.writer.write([
      {
        kind: 'perf',
        websiteId: kit.site,
        receivedAt: now - 9 * DAY,
        pageLoadId: randomUUID(),
        path: '/',
        metric: 'LCP',
        value: 1,
        device: 'desktop',
      },
    ]);
    const oldSalt = new Date(now - 3 * DAY).toISOString().slice(0, 10);
    await kit.db
      .insertInto('daily_salts')
      .values({ day: oldSalt, salt: 'old-salt' })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    expect(await new DailySalts(kit.db).saltFor(now)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await kit.analytics.purge(now);

    const ages = await kit.db.selectFrom('hits').select('received_at').where('website_id', '=', kit.site).execute();
    expect(ages.map((r) => Math.round((now - new Date(r.received_at).getTime()) / DAY)).sort()).toEqual([0, 6]);
    expect(await kit.db.selectFrom('perf_records').select('path').where('website_id', '=', kit.site).execute()).toHaveLength(0);
    const daily = await kit.db
      .selectFrom('traffic_daily')
      .select((eb) => eb.fn.sum<number>('page_views').as('n'))
      .where('website_id', '=', kit.site)
      .executeTakeFirstOrThrow();
    expect(Number(daily.n)).toBe(3);
    const vitals = await kit.db.selectFrom('vitals_daily').select('count').where('website_id', '=', kit.site).execute();
    expect(vitals).toHaveLength(1);
    // Visitor state of days past: gone; today's: kept. Salts older than yesterday: gone.
    const states = await kit.db.selectFrom('visitor_state').select('last_seen').where('website_id', '=', kit.site).execute();
    expect(states).toHaveLength(1);
    const salts = await kit.db
      .selectFrom('daily_salts')
      .select((eb) => eb.cast<string>('day', 'text').as('day'))
      .execute();
    expect(salts.map((s) => s.day)).not.toContain(oldSalt);
    expect(salts.map((s) => s.day)).toContain(new Date(now).toISOString().slice(0, 10));
  });
});
