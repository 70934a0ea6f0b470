// The forms suites' kit, on the one kit (serviceKit, @sc/platform/testing): the app on the configured database (its own in-memory PGlite without
// DATABASE_URL), websites made per test (unique ids, so suites sharing one database never
// collide), requests as the gateway sends them, and owner forms made through the owner routes.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Role, type EventEnvelope, type FormSettingsInput } from '@sc/contracts';
import { type BuildServiceOptions, Captcha, type CaptchaTables, MailRelay, PowCaptcha, type ServiceContext, solve } from '@sc/platform';
import { unique } from '@sc/platform/test-kit';
import { serviceKit } from '@sc/platform/testing';
import { createFormsService, type FormsModule, type FormsOptions } from '../src/index.js';
import type { FormsDB } from '../src/tables.js';

/** How long a hook that builds the suite's apps may take (the one kit's limit). */
export { KIT_START_TIMEOUT_MS } from '@sc/platform/testing';

export const SIGNING_KEY = 'forms-tests-signing-key-0123456789abcdef';
/** Cheap proof of work for tests; the production difficulty has its own test. */
export const TEST_DIFFICULTY = 8;
export const testCaptcha = (db: Kysely<CaptchaTables>) => new Captcha(new PowCaptcha(db, { difficulty: TEST_DIFFICULTY, ttlMs: 60_000 }));

export interface Kit {
  app: FastifyInstance;
  ctx: ServiceContext<FormsDB>;
  /** What the service's wiring step built (its repositories and services). */
  parts: FormsModule;
  site: string;
  /** As a visitor (optionally from `ip`); `roles` makes it an owner. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    options?: { roles?: number[]; ip?: string; site?: string },
  ): Promise<LightMyRequestResponse>;
  createForm(settings: FormSettingsInput): Promise<string>;
  key(): Promise<string>;
  /** A solved captcha token, as the browser makes it. */
  captchaToken(): Promise<string>;
  events(type: string): Promise<EventEnvelope[]>;
  /** Delivers every pending mail to the local mailbox (the kit's mailer is not started); answers how many. */
  deliverAll(): Promise<number>;
  /** Mail in the local mailbox sent to `to` (any website), oldest first. */
  mailbox(to: string): Promise<Array<{ websiteId: string; kind: string; subject: string; text: string }>>;
  close(): Promise<void>;
}

export async function setup(options: FormsOptions & Pick<BuildServiceOptions, 'shared'> = {}): Promise<Kit> {
  const base = await serviceKit(
    createFormsService({
      captcha: testCaptcha,
      mail: { autoStart: false, config: { MAIL_FROM: 'Tests <forms@example.com>', MAIL_BATCH_SIZE: 100, MAIL_SEND_INTERVAL_MS: 0 } },
      // No restock consumer unless a suite asks for one: on a shared NATS server it would take
      // deliveries meant for other processes.
      mailingList: false,
      ...options,
    }),
    { signingKey: SIGNING_KEY, ownerId: (websiteId) => `owner-${websiteId}`, ...options },
  );
  const { app, ctx } = base;
  const site = unique('forms');
  const kit: Kit = {
    app,
    ctx,
    parts: base.parts,
    site,
    call: (method, url, body, opts = {}) =>
      base.call(
        method,
        url,
        { websiteId: opts.site ?? site, ip: opts.ip ?? '203.0.113.9', ...(opts.roles ? { roles: opts.roles } : {}) },
        body,
      ),
    async createForm(settings) {
      const response = await kit.call('POST', '/api/rest/forms/definitions', settings, { roles: [Role.ADMIN] });
      if (response.statusCode !== 201) throw new Error(`createForm: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>().id;
    },
    async key() {
      const response = await kit.call('POST', '/api/form/FormSubmissionKey');
      if (response.statusCode !== 200) throw new Error(`key: ${response.statusCode} ${response.body}`);
      return response.json<{ key: string }>().key;
    },
    async captchaToken() {
      const challenge = (await kit.call('POST', '/api/form/captcha/challenge')).json<{
        challengeId: string;
        salt: string;
        difficulty: number;
      }>();
      return `pow.${challenge.challengeId}.${solve(challenge)}`;
    },
    events: (type) => base.events(site, type),
    async deliverAll() {
      const relay = new MailRelay({ db: ctx.db as never, logger: ctx.logger, from: 'Tests <forms@example.com>' });
      let total = 0;
      for (let n = await relay.deliverBatch(); n > 0; n = await relay.deliverBatch()) total += n;
      return total;
    },
    async mailbox(to) {
      const rows = await ctx.db
        .selectFrom('mailbox')
        .select(['website_id', 'kind', 'subject', 'text_body'])
        .where('to_address', '=', to)
        .orderBy('delivered_at')
        .execute();
      return rows.map((row) => ({ websiteId: row.website_id, kind: row.kind, subject: row.subject, text: row.text_body }));
    },
    close: base.close,
  };
  return kit;
}

/** A form with one field of every visitor type, for the sanitizing and fuzzing tests. */
export const EVERY_FIELD: FormSettingsInput = {
  name: 'Every field',
  build: {
    fields: [
      { id: 'text', type: 'text', title: 'Text', required: true },
      { id: 'area', type: 'textarea', title: 'Area', maxLength: 10 },
      { id: 'email', type: 'email', title: 'Email' },
      { id: 'number', type: 'number', title: 'Number' },
      { id: 'site', type: 'website', title: 'Website' },
      { id: 'price', type: 'currency', title: 'Price' },
      { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
      { id: 'radio', type: 'radio', title: 'Radio', options: ['a', 'b', 'c'] },
      { id: 'check', type: 'checkbox', title: 'Check', options: ['x', 'y', 'z'] },
      { id: 'select', type: 'select', title: 'Select', options: ['one', 'two'] },
      { id: 'likert', type: 'likert', title: 'Likert', options: ['Fast', 'Friendly'] },
      { id: 'section', type: 'section', title: 'Section', underline: true },
      { id: 'hidden', type: 'hidden', title: 'Hidden', key: 'ref', value: 'own' },
      { id: 'password', type: 'password', title: 'Password' },
      { id: 'twitter', type: 'twitter', title: 'Twitter' },
      { id: 'date', type: 'date', title: 'Date' },
      { id: 'time', type: 'time', title: 'Time' },
      { id: 'name', type: 'name', title: 'Name' },
      { id: 'address', type: 'address', title: 'Address' },
    ],
  },
};
