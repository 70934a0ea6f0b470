// Waitlists against a real database: the SPEC 5 signup rules, the owner's groups and signups with
// cursor paging, send and send all exactly once per signup (also when pressed twice at once), and
// automatic notification from commerce.stock.changed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FormMessages, RestockMessages, type EventEnvelope } from '@sc/contracts';
import { solve } from '@sc/platform';
import { applyContentEvent, applyStockChanged } from '../src/index.js';
import { ADMIN, BASE, setup, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const signup = (email: string, productId = 'prod-1', variantId = 'var-1', extra: Record<string, unknown> = {}) => ({
  isJoinMailingList: false,
  productId,
  variantId,
  siteVisitorEmail: email,
  ...extra,
});

const event = (type: string, websiteId: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  websiteId,
  occurredAt: new Date().toISOString(),
  data,
});

describe('restock waitlists', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  it("refuses a blank email with 'Email cannot be blank' and a bad one with 'Email is invalid'", async () => {
    const blank = await kit.call('POST', BASE, signup('   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Email cannot be blank');
    for (const bad of [
      'a@b',
      'no-at.example.com',
      'x@example.museum',
      'x@example.c',
      `${'a'.repeat(250)}@example.com`,
      'a b@example.com',
    ]) {
      const response = await kit.call('POST', BASE, signup(bad));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(RestockMessages.emailInvalid);
    }
    expect((await kit.call('POST', BASE, signup('ok@example.info'))).statusCode).toBe(200);
  });

  it("answers 'Signed up!' or the site's own success text, one signup per email per variant", async () => {
    const first = await kit.call('POST', BASE, signup('Same@Example.com', 'p-once', 'v-once'));
    expect(first.json()).toEqual({ success: true, message: 'Signed up!' });
    await kit.call('POST', BASE, signup('same@example.com', 'p-once', 'v-once'));
    const listed = await kit.call('GET', `${BASE}?productId=p-once&variantId=v-once`, undefined, { roles: ADMIN });
    expect(listed.json().signUps).toHaveLength(1);
    const saved = await kit.call('PUT', `${BASE}/settings`, { successText: 'We will tell you!' }, { roles: ADMIN });
    expect(saved.statusCode).toBe(200);
    expect((await kit.call('POST', BASE, signup('other@example.com', 'p-once', 'v-once'))).json().message).toBe('We will tell you!');
    await kit.call('PUT', `${BASE}/settings`, {}, { roles: ADMIN });
  });

  it('asks for the captcha when the site turned it on', async () => {
    const { site } = kit;
    await kit.call('PUT', `${BASE}/settings`, { captchaEnabled: true }, { roles: ADMIN });
    try {
      const missing = await kit.call('POST', BASE, signup('cap@example.com'));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(FormMessages.captchaRequired);
      const wrong = await kit.call(
        'POST',
        BASE,
        signup('cap@example.com', 'prod-1', 'var-1', { captchaToken: 'pow.00000000-0000-0000-0000-000000000000.1' }),
      );
      expect(wrong.json().error.message).toBe('reCAPTCHA failed. Refresh this page and try again.');
      const challenge = (await kit.call('POST', `${BASE}/captcha/challenge`)).json();
      const token = `pow.${challenge.challengeId}.${solve(challenge)}`;
      expect((await kit.call('POST', BASE, signup('cap@example.com', 'prod-1', 'var-1', { captchaToken: token }))).statusCode).toBe(200);
      expect((await kit.call('POST', BASE, signup('cap2@example.com', 'prod-1', 'var-1', { captchaToken: token }))).statusCode).toBe(400);
    } finally {
      await kit.call('PUT', `${BASE}/settings`, {}, { roles: ADMIN, site });
    }
  });

  it('lists groups and signups with cursor paging; owners only', async () => {
    for (let i = 0; i < 5; i++) await kit.call('POST', BASE, signup(`page${i}@example.com`, 'p-page', 'v-page'));
    await kit.call('POST', BASE, signup('x@example.com', 'p-page', 'v-other'));
    expect((await kit.call('GET', `${BASE}/groups`)).statusCode).toBe(401);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${BASE}?productId=p-page&variantId=v-page&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await kit.call('GET', url, undefined, { roles: ADMIN })).json();
      seen.push(...page.signUps.map((s: { email: string }) => s.email));
      cursor = page.nextPageCursor;
    } while (cursor);
    expect(seen).toEqual(['page0@example.com', 'page1@example.com', 'page2@example.com', 'page3@example.com', 'page4@example.com']);

    const groups: Array<{ productId: string; variantId: string; signUpCount: number }> = [];
    cursor = null;
    do {
      const url: string = `${BASE}/groups?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await kit.call('GET', url, undefined, { roles: ADMIN })).json();
      groups.push(...page.signUpGroups);
      cursor = page.nextPageCursor;
    } while (cursor);
    expect(groups.find((g) => g.productId === 'p-page' && g.variantId === 'v-page')?.signUpCount).toBe(5);
    expect(groups.find((g) => g.productId === 'p-page' && g.variantId === 'v-other')?.signUpCount).toBe(1);
    expect(new Set(groups.map((g) => `${g.productId}/${g.variantId}`)).size).toBe(groups.length);
  });

  it('sends once per signup even when send is pressed twice, with the product name from content', async () => {
    await applyContentEvent(
      kit.parts,
      event('content.website.created', kit.site, { title: 'Harbour', templateId: 't', domains: ['harbour.example'], previousDomains: [] }),
    );
    await applyContentEvent(
      kit.parts,
      event('content.product.upserted', kit.site, {
        productId: 'p-send',
        collectionId: 'c',
        version: 1,
        title: 'Blue Mug',
        urlId: 'blue-mug',
        fullUrl: '/shop/blue-mug',
        productType: 1,
        currency: 'USD',
        status: 'published',
        publishOn: null,
        visible: true,
        variantOptionOrdering: ['Size'],
        variants: [
          {
            id: 'v-send',
            sku: 'MUG-L',
            attributes: { Size: 'Large' },
            optionValues: [{ optionName: 'Size', value: 'Large' }],
            priceMoney: { value: '1000', currency: 'USD' },
            salePriceMoney: null,
            onSale: false,
            qtyInStock: 0,
            unlimited: false,
          },
        ],
        isSubscribable: false,
        subscriptionPlan: null,
        giftCardDenominations: [],
        additionalFieldsFormId: null,
        useCustomAddButtonText: false,
        customAddButtonText: '',
        urls: [],
      }),
    );
    await kit.call('POST', BASE, signup('one@example.com', 'p-send', 'v-send'));
    await kit.call('POST', BASE, signup('two@example.com', 'p-send', 'v-send'));
    const first = await kit.call('POST', `${BASE}/send`, { productId: 'p-send', variantId: 'v-send' }, { roles: ADMIN });
    expect(first.json()).toEqual({ queued: 2 });
    const again = await kit.call('POST', `${BASE}/send`, { productId: 'p-send', variantId: 'v-send' }, { roles: ADMIN });
    expect(again.json()).toEqual({ queued: 0 });
    await kit.deliverAll();
    const mails = await kit.mailbox('restock.notification');
    const sent = mails.filter((m) => m.subject === 'Blue Mug is back in stock');
    expect(sent.map((m) => m.to)).toEqual(['one@example.com', 'two@example.com']);
    expect(sent[0]?.text).toContain('Blue Mug (Size: Large) is back in stock at Harbour');
    expect(sent[0]?.text).toContain('https://harbour.example/shop/blue-mug');
    const group = (await kit.call('GET', `${BASE}/groups`, undefined, { roles: ADMIN }))
      .json()
      .signUpGroups.find((g: { productId: string }) => g.productId === 'p-send');
    expect(group).toMatchObject({ productName: 'Blue Mug', variantLabel: 'Size: Large', sku: 'MUG-L', signUpCount: 2, pendingCount: 0 });
    // Signing up again after being told starts a new wait: one more mail, no repeat of the first.
    await kit.call('POST', BASE, signup('one@example.com', 'p-send', 'v-send'));
    expect((await kit.call('POST', `${BASE}/send`, { productId: 'p-send', variantId: 'v-send' }, { roles: ADMIN })).json()).toEqual({
      queued: 1,
    });
    await kit.deliverAll();
    expect(
      (await kit.mailbox('restock.notification')).filter((m) => m.to === 'one@example.com' && m.subject === 'Blue Mug is back in stock'),
    ).toHaveLength(2);
  });

  it('notifies the waitlist when the variant is back in stock, only if the owner turned it on', async () => {
    await kit.call('POST', BASE, signup('auto@example.com', 'p-auto', 'v-auto'));
    const back = (backInStock: boolean) =>
      event('commerce.stock.changed', kit.site, {
        itemId: 'p-auto',
        variantId: 'v-auto',
        sku: 'S',
        previousQtyInStock: 0,
        qtyInStock: 3,
        previousUnlimited: false,
        unlimited: false,
        backInStock,
        reason: 'inventory',
      });
    expect(await applyStockChanged(kit.parts, back(true))).toBe(0);
    await kit.call('PUT', `${BASE}/settings`, { autoNotify: true }, { roles: ADMIN });
    expect(await applyStockChanged(kit.parts, back(false))).toBe(0);
    expect(await applyStockChanged(kit.parts, back(true))).toBe(1);
    expect(await applyStockChanged(kit.parts, back(true))).toBe(0);
    await kit.call('PUT', `${BASE}/settings`, {}, { roles: ADMIN });
  });
});

describe('send all pressed twice at once for 500 signups', () => {
  it('sends exactly 500 emails', async () => {
    const kit = await setup();
    try {
      const variants = ['a', 'b', 'c', 'd', 'e'];
      await kit.ctx.db
        .insertInto('signups')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            id: randomUUID(),
            website_id: kit.site,
            product_id: 'p-bulk',
            variant_id: variants[i % 5] ?? 'a',
            email: `bulk${i}@example.com`,
            email_normalized: `bulk${i}@example.com`,
            language: null,
            is_join_mailing_list: false,
            notified_at: null,
          })),
        )
        .execute();
      const body = { sendRequests: variants.map((variantId) => ({ productId: 'p-bulk', variantId })) };
      const [a, b] = await Promise.all([
        kit.call('POST', `${BASE}/send/all`, body, { roles: ADMIN }),
        kit.call('POST', `${BASE}/send/all`, body, { roles: ADMIN }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().queued + b.json().queued).toBe(500);
      // Other suites share the database in Postgres mode: count this website's mail, not the batch.
      await kit.deliverAll();
      const mails = await kit.mailbox('restock.notification');
      expect(mails).toHaveLength(500);
      expect(new Set(mails.map((m) => m.to)).size).toBe(500);
    } finally {
      await kit.close();
    }
  }, 120_000);
});
