// Sign-up tells nobody whether an address has an account (issue 40). POST /api/auth/site-users and
// POST /api/auth/owners answer a new and a taken address with the same status, body and headers,
// and set no cookie; the new address is mailed the link that makes the account, the owner of the
// taken one a mail that someone tried (through a real local SMTP server). A taken address keeps
// its one account and its password; two sign-ups of one new address at once make one account; a
// sign-up whose link is unused cannot sign in (that would tell a new address from a taken one).
// The timing (the same password hash on both paths) is measured in bench/security/sign-up-timing.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IdentityMessages } from '@sc/contracts';
import { asFromGateway, mode, unique, waitFor } from '@sc/platform/test-kit';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import type { Kysely } from 'kysely';
import type { MailTables, ServiceContext } from '@sc/platform';
import type { IdentityModule } from '../src/index.js';
import type { IdentityDB } from '../src/tables.js';
import { signUpApp, TEST_IDENTITY_SIGNING_KEY, type RunningIdentity, KIT_START_TIMEOUT_MS } from './kit.js';

type Kind = 'site-users' | 'owners';
const KINDS: Kind[] = ['site-users', 'owners'];
/** Headers that differ between any two answers (time, request id); every other one must match. */
const VARYING = new Set(['date', 'x-request-id']);

describe(`sign-up without account probing (${mode.database})`, () => {
  let app: FastifyInstance;
  let ctx: ServiceContext<IdentityDB>;
  let smtp: TestSmtpServer;
  let identity: RunningIdentity;
  const site = unique('site');
  const domain = `${site.replaceAll('_', '-')}.example.com`;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    identity = await signUpApp(site, domain, await smtp.start());
    app = identity.app;
    ctx = app.serviceContext as ServiceContext<IdentityDB>;
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => {
    await identity?.close();
    await smtp?.stop();
  });

  const call = (url: string, body: object) =>
    app.inject({ method: 'POST', url, headers: asFromGateway({ 'x-website-id': site }, TEST_IDENTITY_SIGNING_KEY), payload: body });
  const signUp = (kind: Kind, email: string, password: string) => call(`/api/auth/${kind}`, { email, password });
  const signIn = (kind: Kind, email: string, password: string) =>
    call(kind === 'site-users' ? '/api/site-users/account/session' : '/api/auth/session', { email, password });
  /** The mails queued for an address, oldest first (the outbox: what the service asked to send). */
  const queuedTo = async (email: string) =>
    (ctx.db as unknown as Kysely<MailTables>)
      .selectFrom('mail_outbox')
      .select(['id', 'subject', 'text_body', 'status'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const tokenIn = (text: string) => /confirm-sign-up(?:=|\?token=)([A-Za-z0-9_-]+)/.exec(text)?.[1];
  /** Sign-up and its link: an account that exists, as any earlier customer's would. */
  const existing = async (kind: Kind, email: string, password: string) => {
    expect((await signUp(kind, email, password)).statusCode).toBe(202);
    const token = tokenIn((await queuedTo(email)).at(-1)!.text_body)!;
    expect((await call(`/api/auth/${kind}/confirm`, { token, password })).statusCode).toBe(201);
  };
  const accounts = async (kind: Kind, email: string) =>
    kind === 'site-users'
      ? ctx.db.selectFrom('site_users').select('id').where('website_id', '=', site).where('email', '=', email).execute()
      : ctx.db.selectFrom('owners').select('id').where('email', '=', email).execute();
  /** What an attacker sees of an answer: the status, the body and every header but the varying ones. */
  const seen = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.body,
    headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VARYING.has(name))),
  });

  describe.each(KINDS)('POST /api/auth/%s', (kind) => {
    it('answers a new and a taken address alike, sets no cookie, and mails each address what fits', async () => {
      const taken = `${unique('taken')}@example.com`;
      await existing(kind, taken, 'first password 1');
      const fresh = `${unique('fresh')}@example.com`;
      const before = (await queuedTo(taken)).length;

      const forFresh = await signUp(kind, fresh, 'a password 12');
      const forTaken = await signUp(kind, taken, 'a password 12');
      expect(seen(forTaken)).toEqual(seen(forFresh));
      expect(forFresh.statusCode).toBe(202);
      expect(forFresh.json()).toEqual({ message: IdentityMessages.signUpCheckEmail });
      expect(forFresh.headers['set-cookie']).toBeUndefined();

      // The new address: a link that makes the account. The taken one: someone tried, no link.
      const freshMail = (await queuedTo(fresh)).at(-1)!;
      expect(freshMail.subject).toBe('Finish signing up at Harbour Goods');
      expect(tokenIn(freshMail.text_body)).toBeDefined();
      const takenMails = (await queuedTo(taken)).slice(before);
      expect(takenMails.map((m) => m.subject)).toEqual(['Someone tried to sign up at Harbour Goods with your address']);
      const tried = takenMails[0]!;
      expect(tried.text_body).toContain('which already has');
      expect(tried.text_body).toContain('Forgot your password?');
      expect(tried.text_body).toContain(kind === 'site-users' ? `https://${domain}/` : `https://${domain}/config`);
      expect(tokenIn(tried.text_body)).toBeUndefined();

      // Through the real SMTP server (with real Postgres another test file's relay may send it first).
      await (app.serviceParts as IdentityModule).mail.deliverBatch();
      if (mode.database === 'pglite') {
        const arrived = await waitFor(
          () => smtp.received.find((m) => m.to.includes(taken) && m.subject === tried.subject),
          10_000,
          `the mail to ${taken}`,
        );
        expect(arrived.text).toContain('Someone tried to sign up at Harbour Goods with this email address');
        expect(arrived.text).toContain('If it was not you, ignore this email: nothing changed on your account.');
      }
      expect((await queuedTo(taken)).slice(before).map((m) => m.status)).toEqual(['sent']);

      // No second account, and the first password still the one that signs in.
      expect(await accounts(kind, taken)).toHaveLength(1);
      expect((await signIn(kind, taken, 'first password 1')).statusCode).toBe(200);
      expect((await signIn(kind, taken, 'a password 12')).statusCode).toBe(401);
      // The new address has no account until its link is used: signing in with the password just
      // chosen answers as for any unknown address.
      expect(await accounts(kind, fresh)).toHaveLength(0);
      const pending = await signIn(kind, fresh, 'a password 12');
      expect(pending.statusCode).toBe(401);
      expect(pending.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.wrongCredentials } });
    }, 60_000);

    it('two sign-ups of one new address at once make one account', async () => {
      const email = `${unique('twice')}@example.com`;
      const asked = await Promise.all([signUp(kind, email, 'password one 1'), signUp(kind, email, 'password two 2')]);
      expect(asked.map((r) => r.statusCode)).toEqual([202, 202]);
      const tokens = (await queuedTo(email)).map((m) => tokenIn(m.text_body)!);
      expect(tokens).toHaveLength(2);
      // Each link with each password, all at once: a link makes an account only with the password
      // of its own sign-up, and the first such use takes the other link with it.
      const tries = tokens.flatMap((token) => ['password one 1', 'password two 2'].map((password) => ({ token, password })));
      const made = await Promise.all(tries.map((body) => call(`/api/auth/${kind}/confirm`, body)));
      expect(made.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
      expect(await accounts(kind, email)).toHaveLength(1);
      // The account has the password given with the link that made it.
      const first = tries[made.findIndex((r) => r.statusCode === 201)]!;
      expect((await signIn(kind, email, first.password)).statusCode).toBe(200);
      // And once it exists, the address is a taken one: the same answer, no new account.
      const again = await signUp(kind, email, 'password three 3');
      expect(again.statusCode).toBe(202);
      expect(await accounts(kind, email)).toHaveLength(1);
    }, 60_000);

    it('cannot flood an inbox: one "someone tried" mail per account per hour, three sign-up links per address per hour', async () => {
      const taken = `${unique('flood-taken')}@example.com`;
      await existing(kind, taken, 'first password 1');
      const fresh = `${unique('flood-fresh')}@example.com`;
      const before = (await queuedTo(taken)).length;
      for (let i = 0; i < 5; i++) {
        expect(seen(await signUp(kind, taken, 'a password 12'))).toEqual(seen(await signUp(kind, fresh, 'a password 12')));
      }
      expect((await queuedTo(taken)).slice(before)).toHaveLength(1);
      expect(await queuedTo(fresh)).toHaveLength(3);
    }, 60_000);
  });

  it('keeps site users of different websites apart: a taken address on one website is new on another', async () => {
    const email = `${unique('two-sites')}@example.com`;
    await existing('site-users', email, 'first password 1');
    const other = unique('other');
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/site-users',
      headers: asFromGateway({ 'x-website-id': other }, TEST_IDENTITY_SIGNING_KEY),
      payload: { email, password: 'a password 12' },
    });
    expect(elsewhere.statusCode).toBe(202);
    const link = (await queuedTo(email)).at(-1)!;
    expect(link.subject.startsWith('Finish signing up')).toBe(true);
    // Its link makes the account there only.
    const made = await app.inject({
      method: 'POST',
      url: '/api/auth/site-users/confirm',
      headers: asFromGateway({ 'x-website-id': other }, TEST_IDENTITY_SIGNING_KEY),
      payload: { token: tokenIn(link.text_body), password: 'a password 12' },
    });
    expect(made.statusCode).toBe(201);
    expect(await accounts('site-users', email)).toHaveLength(1);
  }, 60_000);
});
