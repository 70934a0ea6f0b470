// Sign-in throttling through the gateway (issue 19): attempts are counted atomically, so 40
// concurrent wrong passwords get no more checks than 10 sequential ones; past the limit an
// account needs a solved captcha (the site's proof of work) but is never locked, so the right
// password with a captcha always signs in, from any address; a full hashing queue answers 429 with
// Retry-After. Counts live in Redis when REDIS_URL is set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { FormMessages, IdentityMessages, powToken, type CaptchaChallenge } from '@sc/contracts';
import { solve } from '@sc/platform';
import { mode, unique } from '@sc/platform/test-kit';
import { Browser, randomIp, signUpAndConfirm, startGateway, startIdentity, type RunningIdentity } from './kit.js';

const PASSWORD = 'the right password';
const CAPTCHA_NEEDED = { error: { code: 'RATE_LIMITED', message: IdentityMessages.captchaRequired }, captchaRequired: true };

describe(`login throttling (${mode.cache} cache)`, () => {
  let identity: RunningIdentity;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    identity = await startIdentity({
      throttle: { windowMs: 60_000, maxFailuresPerEmail: 10, maxFailuresPerIp: 15, baseDelayMs: 10, maxDelayMs: 40 },
      captchaDifficulty: 4,
    });
    gateway = await startGateway({ IDENTITY_URL: identity.url });
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  /** A browser coming from its own address (the gateway trusts X-Forwarded-For). */
  async function visitor(ip = randomIp()): Promise<Browser> {
    const b = new Browser(gateway.server, { 'x-forwarded-for': ip });
    await b.open();
    return b;
  }

  async function solvedCaptcha(b: Browser): Promise<string> {
    const response = await b.send('post', '/api/auth/captcha/challenge', {});
    expect(response.status).toBe(200);
    const challenge = response.body as CaptchaChallenge;
    return powToken(challenge.challengeId, solve(challenge));
  }

  const signIn = (b: Browser, email: string, password: string, captchaToken?: string) =>
    b.send('post', '/api/site-users/account/session', { body: { email, password, ...(captchaToken ? { captchaToken } : {}) } });

  it('40 concurrent wrong passwords for one email: 10 are checked, 30 need a captcha', async () => {
    const email = `${unique('victim')}@example.com`;
    expect((await signUpAndConfirm(identity.app, await visitor(), 'site-user', { email, password: PASSWORD })).status).toBe(201);
    const attacker = await visitor();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(attacker, email, `guess ${i}`)));
    expect(responses.filter((r) => r.status === 401)).toHaveLength(10);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.body).toEqual(CAPTCHA_NEEDED);

    // The owner, from elsewhere: the right password alone is not enough, a wrong captcha is
    // refused, and the right password with a solved captcha signs in.
    const owner = await visitor();
    expect((await signIn(owner, email, PASSWORD)).status).toBe(429);
    const bad = await signIn(owner, email, PASSWORD, 'pow.00000000-0000-0000-0000-000000000000.1');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'BAD_REQUEST', message: FormMessages.recaptchaFailed } });
    const ok = await signIn(owner, email, PASSWORD, await solvedCaptcha(owner));
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveProperty('xsrfToken');
    // A captcha is good once.
    const token = await solvedCaptcha(attacker);
    expect((await signIn(attacker, email, 'guess', token)).status).toBe(401);
    expect((await signIn(attacker, email, 'guess', token)).status).toBe(400);
  });

  it('wrong passwords for the owner from 10 addresses do not lock the owner out', async () => {
    const email = `${unique('owner')}@example.com`;
    expect((await signUpAndConfirm(identity.app, await visitor(), 'owner', { email, password: PASSWORD })).status).toBe(201);
    for (let i = 0; i < 12; i++) {
      const response = await (await visitor()).send('post', '/api/auth/session', { body: { email, password: `guess ${i}` } });
      expect(response.status).toBe(i < 10 ? 401 : 429);
    }
    const owner = await visitor();
    const token = await solvedCaptcha(owner);
    const response = await owner.send('post', '/api/auth/session', { body: { email, password: PASSWORD, captchaToken: token } });
    expect(response.status).toBe(200);
  });

  it('counts attempts per address across emails', async () => {
    const attacker = await visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 17; i++) statuses.push((await signIn(attacker, `${unique('spray')}@example.com`, 'password1')).status);
    expect(statuses).toEqual([...new Array<number>(15).fill(401), 429, 429]);
    // Another address is not affected.
    expect((await signIn(await visitor(), `${unique('spray')}@example.com`, 'x')).status).toBe(401);
  });

  it('does not count successful sign-ins against the address', async () => {
    // Many people behind one address (an office, a shop's wifi) each signing in once: past the
    // per-address limit of 15 in number, none of them is asked for a captcha.
    const office = randomIp();
    const emails: string[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `${unique('colleague')}@example.com`;
      expect((await signUpAndConfirm(identity.app, await visitor(), 'site-user', { email, password: PASSWORD })).status).toBe(201);
      emails.push(email);
    }
    for (const email of emails) expect((await signIn(await visitor(office), email, PASSWORD)).status).toBe(200);
    // Failures from it are still counted: 15 are checked, then a captcha.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await signIn(await visitor(office), `${unique('spray')}@example.com`, 'password1')).status);
    expect(statuses).toEqual([...new Array<number>(15).fill(401), 429]);
  });

  it('clears the count of an email after a successful sign-in', async () => {
    const email = `${unique('forgetful')}@example.com`;
    expect((await signUpAndConfirm(identity.app, await visitor(), 'site-user', { email, password: PASSWORD })).status).toBe(201);
    const user = await visitor();
    for (let i = 0; i < 9; i++) expect((await signIn(user, email, 'typo')).status).toBe(401);
    expect((await signIn(user, email, PASSWORD)).status).toBe(200);
    const fresh = await visitor();
    for (let i = 0; i < 9; i++) expect((await signIn(fresh, email, 'typo')).status).toBe(401);
  });
});

