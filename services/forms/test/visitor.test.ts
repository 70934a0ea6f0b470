// The visitor path of SPEC 4 against a real database: validate, key, save, with every SPEC 8
// status and message provoked, and the SPEC 5 sanitizing rules of every field type.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FormMessages, EMAIL_FORMAT_EXAMPLE, FormType, formatMessage } from '@sc/contracts';
import { asFromGateway } from '@sc/platform/test-kit';
import { EVERY_FIELD, setup, SIGNING_KEY, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

describe('forms visitor path', () => {
  let kit: Kit;
  let formId: string;
  let captchaFormId: string;

  beforeAll(async () => {
    kit = await setup({ submitLimit: { max: 1000, windowMs: 60_000 } });
    formId = await kit.createForm(EVERY_FIELD);
    captchaFormId = await kit.createForm({
      name: 'With captcha',
      build: { fields: [{ id: 'q', type: 'text', title: 'Q' }] },
      captcha: { enabled: true },
    });
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  const save = async (form: unknown, extra: Record<string, unknown> = {}) =>
    kit.call('POST', '/api/form/SaveFormSubmission', {
      formId,
      key: await kit.key(),
      form,
      pagePath: '/contact?ref=ad',
      pageTitle: 'Contact',
      pageId: 'p1',
      contentSource: 'c',
      ...extra,
    });

  it('answers the template schema of a form type', async () => {
    const response = await kit.call('GET', `/api/template/GetTemplateSchema?type=${FormType.NEWSLETTER_BLOCK}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fieldsets).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
    expect(body.fieldTypes.map((t: { type: string }) => t.type)).toContain('email');
    expect(body.defaults.captcha).toEqual({ enabled: false, theme: 'light', alignment: 'left', size: 'normal' });
    const all = (await kit.call('GET', `/api/template/GetTemplateSchema?type=${FormType.FORM_BLOCK}`)).json();
    expect(all.fieldTypes).toContainEqual({ type: 'currency', properties: ['description', 'currencySymbol', 'required'] });
    expect(all.fieldTypes).toContainEqual({ type: 'hidden', properties: ['key', 'value'] });
    expect((await kit.call('GET', '/api/template/GetTemplateSchema?type=99')).statusCode).toBe(400);
  });

  it('validates with the SPEC 5 rules: Required, email format, textarea limit, likert and section never error', async () => {
    const response = await kit.call('POST', `/api/rest/forms/validate/${formId}`, {
      text: '  ',
      area: 'more than ten characters',
      email: 'not-an-email',
      likert: { Fast: '7', Nope: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().errors).toEqual({
      text: FormMessages.required,
      area: FormMessages.characterLimitExceeded,
      email: formatMessage(FormMessages.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE }),
    });
    expect(FormMessages.emailInvalid).toBe('Email is not valid. Email addresses should follow the format {email}.');
    const valid = await kit.call('POST', `/api/rest/forms/validate/${formId}`, { text: 'hi', email: '' });
    expect(valid.json()).toEqual({ errors: {} });
  });

  it("answers 404 'This form has not been configured yet.' for an unknown form and for one without fields", async () => {
    const empty = await kit.createForm({ name: 'Empty' });
    for (const id of ['no-such-form', empty]) {
      const validate = await kit.call('POST', `/api/rest/forms/validate/${id}`, {});
      expect(validate.statusCode).toBe(404);
      expect(validate.json().error.message).toBe('This form has not been configured yet.');
      const saved = await kit.call('POST', '/api/form/SaveFormSubmission', { formId: id, key: await kit.key(), form: {} });
      expect(saved.statusCode).toBe(404);
      expect(saved.json().error.message).toBe(FormMessages.notConfigured);
    }
  });

  it('accepts an empty body for the submission key, and a key works once', async () => {
    const response = await kit.app.inject({
      method: 'POST',
      url: '/api/form/FormSubmissionKey',
      headers: asFromGateway({ 'content-type': 'application/json', 'x-website-id': kit.site }, SIGNING_KEY),
    });
    expect(response.statusCode).toBe(200);
    const key = response.json().key as string;
    const body = { formId, key, form: { text: 'first' } };
    const first = await kit.call('POST', '/api/form/SaveFormSubmission', body);
    expect(first.statusCode).toBe(200);
    const second = await kit.call('POST', '/api/form/SaveFormSubmission', { ...body, form: { text: 'second' } });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.message).toBe('Unable to submit form. Please try again later.');
    const unknown = await kit.call('POST', '/api/form/SaveFormSubmission', { ...body, key: 'made-up' });
    expect(unknown.statusCode).toBe(401);
    // A key of another website is not this website's.
    const foreign = await kit.call('POST', '/api/form/FormSubmissionKey', undefined, { site: 'another-site' });
    const cross = await kit.call('POST', '/api/form/SaveFormSubmission', { ...body, key: foreign.json().key });
    expect(cross.statusCode).toBe(401);
  });

  it('refuses an expired key', async () => {
    const key = await kit.key();
    await kit.ctx.db
      .updateTable('submission_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('website_id', '=', kit.site)
      .where('used_at', 'is', null)
      .execute();
    const response = await kit.call('POST', '/api/form/SaveFormSubmission', { formId, key, form: { text: 'late' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 with an errors map, each error on its own field', async () => {
    const response = await save({ text: '', email: 'x@' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.message).toBe('One or more fields is invalid, please check your entries.');
    expect(body.errors).toEqual({ text: 'Required', email: formatMessage(FormMessages.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE }) });
  });

  it("answers 'Could not parse the form fields, please check your entries.' for unreadable fields", async () => {
    for (const form of ['{not json', '[1,2]', { name: 42n.toString() === '42' ? { first: { nested: true } } : {} }]) {
      const response = await save(form);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(FormMessages.parseFieldsFailed);
    }
  });

  it('sanitizes every field type as SPEC 5 says and stores the result', async () => {
    const response = await save(
      JSON.stringify({
        text: 'Hello',
        area: 'short',
        email: 'a@b.co',
        number: 42,
        site: 'https://example.com',
        price: '9.99',
        phone: ['555', '123', '4567'],
        radio: [
          { value: 'a', checked: false },
          { value: 'b', checked: true },
          { value: 'c', checked: true },
        ],
        check: [
          { value: 'x', checked: true },
          { value: 'y', checked: false },
          { value: 'z', checked: true },
        ],
        select: 'two',
        likert: { Fast: [{ value: '2', checked: true }], Friendly: '-1', Unknown: '1' },
        section: 'ignored',
        hidden: 'from-client',
        password: 'secret',
        twitter: '@me',
        date: { month: '12', day: '31', year: '2024' },
        time: ['10', '30', '00', 'AM'],
        name: { first: 'Ada', last: 'Lovelace' },
        address: ['1 Main St', '', 'Town', 'ST', '12345', 'US'],
      }),
    );
    expect(response.statusCode).toBe(200);
    const listed = await kit.call('GET', `/api/rest/forms/definitions/${formId}/submissions?q=lovelace`, undefined, { roles: [1] });
    expect(listed.statusCode).toBe(200);
    const [stored] = listed.json().items;
    expect(stored.values).toEqual({
      text: 'Hello',
      area: 'short',
      email: 'a@b.co',
      number: '42',
      site: 'https://example.com',
      price: '9.99',
      phone: ['', '555', '123', '4567'],
      radio: 'b',
      check: ['x', 'z'],
      select: 'two',
      likert: { Fast: '2', Friendly: '-1' },
      // The page's query (?ref=ad) wins over what the client sent and over the field's own value.
      hidden: 'ad',
      password: 'secret',
      twitter: '@me',
      date: ['12', '31', '2024'],
      time: ['10', '30', '00', 'AM'],
      name: ['Ada', 'Lovelace'],
      address: ['1 Main St', '', 'Town', 'ST', '12345', 'US'],
    });
    expect(stored).toMatchObject({ pageTitle: 'Contact', pageId: 'p1', contentSource: 'c', pagePath: '/contact?ref=ad' });
  });

  it('gives a hidden field its own value when the page has no query value', async () => {
    const response = await save({ text: 'own value' }, { pagePath: '/contact' });
    expect(response.statusCode).toBe(200);
    const listed = await kit.call('GET', `/api/rest/forms/definitions/${formId}/submissions?q=own%20value`, undefined, { roles: [1] });
    expect(listed.json().items[0].values.hidden).toBe('own');
  });

  it('asks for the captcha, refuses a wrong one, and takes a solved challenge once', async () => {
    const body = async (captchaKey?: string) => ({
      formId: captchaFormId,
      key: await kit.key(),
      form: { q: 'x' },
      ...(captchaKey === undefined ? {} : { captchaKey }),
    });
    const missing = await kit.call('POST', '/api/form/SaveFormSubmission', await body());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Complete CAPTCHA before submitting.');
    const challenge = (await kit.call('POST', '/api/form/captcha/challenge')).json();
    expect(challenge).toMatchObject({ provider: 'pow', algorithm: 'SHA-256', difficulty: 8 });
    // A nonce that does not solve the challenge.
    const { solves } = await import('@sc/platform');
    let wrong = 0;
    while (solves(challenge.salt, String(wrong), challenge.difficulty)) wrong++;
    const refused = await kit.call('POST', '/api/form/SaveFormSubmission', await body(`pow.${challenge.challengeId}.${wrong}`));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('reCAPTCHA failed. Refresh this page and try again.');
    const token = await kit.captchaToken();
    const ok = await kit.call('POST', '/api/form/SaveFormSubmission', await body(token));
    expect(ok.statusCode).toBe(200);
    const replay = await kit.call('POST', '/api/form/SaveFormSubmission', await body(token));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(FormMessages.recaptchaFailed);
  });

  it('writes a forms.submission.saved event per stored submission', async () => {
    const before = (await kit.events('forms.submission.saved')).length;
    const response = await save({ text: 'event' });
    const events = await kit.events('forms.submission.saved');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)?.data).toMatchObject({
      submissionId: response.json().submissionId,
      formId,
      pagePath: '/contact?ref=ad',
      contentSource: 'c',
    });
  });

  it('shows visitors the SPEC 3 Form view', async () => {
    const id = await kit.createForm({
      name: 'Shown',
      build: { fields: [{ id: 'a', type: 'text', title: 'A' }] },
      advanced: { submissionMessage: 'Thanks <friend>!\n\nBye', submissionHTML: '<img src="/px">', successRedirect: '/thanks' },
      disclaimer: { enabled: true, message: 'Fine print' },
    });
    const response = await kit.call('GET', `/api/rest/forms/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: 'Shown',
      parsedSubmissionMessage: '<p>Thanks &lt;friend&gt;!</p><p>Bye</p>',
      submissionHTML: '<img src="/px">',
      successRedirect: '/thanks',
      parsedDisclaimerMessage: '<p>Fine print</p>',
      captchaEnabled: false,
      captchaTheme: 'light',
      captchaAlignment: 'left',
      captchaSize: 'normal',
    });
  });
});

describe('forms rate limit', () => {
  it("answers 429 'Unable to submit form. Submission rate limit exceeded. Please try again later.' past the limit", async () => {
    const kit = await setup({ submitLimit: { max: 2, windowMs: 60_000 } });
    try {
      const formId = await kit.createForm({ name: 'Limited', build: { fields: [{ id: 'a', type: 'text', title: 'A' }] } });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 3; i++) {
        last = await kit.call('POST', '/api/form/SaveFormSubmission', { formId, key: await kit.key(), form: { a: String(i) } });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.json().error.message).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
      // Another visitor is not limited by the first one's submissions.
      const other = await kit.call(
        'POST',
        '/api/form/SaveFormSubmission',
        { formId, key: await kit.key(), form: { a: 'x' } },
        { ip: '198.51.100.7' },
      );
      expect(other.statusCode).toBe(200);
    } finally {
      await kit.close();
    }
  }, 120_000);
});
