// No account pre-hijacking (issue 40b). Anyone can start a sign-up for someone else's address, with
// a password of their own; the mailed link goes to the owner of the address. Opening it makes the
// account only with the password chosen at that sign-up (POST .../confirm checks it like a
// sign-in), so the owner of the mailbox, who does not know the attacker's password, cannot be
// made to create an account the attacker can sign in to. A wrong password changes nothing but a
// count: the link keeps working until its fifth wrong password spends it. The check shares
// sign-in's throttle, and two uses of one link at once make one account.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { IdentityMessages, OWNER_SESSION_COOKIE, SITE_USER_SESSION_COOKIE, sessionCookieName } from '@sc/contracts';
import { asFromGateway, mode, unique } from '@sc/platform/test-kit';
import type { Kysely } from 'kysely';
import type { MailTables, ServiceContext } from '@sc/platform';
import { sha256 } from '../src/domain/tokens.js';
import type { IdentityDB } from '../src/tables.js';
import { SIGN_UP_PASSWORD_TRIES } from '../src/account-mail/account-mail.service.js';
import { randomIp, signUpApp, TEST_IDENTITY_SIGNING_KEY, type RunningIdentity, KIT_START_TIMEOUT_MS } from './kit.js';

type Kind = 'site-users' | 'owners';
const KINDS: Kind[] = ['site-users', 'owners'];
const ATTACKER = 'attacker password 1';
const VICTIM = 'victim password 1';