describe('password hashing pool', () => {
  it('answers 429 with Retry-After once one thread and one queued hash are taken', async () => {
    const identity = await startIdentity({ scrypt: { ln: 13, r: 8, p: 1 }, hashPool: { threads: 1, maxQueue: 1 } });
    const gateway = await startGateway({ IDENTITY_URL: identity.url });
    try {
      const browsers = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const b = new Browser(gateway.server, { 'x-forwarded-for': randomIp() });
          await b.open();
          return b;
        }),
      );
      const responses = await Promise.all(
        browsers.map((b) =>
          b.send('post', '/api/site-users/account/session', { body: { email: `${unique('nobody')}@example.com`, password: 'whatever1' } }),
        ),
      );
      const busy = responses.filter((r) => r.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(2);
      expect(responses.every((r) => r.status === 401 || r.status === 429)).toBe(true);
      for (const r of busy) {
        expect(r.body).toEqual({ error: { code: 'RATE_LIMITED', message: IdentityMessages.signInBusy } });
        expect(r.headers['retry-after']).toBe('1');
      }
    } finally {
      await gateway.close();
      await identity.close();
    }
  }, 120_000);

  it('answers a burst of sign-ups and new passwords past the queue with 429 and Retry-After, never 500', async () => {
    const identity = await startIdentity({ scrypt: { ln: 13, r: 8, p: 1 }, hashPool: { threads: 1, maxQueue: 1 } });
    const gateway = await startGateway({ IDENTITY_URL: identity.url });
    try {
      const browsers = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const b = new Browser(gateway.server, { 'x-forwarded-for': randomIp() });
          await b.open();
          return b;
        }),
      );
      const responses = await Promise.all(
        browsers.map((b, i) =>
          i % 2 === 0
            ? b.send('post', '/api/auth/site-users', { body: { email: `${unique('burst')}@example.com`, password: PASSWORD } })
            : b.send('post', '/api/auth/owners', { body: { email: `${unique('burst-owner')}@example.com`, password: PASSWORD } }),
        ),
      );
      const busy = responses.filter((r) => r.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((r) => r.status === 202).length).toBeGreaterThanOrEqual(2);
      expect(responses.every((r) => r.status === 202 || r.status === 429)).toBe(true);
      for (const r of busy) {
        expect(r.body).toEqual({ error: { code: 'RATE_LIMITED', message: IdentityMessages.signInBusy } });
        expect(r.headers['retry-after']).toBe('1');
      }
    } finally {
      await gateway.close();
      await identity.close();
    }
  }, 120_000);
});
