// A restock signup whose visitor ticked "join the mailing list" subscribes the address to the
// website's newsletter with double opt-in, end to end: the signup goes through the real gateway
// to the restock service, its restock.signup.created event travels over the bus (in-process, or
// real NATS JetStream when NATS_URL is set) to the forms service, the confirmation mail lands in
// the local mailbox with a link to the website's public address (never the request's Host), and following it confirms. Without
// the tick nothing happens; the same event delivered twice makes one subscriber and one mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { FormType, Role, type EventEnvelope } from '@sc/contracts';
import { MemoryBus, signIdentity, type EventBus } from '@sc/platform';
import { freePort, mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { buildApp as buildRestock } from '@sc/restock';
import { DEFAULT_MAILING_LIST_ID } from '../src/index.js';
import { SIGNING_KEY, setup, testCaptcha, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const RESTOCK = '/api/site-users/account/notifications/restock';
const CONFIRM_LINK = /(https?:\/\/[^\s]+\/api\/form\/newsletter\/confirm\?token=[\w-]+)/;

describe(`restock mailing-list opt-in (${mode.database}, ${mode.bus} bus)`, () => {
  let bus: EventBus | undefined;
  let kit: Kit;
  let restock: FastifyInstance;
  let gateway: FastifyInstance;
  let base = '';
  let cookie = '';
  let crumb = '';
  let listId = '';

  beforeAll(async () => {
    // In-process: the two services share one bus, as in embedded mode. On NATS each has its own
    // connection; the forms consumer gets a durable of its own that starts now, so it neither
    // takes other processes' deliveries nor replays old events.
    bus = process.env.NATS_URL ? undefined : new MemoryBus({});
    const shared = bus ? { shared: { bus } } : {};
    kit = await setup({ ...shared, mailingList: { durable: unique('forms-mailing-list-test'), newOnly: true, forgetAfterIdleMs: 60_000 } });
    restock = await buildRestock({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY }),
      relay: { pollMs: 50 },
      captcha: testCaptcha,
      mail: { autoStart: false },
      ...shared,
    });
    const formsUrl = await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const restockUrl = await restock.listen({ port: 0, host: '127.0.0.1' });
    const gatewayPort = await freePort();
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        IDENTITY_SIGNING_KEY: SIGNING_KEY,
        FORMS_URL: formsUrl,
        RESTOCK_URL: restockUrl,
        // Nobody answers there: every host is the test's website (the fallback).
        CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
        FALLBACK_WEBSITE_ID: kit.site,
        // Links in mail are made from this, never from the request's Host.
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
      }),
    });
    base = await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });
    const first = await fetch(`${base}/api/crumb`);
    crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    cookie = `crumb=${crumb}`;
    // The site's newsletter, and waitlists that offer the mailing-list box.
    listId = await kit.createForm({
      name: 'Harbour news',
      formType: FormType.NEWSLETTER_BLOCK,
      build: { fields: [{ id: 'email', type: 'email', title: 'Email', required: true }] },
    });
    const requestId = randomUUID();
    const settings = await restock.inject({
      method: 'PUT',
      url: `${RESTOCK}/settings`,
      headers: {
        'x-website-id': kit.site,
        'x-request-id': requestId,
        ...signIdentity(
          { v: 1, kind: 'owner', websiteId: kit.site, requestId, issuedAt: Date.now(), ownerId: 'o', roles: [Role.ADMIN] },
          SIGNING_KEY,
        ),
      },
      payload: { mailingListEnabled: true },
    });
    expect(settings.statusCode).toBe(200);
  }, KIT_START_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.close();
    await restock?.close();
    await kit?.close();
    await bus?.close();
  });

  const signUp = async (email: string, isJoinMailingList: boolean, variantId = 'v-1', forged: Record<string, string> = {}) => {
    const response = await fetch(`${base}${RESTOCK}`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': crumb, 'content-type': 'application/json', ...forged },
      body: JSON.stringify({ isJoinMailingList, productId: 'p-1', variantId, siteVisitorEmail: email, language: 'en-US' }),
    });
    expect(response.status).toBe(200);
  };

  /** Delivers mail until `to` has `count` messages, and answers them. */
  const mailTo = (to: string, count = 1) =>
    waitFor(
      async () => {
        await kit.deliverAll();
        const mail = await kit.mailbox(to);
        return mail.length >= count ? mail : undefined;
      },
      15_000,
      `${count} mail to ${to}`,
    );

  const subscribers = async (formId: string) =>
    (await kit.call('GET', `/api/rest/forms/definitions/${formId}/subscribers`, undefined, { roles: [Role.ADMIN] })).json<{
      items: Array<{ email: string; status: string; language: string | null }>;
    }>().items;

  it("mails a confirmation link to the website's public address; following it subscribes the address", async () => {
    const email = `${unique('reader')}@example.com`;
    // A forged Host and forwarding headers do not reach the link (the address comes from PUBLIC_URL).
    await signUp(email, true, 'v-1', {
      'x-forwarded-host': 'evil.example',
      forwarded: 'host=evil.example;proto=https',
      'x-forwarded-proto': 'https',
    });
    const [mail] = await mailTo(email);
    expect(mail).toMatchObject({
      websiteId: kit.site,
      kind: 'newsletter.confirm',
      subject: 'Please confirm your subscription to Harbour news',
    });
    const link = CONFIRM_LINK.exec(mail?.text ?? '')?.[1] ?? '';
    expect(link.startsWith(`${base}/api/form/newsletter/confirm?token=`)).toBe(true);
    expect(mail?.text).not.toContain('evil.example');
    expect((await subscribers(listId)).find((s) => s.email === email)).toMatchObject({ status: 'pending', language: 'en-US' });

    const confirmed = await fetch(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Thank you: your subscription is confirmed.');
    expect((await subscribers(listId)).find((s) => s.email === email)?.status).toBe('confirmed');

    // Waiting for another variant, ticking the box again: a confirmed address gets no second mail.
    // (A later opt-in of someone else shows the bus has handled the earlier event.)
    await signUp(email, true, 'v-2');
    const marker = `${unique('marker')}@example.com`;
    await signUp(marker, true, 'v-2');
    await mailTo(marker);
    expect(await kit.mailbox(email)).toHaveLength(1);
    expect((await subscribers(listId)).filter((s) => s.email === email).map((s) => s.status)).toEqual(['confirmed']);
  }, 60_000);

  it('does nothing for a signup without the box ticked', async () => {
    const email = `${unique('quiet')}@example.com`;
    await signUp(email, false);
    const marker = `${unique('marker')}@example.com`;
    await signUp(marker, true);
    await mailTo(marker);
    expect(await kit.mailbox(email)).toEqual([]);
    expect((await subscribers(listId)).some((s) => s.email === email)).toBe(false);
  }, 60_000);

  it('makes one subscriber and one mail of an event delivered twice, on a website without a newsletter of its own', async () => {
    const newsletter = kit.parts.newsletter;
    const site = unique('forms-optin');
    const email = `${unique('twice')}@example.com`;
    const event: EventEnvelope = {
      id: randomUUID(),
      type: 'restock.signup.created',
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data: {
        signupId: randomUUID(),
        productId: 'p',
        variantId: 'v',
        email,
        isJoinMailingList: true,
        language: null,
        siteOrigin: 'https://shop.example.com',
      },
    };
    // Twice at once, then once more later: the bus's at-least-once delivery at its worst.
    const outcomes = await Promise.all([newsletter.joinFromRestock(event), newsletter.joinFromRestock(event)]);
    outcomes.push(await newsletter.joinFromRestock(event));
    expect(outcomes.sort()).toEqual(['already-handled', 'already-handled', 'joined']);
    await kit.deliverAll();
    const mail = await kit.mailbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toMatch(
      /^Please confirm your subscription by opening this link:\nhttps:\/\/shop\.example\.com\/api\/form\/newsletter\/confirm\?token=/,
    );
    expect(mail[0]?.subject).toBe('Please confirm your subscription to Mailing list');
    const lists = (await kit.call('GET', '/api/rest/forms/definitions', undefined, { roles: [Role.ADMIN], site })).json<{
      forms: Array<{ id: string; settings: { formType: number } }>;
    }>().forms;
    expect(lists.map((f) => [f.id, f.settings.formType])).toEqual([[DEFAULT_MAILING_LIST_ID, FormType.NEWSLETTER_BLOCK]]);
    const rows = await kit.ctx.db.selectFrom('subscribers').select(['email', 'status', 'form_id']).where('website_id', '=', site).execute();
    expect(rows).toEqual([{ email, status: 'pending', form_id: DEFAULT_MAILING_LIST_ID }]);
  }, 60_000);

  it('leaves alone an event without the box ticked or without an origin to link to', async () => {
    const newsletter = kit.parts.newsletter;
    const site = unique('forms-optin');
    const data = { signupId: randomUUID(), productId: 'p', variantId: 'v', email: 'x@example.com', language: null };
    const envelope = (extra: Record<string, unknown>): EventEnvelope => ({
      id: randomUUID(),
      type: 'restock.signup.created',
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data: { ...data, ...extra },
    });
    expect(await newsletter.joinFromRestock(envelope({ isJoinMailingList: false, siteOrigin: 'https://shop.example.com' }))).toBe(
      'not-asked',
    );
    expect(await newsletter.joinFromRestock(envelope({ isJoinMailingList: true }))).toBe('unusable');
    expect(await kit.ctx.db.selectFrom('subscribers').select('id').where('website_id', '=', site).execute()).toEqual([]);
  });
});