describe(`sign-up links ask for the password chosen at sign-up (${mode.database})`, () => {
  let app: FastifyInstance;
  let ctx: ServiceContext<IdentityDB>;
  let identity: RunningIdentity;
  const site = unique('site');

  beforeAll(async () => {
    identity = await signUpApp(site, `${site.replaceAll('_', '-')}.example.com`);
    app = identity.app;
    ctx = app.serviceContext as ServiceContext<IdentityDB>;
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => identity?.close());

  /** Each test from a client address of its own: the throttle's counts per address stay apart. */
  const from = (ip: string) => (url: string, body: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: asFromGateway({ 'x-website-id': site, 'x-forwarded-for': ip }, TEST_IDENTITY_SIGNING_KEY),
      payload: body,
    });
  const signIn = (ip: string, kind: Kind, email: string, password: string) =>
    from(ip)(kind === 'site-users' ? '/api/site-users/account/session' : '/api/auth/session', { email, password });
  /** Sign-up of `email` with `password` from `ip`: the token of the link mailed for it. */
  const signUp = async (ip: string, kind: Kind, email: string, password: string) => {
    expect((await from(ip)(`/api/auth/${kind}`, { email, password })).statusCode).toBe(202);
    const mail = await (ctx.db as unknown as Kysely<MailTables>)
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /confirm-sign-up(?:=|\?token=)([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  };
  const confirm = (ip: string, kind: Kind, body: object) => from(ip)(`/api/auth/${kind}/confirm`, body);
  const accounts = async (kind: Kind, email: string) =>
    kind === 'site-users'
      ? ctx.db.selectFrom('site_users').select('id').where('website_id', '=', site).where('email', '=', email).execute()
      : ctx.db.selectFrom('owners').select('id').where('email', '=', email).execute();
  /** The waiting sign-up of a token, if its link still works. */
  const waiting = (token: string) =>
    ctx.db.selectFrom('account_tokens').select(['failed_tries']).where('token_hash', '=', sha256(token)).executeTakeFirst();
  const message = (response: { json: () => unknown }) => (response.json() as { error?: { message?: string } }).error?.message;

  describe.each(KINDS)('POST /api/auth/%s/confirm', (kind) => {
    const cookie = sessionCookieName(kind === 'site-users' ? SITE_USER_SESSION_COOKIE : OWNER_SESSION_COOKIE, false);

    it("makes nothing when the address's owner opens a link someone else started with their own password", async () => {
      const victim = `${unique('victim')}@example.com`;
      // The attacker signs up with the victim's address; the link goes to the victim.
      const token = await signUp(randomIp(), kind, victim, ATTACKER);
      const ip = randomIp();
      const bare = await confirm(ip, kind, { token });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { password: IdentityMessages.passwordRequired } } });
      const guessed = await confirm(ip, kind, { token, password: VICTIM });
      expect(guessed.statusCode).toBe(400);
      expect(message(guessed)).toBe(IdentityMessages.signUpPasswordWrong);
      expect(guessed.headers['set-cookie']).toBeUndefined();
      // No account, so the attacker's password signs in to nothing; the link is not used up.
      expect(await accounts(kind, victim)).toHaveLength(0);
      expect((await signIn(randomIp(), kind, victim, ATTACKER)).statusCode).toBe(401);
      expect(await waiting(token)).toEqual({ failed_tries: 1 });
      // The victim signs up for real: their own link and password make the account, and the
      // attacker's waiting sign-up goes with it.
      const own = await signUp(ip, kind, victim, VICTIM);
      expect((await confirm(ip, kind, { token: own, password: VICTIM })).statusCode).toBe(201);
      expect(await waiting(token)).toBeUndefined();
      expect(message(await confirm(randomIp(), kind, { token, password: ATTACKER }))).toBe(IdentityMessages.signUpTokenInvalid);
      expect(await accounts(kind, victim)).toHaveLength(1);
      expect((await signIn(randomIp(), kind, victim, ATTACKER)).statusCode).toBe(401);
      expect((await signIn(randomIp(), kind, victim, VICTIM)).statusCode).toBe(200);
    }, 60_000);

    it('makes the account and signs in with the right password, also after a wrong one', async () => {
      const email = `${unique('right')}@example.com`;
      const ip = randomIp();
      const token = await signUp(ip, kind, email, VICTIM);
      expect(message(await confirm(ip, kind, { token, password: 'not it at all' }))).toBe(IdentityMessages.signUpPasswordWrong);
      const made = await confirm(ip, kind, { token, password: VICTIM });
      expect(made.statusCode).toBe(201);
      expect(String(made.headers['set-cookie'])).toContain(`${cookie}=`);
      expect(await accounts(kind, email)).toHaveLength(1);
      expect(await waiting(token)).toBeUndefined();
      expect((await signIn(ip, kind, email, VICTIM)).statusCode).toBe(200);
    }, 60_000);

    it(`spends the link at the ${SIGN_UP_PASSWORD_TRIES}th wrong password`, async () => {
      const email = `${unique('spent')}@example.com`;
      const ip = randomIp();
      const token = await signUp(ip, kind, email, ATTACKER);
      for (let i = 1; i < SIGN_UP_PASSWORD_TRIES; i++) {
        const wrong = await confirm(ip, kind, { token, password: `guess ${i} guess` });
        expect([wrong.statusCode, message(wrong)]).toEqual([400, IdentityMessages.signUpPasswordWrong]);
        expect(await waiting(token)).toEqual({ failed_tries: i });
      }
      const last = await confirm(ip, kind, { token, password: 'the last guess' });
      expect([last.statusCode, message(last)]).toEqual([400, IdentityMessages.signUpPasswordSpent]);
      expect(await waiting(token)).toBeUndefined();
      // Spent: not even the right password makes the account now.
      const late = await confirm(ip, kind, { token, password: ATTACKER });
      expect([late.statusCode, message(late)]).toEqual([400, IdentityMessages.signUpTokenInvalid]);
      expect(await accounts(kind, email)).toHaveLength(0);
    }, 60_000);

    it('makes one account when one link is used twice at once', async () => {
      const email = `${unique('race')}@example.com`;
      const ip = randomIp();
      const token = await signUp(ip, kind, email, VICTIM);
      const made = await Promise.all([1, 2, 3].map(() => confirm(ip, kind, { token, password: VICTIM })));
      expect(made.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
      for (const refused of made.filter((r) => r.statusCode === 400)) expect(message(refused)).toBe(IdentityMessages.signUpTokenInvalid);
      expect(await accounts(kind, email)).toHaveLength(1);
    }, 60_000);

    it("is throttled with sign-in: past the address's limit it needs a captcha, and the link stays", async () => {
      const email = `${unique('throttled')}@example.com`;
      const ip = randomIp();
      const token = await signUp(ip, kind, email, VICTIM);
      // Wrong sign-ins for the address until sign-in asks for a captcha (the limit per account).
      let refused = 0;
      for (let i = 0; i < 50 && refused !== 429; i++) refused = (await signIn(ip, kind, email, `wrong ${i} wrong`)).statusCode;
      expect(refused).toBe(429);
      const throttled = await confirm(ip, kind, { token, password: VICTIM });
      expect(throttled.statusCode).toBe(429);
      expect(message(throttled)).toBe(IdentityMessages.captchaRequired);
      expect(throttled.json()).toMatchObject({ captchaRequired: true });
      // Nothing was used or counted against the link.
      expect(await waiting(token)).toEqual({ failed_tries: 0 });
      expect(await accounts(kind, email)).toHaveLength(0);
    }, 60_000);
  });
});
