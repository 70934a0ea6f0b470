// The forms and restock services behind the real gateway (crumb, website, forwarding): the SPEC 4
// visitor path end to end, 1,000 concurrent submissions (1,000 stored, 1,000 events, no
// duplicates), and a restock signup with its SPEC messages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { Agent, fetch } from 'undici';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { FormMessages, RestockMessages, type FormSettingsInput } from '@sc/contracts';
import { testConfig } from '@sc/platform/test-kit';
import { buildApp as buildRestock } from '@sc/restock';
import { FormSettings } from '@sc/contracts';
import { setup, SIGNING_KEY, type Kit } from './kit.js';

const TOTAL = 1000;
// All 1,000 requests are in flight at once, over at most 128 sockets: a thousand simultaneous
// connects from one process overflow the listen backlog of a loaded machine (ECONNRESET), which
// tests the kernel, not the gateway.
const client = new Agent({ connections: 128 });

describe('forms through the gateway', () => {
  let kit: Kit;
  let restock: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  let formId: string;
  let cookie: string;
  let crumb: string;
  let site: string;

  beforeAll(async () => {
    kit = await setup({ submitLimit: { max: 5000, windowMs: 60_000 } });
    const formsUrl = await kit.app.listen({ port: 0, host: '127.0.0.1' });
    restock = await buildRestock({ config: testConfig(0), relay: { autoStart: false }, mail: { autoStart: false } });
    const restockUrl = await restock.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        IDENTITY_SIGNING_KEY: SIGNING_KEY,
        FORMS_URL: formsUrl,
        RESTOCK_URL: restockUrl,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
        FALLBACK_WEBSITE_ID: kit.site,
      }),
    });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
    site = kit.site;
    const settings: FormSettingsInput = {
      name: 'Contact',
      build: {
        fields: [
          { id: 'name', type: 'name', title: 'Name', required: true },
          { id: 'msg', type: 'textarea', title: 'Message', maxLength: 100 },
        ],
      },
    };
    formId = (await kit.parts.forms.create(site, FormSettings.parse(settings))).id;
    // What a page does before its first write: ask for the crumb cookie.
    const first = await fetch(`${base}/api/crumb`);
    const setCookie = first.headers.get('set-cookie') ?? '';
    crumb = /crumb=([^;]+)/.exec(setCookie)?.[1] ?? '';
    cookie = `crumb=${crumb}`;
    expect(crumb).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await restock?.close();
    await kit?.close();
    await client.close();
  });

  const post = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': crumb, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      dispatcher: client,
    });

  it('runs the visitor path: validate, key, save; errors come back with their SPEC texts', async () => {
    const validate = await post(`/api/rest/forms/validate/${formId}`, { name: ['', ''], msg: 'x'.repeat(101) });
    expect(await validate.json()).toEqual({ errors: { name: FormMessages.required, msg: FormMessages.characterLimitExceeded } });
    const key = ((await (await post('/api/form/FormSubmissionKey')).json()) as { key: string }).key;
    const saved = await post('/api/form/SaveFormSubmission', {
      formId,
      key,
      form: { name: ['Ada', 'L'], msg: 'hi' },
      pagePath: '/contact',
    });
    expect(saved.status).toBe(200);
    const reused = await post('/api/form/SaveFormSubmission', { formId, key, form: { name: ['Ada', 'L'] } });
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(FormMessages.unauthorized);
    const missing = await post('/api/form/SaveFormSubmission', { formId: 'nope', key, form: {} });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(FormMessages.notConfigured);
  });

  it('stores 1,000 concurrent submissions with 1,000 events and no duplicates', async () => {
    const keys = await Promise.all(
      Array.from({ length: TOTAL }, async () => ((await (await post('/api/form/FormSubmissionKey')).json()) as { key: string }).key),
    );
    const statuses = await Promise.all(
      keys.map(
        async (key, i) =>
          (await post('/api/form/SaveFormSubmission', { formId, key, form: { name: ['Bulk', String(i)] }, pagePath: '/bulk' })).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(TOTAL);
    const stored = await kit.ctx.db
      .selectFrom('submissions')
      .select(['id', 'search_text'])
      .where('website_id', '=', site)
      .where('page_path', '=', '/bulk')
      .execute();
    expect(stored).toHaveLength(TOTAL);
    expect(new Set(stored.map((s) => s.search_text)).size).toBe(TOTAL);
    const events = (await kit.events('forms.submission.saved')).filter((e) => (e.data as { pagePath: string }).pagePath === '/bulk');
    expect(events).toHaveLength(TOTAL);
    expect(new Set(events.map((e) => (e.data as { submissionId: string }).submissionId))).toEqual(new Set(stored.map((s) => s.id)));
  }, 120_000);

  it('takes a restock signup and answers its SPEC messages', async () => {
    const path = '/api/site-users/account/notifications/restock';
    const ok = await post(path, { isJoinMailingList: false, productId: 'p', variantId: 'v', siteVisitorEmail: 'gw@example.com' });
    expect(await ok.json()).toEqual({ success: true, message: RestockMessages.signedUp });
    const blank = await post(path, { isJoinMailingList: false, productId: 'p', variantId: 'v', siteVisitorEmail: '' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { message: string } }).error.message).toBe('Email cannot be blank');
  });
});
