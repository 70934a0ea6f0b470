// Owner routes (definitions, submissions search and CSV export, subscribers, mailbox), the
// newsletter's double opt-in, the demo seed, and the 500 of SPEC 8 when a hosted captcha
// provider answers garbage.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_CONTENT, DEMO_WEBSITE_ID, FormMessages, FormType, Role } from '@sc/contracts';
import { Captcha, HostedCaptcha, type MailRelay, PowCaptcha } from '@sc/platform';
import { seedDemoForms } from '../src/seed/demo-forms.js';
import { setup, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

describe('forms owner side', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup({ submitLimit: { max: 1000, windowMs: 60_000 } });
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  it('keeps definitions per owner permission: editors edit, store managers cannot see submissions', async () => {
    const id = await kit.createForm({ name: 'Perm', build: { fields: [{ id: 'a', type: 'text', title: 'A' }] } });
    expect((await kit.call('GET', `/api/rest/forms/definitions/${id}`)).statusCode).toBe(401);
    expect(
      (await kit.call('PUT', `/api/rest/forms/definitions/${id}`, { name: 'Renamed' }, { roles: [Role.EDITOR] })).json().settings.name,
    ).toBe('Renamed');
    expect(
      (await kit.call('GET', `/api/rest/forms/definitions/${id}/submissions`, undefined, { roles: [Role.STORE_MANAGER] })).statusCode,
    ).toBe(403);
    const refused = await kit.call(
      'POST',
      '/api/rest/forms/definitions',
      { name: 'Bad', formType: FormType.NEWSLETTER_BLOCK, build: { fields: [{ id: 'p', type: 'password', title: 'P' }] } },
      { roles: [Role.ADMIN] },
    );
    expect(refused.statusCode).toBe(400);
    const deleted = await kit.call('DELETE', `/api/rest/forms/definitions/${id}`, undefined, { roles: [Role.ADMIN] });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    expect((await kit.call('GET', `/api/rest/forms/${id}`)).json().error.message).toBe(FormMessages.notConfigured);
  });

  it('exports submissions as CSV with N/A for unanswered fields and formulas neutralised', async () => {
    const id = await kit.createForm({
      name: 'Export',
      build: {
        fields: [
          { id: 'a', type: 'text', title: 'Answer' },
          { id: 'l', type: 'likert', title: 'Rate', options: ['Speed'] },
        ],
      },
    });
    await kit.call('POST', '/api/form/SaveFormSubmission', {
      formId: id,
      key: await kit.key(),
      form: { a: '=SUM(A1)', l: { Speed: '2' } },
      pagePath: '/x',
    });
    await kit.call('POST', '/api/form/SaveFormSubmission', { formId: id, key: await kit.key(), form: { a: 'plain, "quoted"' } });
    const csv = await kit.call('GET', `/api/rest/forms/definitions/${id}/submissions/export`, undefined, { roles: [Role.ADMIN] });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Submitted On,Page,Answer,Rate');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,,"plain, ""quoted""",N\/A$/);
    expect(lines[2]).toMatch(/,\/x,'=SUM\(A1\),Speed: Strongly Agree$/);
  });

  it('signs up to a newsletter with double opt-in and unsubscribes by the mailed link', async () => {
    const id = await kit.createForm({
      name: 'News',
      formType: FormType.NEWSLETTER_BLOCK,
      build: { fields: [{ id: 'email', type: 'email', title: 'Email', required: true }] },
    });
    const bad = await kit.call('POST', `/api/form/newsletter/${id}/subscribe`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toContain('Email is not valid.');
    expect((await kit.call('POST', `/api/form/newsletter/${id}/subscribe`, { email: 'reader@example.com' })).json()).toEqual({
      status: 'pending',
    });
    // Asking again at once sends no second mail.
    await kit.call('POST', `/api/form/newsletter/${id}/subscribe`, { email: 'Reader@example.com' });
    const relay = kit.app.serviceContext && (await deliver(kit));
    expect(relay).toBe(1);
    const mailbox = (await kit.call('GET', '/api/form/mailbox?kind=newsletter.confirm', undefined, { roles: [Role.ADMIN] })).json();
    expect(mailbox.items).toHaveLength(1);
    const text = mailbox.items[0].text as string;
    const confirm = /\/api\/form\/newsletter\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? '';
    const unsubscribe = /\/api\/form\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(text)?.[1] ?? '';
    expect((await kit.call('GET', `/api/form/newsletter/confirm?token=${confirm}`)).statusCode).toBe(200);
    expect((await kit.call('GET', `/api/form/newsletter/confirm?token=${confirm}`)).statusCode).toBe(404);
    let subscribers = (await kit.call('GET', `/api/rest/forms/definitions/${id}/subscribers`, undefined, { roles: [Role.ADMIN] })).json();
    expect(subscribers.items.map((s: { status: string }) => s.status)).toEqual(['confirmed']);
    expect((await kit.call('GET', `/api/form/newsletter/unsubscribe?token=${unsubscribe}`)).statusCode).toBe(200);
    subscribers = (await kit.call('GET', `/api/rest/forms/definitions/${id}/subscribers`, undefined, { roles: [Role.ADMIN] })).json();
    expect(subscribers.items[0].status).toBe('unsubscribed');
    expect((await kit.events('forms.subscriber.confirmed')).length).toBe(1);
    expect((await kit.events('forms.subscriber.unsubscribed')).length).toBe(1);
  });

  it('seeds the demo forms once, the engraving form the demo product points at among them', async () => {
    await seedDemoForms(kit.parts);
    await seedDemoForms(kit.parts);
    const form = await kit.call('GET', `/api/rest/forms/${DEMO_CONTENT.engravingFormId}`, undefined, { site: DEMO_WEBSITE_ID });
    expect(form.statusCode).toBe(200);
    expect(form.json().fields.map((f: { id: string }) => f.id)).toEqual(['initials', 'font', 'note']);
  });
});

async function deliver(kit: Kit): Promise<number> {
  // The mailer is not started in tests; the same relay class delivers by hand.
  const { MailRelay } = await import('@sc/platform');
  const relay: MailRelay = new MailRelay({ db: kit.ctx.db as never, logger: kit.ctx.logger, from: 'Tests <forms@example.com>' });
  let total = 0;
  for (let n = await relay.deliverBatch(); n > 0; n = await relay.deliverBatch()) total += n;
  return total;
}

describe('a hosted captcha provider that answers garbage', () => {
  it("makes the save answer 500 'Unable to send form. Please try again later.'; a refusal is the reCAPTCHA text", async () => {
    let answer = '{"success": false}';
    const provider = createServer((_req, res) => res.end(answer));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const address = provider.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
    const kit = await setup({
      captcha: (db) =>
        new Captcha(new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 }), [new HostedCaptcha({ provider: 'recaptcha', secret: 's', url })]),
    });
    try {
      const id = await kit.createForm({
        name: 'Hosted',
        build: { fields: [{ id: 'a', type: 'text', title: 'A' }] },
        captcha: { enabled: true },
      });
      const refused = await kit.call('POST', '/api/form/SaveFormSubmission', {
        formId: id,
        key: await kit.key(),
        form: { a: 'x' },
        captchaKey: 'hosted-token',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(FormMessages.recaptchaFailed);
      answer = '<html>not json</html>';
      const broken = await kit.call('POST', '/api/form/SaveFormSubmission', {
        formId: id,
        key: await kit.key(),
        form: { a: 'x' },
        captchaKey: 'hosted-token',
      });
      expect(broken.statusCode).toBe(500);
      expect(broken.json().error.message).toBe('Unable to send form. Please try again later.');
      answer = '{"success": true, "score": 0.9}';
      expect(
        (
          await kit.call('POST', '/api/form/SaveFormSubmission', {
            formId: id,
            key: await kit.key(),
            form: { a: 'x' },
            captchaKey: 'hosted-token',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await kit.close();
      provider.close();
    }
  }, 120_000);
});
