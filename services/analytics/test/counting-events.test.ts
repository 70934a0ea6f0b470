// Counting events (cart adds and removals, form submissions) are applied once per consumer however
// often and however concurrently the bus delivers them: the handled id and the rollup are written
// together, so a redelivery adds nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';
import { sql } from 'kysely';
import { applyEvent, COMMERCE_CONSUMER, FORMS_CONSUMER } from '../src/index.js';
import { suite } from './kit.js';

const added = (site: string, itemId: string, quantity: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'commerce.cart.entry-added',
  websiteId: site,
  occurredAt: '2026-11-20T10:00:00.000Z',
  data: {
    cartId: randomUUID(),
    entryId: randomUUID(),
    itemId,
    variantId: 'v1',
    sku: 'SKU-1',
    quantity,
    unitPrice: { value: '1000', currency: 'USD' },
  },
});

describe('counting events, each once', () => {
  const kit = suite();

  const productDay = async (site: string, itemId: string) =>
    (
      await sql<{
        adds: number;
        add_quantity: number;
        removes: number;
      }>`select adds, add_quantity, removes from analytics.product_daily where website_id = ${site} and product_id = ${itemId}`.execute(
        kit.ctx.db,
      )
    ).rows;
  const handled = async (eventId: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from analytics.handled_events where event_id = ${eventId}::uuid`.execute(kit.ctx.db))
        .rows[0]?.n,
    );

  it('adds each event once: a redelivery answers false and changes nothing', async () => {
    const site = unique('count');
    const first = added(site, 'p1', 2);
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, first)).toBe(true);
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, added(site, 'p1', 3))).toBe(true);
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, first)).toBe(false);
    expect(await productDay(site, 'p1')).toEqual([{ adds: 2, add_quantity: 5, removes: 0 }]);
    expect(await handled(first.id)).toBe(1);
  });

  it('counts 40 events delivered twice each, all at once, exactly once', async () => {
    const site = unique('count');
    const events = Array.from({ length: 40 }, (_, i) => added(site, i % 2 === 0 ? 'even' : 'odd', 1));
    const results = await Promise.all([...events, ...events].map((event) => applyEvent(kit.ctx, COMMERCE_CONSUMER, event)));
    expect(results.filter(Boolean)).toHaveLength(40);
    expect(await productDay(site, 'even')).toEqual([{ adds: 20, add_quantity: 20, removes: 0 }]);
    expect(await productDay(site, 'odd')).toEqual([{ adds: 20, add_quantity: 20, removes: 0 }]);
  });

  it('keeps handled ids per consumer, and counts removals and form submissions the same way', async () => {
    const site = unique('count');
    const removed: EventEnvelope = {
      ...added(site, 'p2', 1),
      type: 'commerce.cart.entry-removed',
      data: { cartId: randomUUID(), entryId: randomUUID(), itemId: 'p2', variantId: 'v1', sku: 'SKU-1', quantity: 1 },
    };
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, removed)).toBe(true);
    expect(await applyEvent(kit.ctx, COMMERCE_CONSUMER, removed)).toBe(false);
    expect(await productDay(site, 'p2')).toEqual([{ adds: 0, add_quantity: 0, removes: 1 }]);
    const saved: EventEnvelope = {
      id: randomUUID(),
      type: 'forms.submission.saved',
      websiteId: site,
      occurredAt: '2026-11-20T10:00:00.000Z',
      data: { formId: 'f1', submissionId: randomUUID(), formType: 1, pageId: null, pagePath: null, contentSource: null },
    };
    expect(await applyEvent(kit.ctx, FORMS_CONSUMER, saved)).toBe(true);
    expect(await applyEvent(kit.ctx, FORMS_CONSUMER, saved)).toBe(false);
    const forms = await sql<{
      submissions: number;
    }>`select submissions from analytics.form_daily where website_id = ${site} and form_id = 'f1'`.execute(kit.ctx.db);
    expect(forms.rows).toEqual([{ submissions: 1 }]);
  });
});
