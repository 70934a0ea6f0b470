// Password reset and email verification through mailed links: the same answer whether or not the
// address has an account, a single-use hashed token valid one hour, every session ended by a
// reset; the sign-up mail's link makes the account, its address verified, once. The mails are read where the service
// puts them, the mail outbox: with real Postgres every identity app of the test run shares it, and
// another test file's relay may send one of these first (the SMTP path has its own tests in
// packages/platform/src/mail).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IdentityMessages, SITE_USER_SESSION_COOKIE } from '@sc/contracts';
import { asFromGateway, mode, testConfig, unique } from '@sc/platform/test-kit';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import { sql, type Kysely } from 'kysely';
import { buildApp, type IdentityModule } from '../src/index.js';
import { sha256 } from '../src/domain/tokens.js';
import type { IdentityDB } from '../src/tables.js';
import { upsertWebsite } from '../src/websites/website.repository.js';
import { AccountMailRepository } from '../src/account-mail/account-mail.repository.js';
import type { MailTables, ServiceContext } from '@sc/platform';
import { FAST_SCRYPT, sharedInfra, TEST_IDENTITY_SIGNING_KEY } from './kit.js';

const cookieOf = (response: LightMyRequestResponse, name: string): string | undefined => {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
};

describe(`password reset and email verification (${mode.database})`, () => {
  let app: FastifyInstance;
  let ctx: ServiceContext<IdentityDB>;
  let smtp: TestSmtpServer;
  let closeInfra: () => Promise<void>;
  const site = unique('site');
  const domain = `${site.replaceAll('_', '-')}.example.com`;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    const smtpUrl = await smtp.start();
    const infra = await sharedInfra();
    closeInfra = infra.close;
    app = await buildApp({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY, PUBLIC_URL: 'https://shop.example.net' }), // mailed links: https, no port, the website's domain
      shared: infra.shared,
      settings: { scrypt: FAST_SCRYPT },
      websites: false,
      mail: {
        config: { SMTP_URL: smtpUrl, MAIL_FROM: 'Site <site@example.com>', MAIL_BATCH_SIZE: 50, MAIL_SEND_INTERVAL_MS: 0 },
        autoStart: false,
      },
    });
    await app.ready();
    ctx = app.serviceContext as ServiceContext<IdentityDB>;
    await upsertWebsite(ctx.db, { id: site, title: 'Harbour Goods', domains: [domain], changedAt: new Date() });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await closeInfra?.();
    await smtp?.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, body?: object, session?: string) =>
    app.inject({
      method,
      url,
      headers: asFromGateway(
        { 'x-website-id': site, ...(session ? { cookie: `${SITE_USER_SESSION_COOKIE}=${session}` } : {}) },
        TEST_IDENTITY_SIGNING_KEY,
      ),
      ...(body ? { payload: body } : {}),
    });
  const signIn = (email: string, password: string) => call('POST', '/api/site-users/account/session', { email, password });
  const authenticated = async (session: string) =>
    (await call('GET', '/api/site-users/account/session', undefined, session)).json<{ authenticated: boolean }>().authenticated;
  const deliver = async () => {
    await (app.serviceParts as IdentityModule).mail.deliverBatch();
  };
  /** The mails queued for an address, oldest first, in the shape the SMTP server reports. */
  const mailsTo = async (email: string) => {
    const rows = await (ctx.db as unknown as Kysely<MailTables>)
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'website_id'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, to: [row.to_address], subject: row.subject, text: row.text_body, html: row.html_body ?? '' }));
  };
  /** Every mail queued for the test's website, oldest first. */
  const siteMails = async () =>
    (
      await (ctx.db as unknown as Kysely<MailTables>)
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject'])
        .where('website_id', '=', site)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({
      id: row.id,
      to: [row.to_address],
      subject: row.subject,
    }));
  const linkIn = (text: string, path: string, param = 'token') => {
    const match = new RegExp(`https://${domain.replaceAll('.', '\\.')}${path.replaceAll('/', '\\/')}\\?${param}=([A-Za-z0-9_-]+)`).exec(
      text,
    );
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    return { url: match[0], token: match[1]! };
  };

  /** Sign-up and the mailed link that makes the account: the confirm response (201, signed in). */
  const signUpConfirmed = async (kind: 'site-users' | 'owners', email: string, password: string) => {
    expect((await call('POST', `/api/auth/${kind}`, { email, password })).statusCode).toBe(202);
    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Finish signing up'))!;
    const { token } = kind === 'site-users' ? linkIn(mail.text, '/', 'confirm-sign-up') : linkIn(mail.text, '/config/confirm-sign-up');
    return call('POST', `/api/auth/${kind}/confirm`, { token, password });
  };

  it('a forgotten password is reset through the emailed link; every old session stops working; the link works once', async () => {
    const email = `${unique('ada')}@example.com`;
    const signUp = await signUpConfirmed('site-users', email, 'old password 1');
    expect(signUp.statusCode).toBe(201);
    const sessionA = cookieOf(signUp, SITE_USER_SESSION_COOKIE)!;
    const sessionB = cookieOf(await signIn(email, 'old password 1'), SITE_USER_SESSION_COOKIE)!;
    expect(await authenticated(sessionA)).toBe(true);
    expect(await authenticated(sessionB)).toBe(true);

    const asked = await call('POST', '/api/auth/site-users/password-reset', { email });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: IdentityMessages.resetRequested });
    await deliver();
    const mails = (await mailsTo(email)).filter((m) => m.subject === 'Reset your password for Harbour Goods');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const { url, token } = linkIn(mail.text, '/', 'reset-password');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('within one hour');
    // Stored hashed: the token itself is nowhere in the table.
    const stored = await ctx.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('purpose', '=', 'password-reset')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(await ctx.db.selectFrom('account_tokens').selectAll().execute())).not.toContain(token);
    const ttl = new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime();
    expect(ttl).toBeGreaterThan(3590_000);
    expect(ttl).toBeLessThanOrEqual(3601_000);

    const done = await call('POST', '/api/auth/site-users/password-reset/confirm', { token, password: 'new password 2' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: IdentityMessages.passwordChanged });
    expect(await authenticated(sessionA)).toBe(false);
    expect(await authenticated(sessionB)).toBe(false);
    expect((await signIn(email, 'old password 1')).statusCode).toBe(401);
    expect((await signIn(email, 'new password 2')).statusCode).toBe(200);

    const again = await call('POST', '/api/auth/site-users/password-reset/confirm', { token, password: 'third password 3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { message: IdentityMessages.resetTokenInvalid } });
    expect((await signIn(email, 'new password 2')).statusCode).toBe(200);
  }, 60_000);

  it('the same answer whether or not the address has an account; no mail for an unknown one; links per hour are capped', async () => {
    const email = `${unique('bo')}@example.com`;
    await signUpConfirmed('site-users', email, 'a password 1');
    const before = new Set((await siteMails()).map((m) => m.id));
    const unknown = await call('POST', '/api/auth/site-users/password-reset', { email: `${unique('nobody')}@example.com` });
    const known = await call('POST', '/api/auth/site-users/password-reset', { email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // The same address on another website has no account there either.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/site-users/password-reset',
      headers: asFromGateway({ 'x-website-id': unique('other') }, TEST_IDENTITY_SIGNING_KEY),
      payload: { email },
    });
    expect(elsewhere.body).toBe(known.body);
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/auth/site-users/password-reset', { email })).body).toBe(known.body);
    await deliver();
    const arrived = (await siteMails()).filter((m) => !before.has(m.id));
    expect(arrived.filter((m) => m.subject.startsWith('Reset your password')).map((m) => m.to)).toEqual([[email], [email], [email]]);
    // Only the known address got mail (its sign-up link earlier); nothing to anyone else.
    expect(arrived.every((m) => m.to.includes(email))).toBe(true);
  }, 60_000);

  it('an expired, forged or other-website token is refused with 400 and changes nothing', async () => {
    const email = `${unique('cy')}@example.com`;
    await signUpConfirmed('site-users', email, 'a password 1');
    await call('POST', '/api/auth/site-users/password-reset', { email });
    await deliver();
    const { token } = linkIn((await mailsTo(email)).find((m) => m.subject.startsWith('Reset'))!.text, '/', 'reset-password');
    const otherSite = await app.inject({
      method: 'POST',
      url: '/api/auth/site-users/password-reset/confirm',
      headers: asFromGateway({ 'x-website-id': unique('other') }, TEST_IDENTITY_SIGNING_KEY),
      payload: { token, password: 'hijacked pw 1' },
    });
    expect(otherSite.statusCode).toBe(400);
    const asOwner = await call('POST', '/api/auth/owners/password-reset/confirm', { token, password: 'hijacked pw 1' });
    expect(asOwner.statusCode).toBe(400);
    const forged = await call('POST', '/api/auth/site-users/password-reset/confirm', {
      token: `${token.slice(0, -2)}AA`,
      password: 'hijacked pw 1',
    });
    expect(forged.statusCode).toBe(400);
    await ctx.db
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256(token))
      .execute();
    const expired = await call('POST', '/api/auth/site-users/password-reset/confirm', { token, password: 'hijacked pw 1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { message: IdentityMessages.resetTokenInvalid } });
    expect((await signIn(email, 'a password 1')).statusCode).toBe(200);
  }, 60_000);

  it('sign-up mails a link that makes the account with a verified address, once', async () => {
    const email = `${unique('di')}@example.com`;
    expect((await call('POST', '/api/auth/site-users', { email, password: 'a password 1' })).statusCode).toBe(202);
    await deliver();
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Finish signing up at Harbour Goods')!;
    expect(mail).toBeDefined();
    const { url, token } = linkIn(mail.text, '/', 'confirm-sign-up');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('within one day');
    expect(mail.text).toContain('enter the password you chose');
    // Stored hashed, with the account to make.
    expect(JSON.stringify(await ctx.db.selectFrom('account_tokens').selectAll().execute())).not.toContain(token);
    expect(await ctx.db.selectFrom('site_users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const made = await call('POST', '/api/auth/site-users/confirm', { token, password: 'a password 1' });
    expect(made.statusCode).toBe(201);
    const userId = made.json<{ siteUserId: string }>().siteUserId;
    expect(await authenticated(cookieOf(made, SITE_USER_SESSION_COOKIE)!)).toBe(true);
    const user = await ctx.db
      .selectFrom('site_users')
      .select(['id', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.id).toBe(userId);
    expect(user.email_verified_at).not.toBeNull();
    const twice = await call('POST', '/api/auth/site-users/confirm', { token, password: 'a password 1' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: { message: IdentityMessages.signUpTokenInvalid } });
    // Another website's sign-up link is no good here, nor an owner's.
    expect((await call('POST', '/api/auth/owners/confirm', { token, password: 'a password 1' })).statusCode).toBe(400);
  }, 60_000);

  it('a verification link mailed before sign-up by link still verifies the address once', async () => {
    const email = `${unique('el')}@example.com`;
    const userId = (await signUpConfirmed('site-users', email, 'a password 1')).json<{ siteUserId: string }>().siteUserId;
    await ctx.db.updateTable('site_users').set({ email_verified_at: null }).where('id', '=', userId).execute();
    const token = await new AccountMailRepository(ctx.db).issue('verify-email', 'site-user', userId, site, 3600_000);
    const verifiedAt = async () =>
      (await ctx.db.selectFrom('site_users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow())
        .email_verified_at;
    const opened = await call('GET', `/api/auth/site-users/verify-email?token=${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: IdentityMessages.emailVerified });
    expect(await verifiedAt()).not.toBeNull();
    const twice = await call('GET', `/api/auth/site-users/verify-email?token=${token}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: { message: IdentityMessages.verifyTokenInvalid } });
  }, 60_000);

  it('an owner resets a forgotten password; the owner sessions end', async () => {
    const email = `${unique('owner')}@example.com`;
    const created = await signUpConfirmed('owners', email, 'owner pw 123');
    expect(created.statusCode).toBe(201);
    const ownerId = (await ctx.db.selectFrom('owners').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const sessions = () =>
      ctx.db.selectFrom('sessions').select('token_hash').where('kind', '=', 'owner').where('subject_id', '=', ownerId).execute();
    expect(await sessions()).toHaveLength(1);
    expect((await call('POST', '/api/auth/owners/password-reset', { email })).json()).toEqual({ message: IdentityMessages.resetRequested });
    await deliver();
    const { token } = linkIn((await mailsTo(email)).find((m) => m.subject.startsWith('Reset'))!.text, '/config/reset-password');
    expect((await call('POST', '/api/auth/owners/password-reset/confirm', { token, password: 'owner pw 456' })).statusCode).toBe(200);
    expect(await sessions()).toHaveLength(0);
    expect((await call('POST', '/api/auth/session', { email, password: 'owner pw 123' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/session', { email, password: 'owner pw 456' })).statusCode).toBe(200);
  }, 60_000);
});
