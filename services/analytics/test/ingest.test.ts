// Every SPEC 7 ingestion call against a real database: its body format (form-encoded or JSON,
// text/plain beacons), 400 for garbage with nothing written, 202 once buffered, batches written
// to the raw tables, and 503 (never a silent drop) when the buffer is full.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { AnalyticsMessages, ErrorReporterLimits } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';
import { hitForm, setup, suite } from './kit.js';

describe('analytics ingestion', () => {
  const kit = suite();

  const count = async (table: 'hits' | 'events' | 'interactions' | 'js_errors' | 'perf_records', site = kit.site) =>
    Number(
      (
        await kit.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('website_id', '=', site)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a form-encoded RecordHit with 202 and writes it in the next batch', async () => {
    const response = await kit.call('POST', '/api/census/RecordHit', undefined, {
      form: hitForm(kit.site, {
        url: 'https://shop.example.com/shop/p/lamp?ref=mail#top',
        referrer: 'https://www.google.com/search?q=x',
        viewportWidth: 1200,
        screenWidth: 1920,
      }),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
    await kit.flush();
    const rows = await kit.db.selectFrom('hits').selectAll().where('website_id', '=', kit.site).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: '/shop/p/lamp',
      referrer_host: 'google.com',
      event_type: 1,
      device: 'desktop',
      viewport_width: 1200,
      screen_width: 1920,
    });
    // No raw address anywhere: the visitor is a 32-character hash.
    expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(rows[0])).not.toContain('203.0.113.7');
  });

  it('refuses garbage with 400 and writes nothing', async () => {
    const site = unique('garbage');
    const bad: Array<Record<string, string>> = [
      { event: '1', data: 'not json' },
      { event: '1' },
      { event: 'abc', data: JSON.stringify({ websiteId: site, url: '/' }) },
      { event: '3', data: JSON.stringify({ websiteId: site, url: '/' }) },
      { event: '1', data: JSON.stringify({ websiteId: site }) },
      { event: '1', data: JSON.stringify({ websiteId: site, url: '/', surprise: true }) },
      { event: '1', data: JSON.stringify({ websiteId: site, url: '/' }), extra: 'x' },
    ];
    for (const form of bad) {
      const response = await kit.call('POST', '/api/census/RecordHit', undefined, { form, site });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const json = await kit.call('POST', '/api/census/RecordHit', { event: 1 }, { site });
    expect(json.statusCode).toBe(400);
    await kit.flush();
    expect(await count('hits', site)).toBe(0);
  });

  it('refuses tracking data for another website', async () => {
    const response = await kit.call('POST', '/api/census/RecordHit', undefined, { form: hitForm('someone-else') });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AnalyticsMessages.otherWebsite);
  });

  it('records the census calls (JSON or form-encoded) when the census cookie is there', async () => {
    const site = unique('census');
    const cookies = { ss_cvr: `${randomUUID()}|1|1|1|1` };
    for (const kind of ['button-click', 'button-render', 'overlay'] as const) {
      const response = await kit.call(
        'POST',
        `/api/census/${kind}`,
        { url: 'https://shop.example.com/', blockId: 'block-1', label: 'Buy', action: 'shown' },
        { site, cookies },
      );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: 1 });
    }
    const form = await kit.call('POST', '/api/census/form-render', undefined, {
      site,
      cookies,
      form: { url: 'https://shop.example.com/contact', formId: 'form-9' },
    });
    expect(form.statusCode).toBe(202);
    const quick = await kit.call('POST', '/api/census/RecordQuickView/prod-7', undefined, { site, cookies });
    expect(quick.statusCode).toBe(202);
    expect(
      (await kit.call('POST', '/api/census/button-click', { url: 'https://shop.example.com/', bogus: 1 }, { site, cookies })).statusCode,
    ).toBe(400);
    await kit.flush();
    const rows = await kit.db
      .selectFrom('interactions')
      .select(['kind', 'target', 'label', 'path'])
      .where('website_id', '=', site)
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { kind: 'button-click', target: 'block-1', label: 'Buy', path: '/' },
      { kind: 'button-render', target: 'block-1', label: 'Buy', path: '/' },
      { kind: 'form-render', target: 'form-9', label: null, path: '/contact' },
      { kind: 'overlay', target: 'block-1', label: 'shown', path: '/' },
      { kind: 'quick-view', target: 'prod-7', label: null, path: null },
    ]);
  });

  it('records RecordEvent (form-encoded with crumb) and provider events (JSON, beacon text/plain)', async () => {
    const site = unique('events');
    const recorded = await kit.call('POST', '/api/events/RecordEvent', undefined, {
      site,
      form: {
        crumb: 'abc',
        event: 'CommerceShopping_VisitPDP',
        data: JSON.stringify({ productId: 'p1', url: 'https://shop.example.com/shop/p/lamp' }),
      },
    });
    expect(recorded.statusCode).toBe(202);
    const content = JSON.stringify({
      event_occurrence_timestamp: Date.now(),
      page_path: '/shop',
      analytics_id: 'a-1',
      session_id: 's-1',
      source_environment: 'prod',
    });
    const provider = await kit.call('POST', '/api/events/provider', { eventSchemaName: 'ReviewsTab', eventContent: content }, { site });
    expect(provider.statusCode).toBe(202);
    const beacon = await kit.call('POST', '/api/events/provider', JSON.stringify({ eventSchemaName: 'ViewCart', eventContent: content }), {
      site,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.statusCode).toBe(202);
    expect(
      (await kit.call('POST', '/api/events/provider', 'nonsense', { site, headers: { 'content-type': 'text/plain' } })).statusCode,
    ).toBe(400);
    expect(
      (await kit.call('POST', '/api/events/provider', { eventSchemaName: 'X', eventContent: '{"page_path":"/"}' }, { site })).statusCode,
    ).toBe(400);
    await kit.flush();
    const rows = await kit.db
      .selectFrom('events')
      .select(['source', 'name', 'data', 'path'])
      .where('website_id', '=', site)
      .orderBy('name')
      .execute();
    expect(rows.map((r) => [r.source, r.name, r.path])).toEqual([
      ['record-event', 'CommerceShopping_VisitPDP', '/shop/p/lamp'],
      ['provider', 'ReviewsTab', '/shop'],
      ['provider', 'ViewCart', '/shop'],
    ]);
    // The client's own ids are not kept.
    expect(JSON.stringify(rows[1]!.data)).not.toContain('a-1');
    expect(JSON.stringify(rows[1]!.data)).not.toContain('s-1');
  });

  it('validates a provider payload in validate mode without recording it', async () => {
    const site = unique('validate');
    const ok = await kit.call(
      'POST',
      '/api/events/provider/validate-event-content/ReviewsTab',
      { eventContent: JSON.stringify({ event_occurrence_timestamp: 1 }) },
      { site },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, schemaName: 'ReviewsTab' });
    const bad = await kit.call(
      'POST',
      '/api/events/provider/validate-event-content/ReviewsTab',
      { eventContent: JSON.stringify({ browser_window_width: 'wide' }) },
      { site },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).join()).toContain('eventContent');
    await kit.flush();
    expect(await count('events', site)).toBe(0);
  });

  it('records client errors with stacks cut to 5000 characters, at most 20 per call', async () => {
    const site = unique('errors');
    const report = {
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      stack: `TypeError: x\n    at render (https://shop.example.com/assets/app.js?v=3:10:5)\n${'x'.repeat(9000)}`,
      url: 'https://shop.example.com/cart',
    };
    const response = await kit.call('POST', '/api/events/RecordJavascriptErrors', [report, { ...report, message: 'other' }], { site });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const tooMany = await kit.call(
      'POST',
      '/api/events/RecordJavascriptErrors',
      Array.from({ length: ErrorReporterLimits.reportsPerPage + 1 }, () => report),
      { site },
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await kit.call('POST', '/api/events/RecordJavascriptErrors', [], { site })).statusCode).toBe(400);
    expect((await kit.call('POST', '/api/events/RecordJavascriptErrors', { message: 'not an array' }, { site })).statusCode).toBe(400);
    await kit.flush();
    const rows = await kit.db.selectFrom('js_errors').select(['name', 'stack', 'path']).where('website_id', '=', site).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.name).toBe('TypeError');
    expect(rows[0]!.stack).toHaveLength(5000);
    expect(rows[0]!.path).toBe('/cart');
  });

  it('gives a page load id and takes performance batches (beacon or XHR)', async () => {
    const site = unique('perf');
    const settings = await kit.call('GET', '/api/1/performance/settings', undefined, { site });
    expect(settings.statusCode).toBe(200);
    const { pageLoadId, enabled } = settings.json();
    expect(pageLoadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(enabled).toBe(true);
    const body = {
      pageLoadId,
      url: 'https://shop.example.com/',
      records: [
        { metric: 'LCP', value: 1800 },
        { metric: 'CLS', value: 0.05 },
        { metric: 'INP', value: 120 },
      ],
    };
    const xhr = await kit.call('POST', '/api/1/performance/records', body, { site });
    expect(xhr.statusCode).toBe(202);
    expect(xhr.json()).toEqual({ accepted: 3 });
    const beacon = await kit.call('POST', '/api/1/performance/records', JSON.stringify(body), {
      site,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.statusCode).toBe(202);
    for (const bad of [
      { ...body, pageLoadId: 'x' },
      { ...body, records: [] },
      { ...body, records: [{ metric: 'LCP', value: -1 }] },
      { ...body, records: [{ metric: 'SPEED', value: 1 }] },
    ]) {
      expect((await kit.call('POST', '/api/1/performance/records', bad, { site })).statusCode).toBe(400);
    }
    await kit.flush();
    expect(await count('perf_records', site)).toBe(6);
  });

  it('answers 503 with nothing dropped when the buffer is full, and takes records again once written', async () => {
    const small = await setup({ limits: { bufferMax: 5, flushBatch: 1000, flushIntervalMs: 3_600_000 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await small.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(small.site) })).statusCode);
      expect(codes).toEqual([202, 202, 202, 202, 202, 503, 503]);
      const full = await small.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(small.site) });
      expect(full.json().error.message).toBe(AnalyticsMessages.busy);
      expect(full.headers['retry-after']).toBe('1');
      await small.flush();
      expect(
        Number(
          (
            await small.db
              .selectFrom('hits')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('website_id', '=', small.site)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(5);
      expect((await small.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(small.site) })).statusCode).toBe(202);
    } finally {
      await small.close();
    }
  });

  it('publishes every route in its OpenAPI document', async () => {
    const response = await kit.call('GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/census/RecordHit',
      '/api/census/button-click',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/overlay',
      '/api/census/RecordQuickView/{id}',
      '/api/events/RecordEvent',
      '/api/events/RecordJavascriptErrors',
      '/api/events/provider',
      '/api/events/provider/validate-event-content/{schemaName}',
      '/api/1/performance/settings',
      '/api/1/performance/records',
      '/api/commerce/fullstory/getId',
      '/api/census/reports/traffic',
      '/api/census/settings',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
