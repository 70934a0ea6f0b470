// The visitor side of identity through the gateway, as the storefront uses it: sign-up, the SPEC
// login (a taken address: sign-up-probing.test.ts), an XSRF-protected request, locale, logout with and without cloneCart, and the events
// cart consumes. Real Postgres/NATS/Redis when their URLs are set, embedded ones otherwise.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  CartMessages,
  DEMO_WEBSITE_ID,
  GUEST_CART_COOKIE,
  IdentityMessages,
  SITE_USER_INFO_COOKIE,
  SITE_USER_SESSION_COOKIE,
  type SiteUserSessionEnded,
  type SiteUserSessionStarted,
} from '@sc/contracts';
import { mode, unique } from '@sc/platform/test-kit';
import {
  Browser,
  outboxEvents,
  randomIp,
  setCookies,
  signUpAndConfirm,
  signUpToken,
  startGateway,
  startIdentity,
  type RunningIdentity,
} from './kit.js';

// Hosts without a website of their own get the demo website (content is not running here).
const WEBSITE = DEMO_WEBSITE_ID;
const PASSWORD = 'correct horse battery';

describe(`site users through the gateway (${mode.database}, ${mode.cache} cache)`, () => {
  let identity: RunningIdentity;
  let gateway: FastifyInstance;
  // Every browser of this run comes from one address of its own: the failed sign-ins below count
  // against it for the throttle window, in Redis across runs (services/identity/test/throttle.test.ts).
  const address = randomIp();
  const browser = (headers: Record<string, string> = {}) => new Browser(gateway.server, { 'x-forwarded-for': address, ...headers });

  /** A signed-up user in a fresh browser, signed out again, so each test starts from the login page. */
  async function newUser(): Promise<{ email: string; siteUserId: string }> {
    const email = `${unique('visitor')}@example.com`;
    const b = browser();
    await b.open();
    const response = await signUpAndConfirm(identity.app, b, 'site-user', { email, password: PASSWORD, name: 'Vera Visitor' });
    expect(response.status).toBe(201);
    return { email, siteUserId: (response.body as { siteUserId: string }).siteUserId };
  }

  async function signedIn(rememberMe = false): Promise<{ b: Browser; email: string; siteUserId: string }> {
    const user = await newUser();
    const b = browser();
    await b.open();
    const response = await b.send('post', '/api/site-users/account/session', {
      body: { email: user.email, password: PASSWORD, rememberMe },
    });
    expect(response.status).toBe(200);
    b.xsrfToken = (response.body as { xsrfToken: string }).xsrfToken;
    return { b, ...user };
  }

  beforeAll(async () => {
    identity = await startIdentity();
    gateway = await startGateway({ IDENTITY_URL: identity.url });
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  describe('sign-up', () => {
    it('mails a link; the link makes the account, signs it in and sets the SPEC cookies', async () => {
      const b = browser();
      await b.open();
      const email = `${unique('Signup')}@Example.com`;
      const asked = await b.send('post', '/api/auth/site-users', { body: { email: `  ${email} `, password: PASSWORD, name: 'Sam' } });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: IdentityMessages.signUpCheckEmail });
      // Nothing is signed in (and no account exists) before the link is used.
      expect(setCookies(asked).has(SITE_USER_SESSION_COOKIE)).toBe(false);
      expect((await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } })).status).toBe(401);
      const response = await b.send('post', '/api/auth/site-users/confirm', {
        body: { token: await signUpToken(identity.app, email.toLowerCase()), password: PASSWORD },
      });
      expect(response.status).toBe(201);
      const { xsrfToken, siteUserId } = response.body as { xsrfToken: string; siteUserId: string };
      expect(xsrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const cookies = setCookies(response);
      const session = cookies.get(SITE_USER_SESSION_COOKIE);
      expect(session?.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/', 'samesite=lax']));
      expect(session?.attributes.some((a) => a.startsWith('max-age'))).toBe(false);
      const info = cookies.get(SITE_USER_INFO_COOKIE);
      expect(info?.attributes).not.toContain('httponly');
      expect(JSON.parse(decodeURIComponent(info?.value ?? ''))).toEqual({ authenticated: true, siteUserId });

      const me = await b.send('get', '/api/site-users/account/session');
      expect(me.body).toEqual({ authenticated: true, siteUserId, email: email.toLowerCase(), name: 'Sam', language: null, xsrfToken });
    });

    it('refuses a used sign-up link with a clear 400', async () => {
      const email = `${unique('twice')}@example.com`;
      const b = browser();
      await b.open();
      expect((await signUpAndConfirm(identity.app, b, 'site-user', { email, password: PASSWORD })).status).toBe(201);
      const again = await browser().send('post', '/api/auth/site-users/confirm', {
        body: { token: await signUpToken(identity.app, email), password: PASSWORD },
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: { message: IdentityMessages.signUpTokenInvalid } });
    });

    it('validates the email and the password length with clear messages', async () => {
      const b = browser();
      await b.open();
      const response = await b.send('post', '/api/auth/site-users', { body: { email: 'not-an-email', password: 'short' } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { email: 'Please enter a valid email', password: IdentityMessages.passwordTooShort } },
      });
      const extra = await b.send('post', '/api/auth/site-users', { body: { email: 'a@example.com', password: PASSWORD, admin: true } });
      expect(extra.status).toBe(400);
    });
  });

  describe('SPEC login', () => {
    it('answers { xsrfToken } with a browser-session cookie without rememberMe', async () => {
      const { email, siteUserId } = await newUser();
      const b = browser();
      await b.open();
      const response = await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD, rememberMe: false } });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body as object)).toEqual(['xsrfToken']);
      const cookies = setCookies(response);
      expect(cookies.get(SITE_USER_SESSION_COOKIE)?.attributes.some((a) => a.startsWith('max-age'))).toBe(false);
      expect(JSON.parse(decodeURIComponent(cookies.get(SITE_USER_INFO_COOKIE)?.value ?? ''))).toEqual({ authenticated: true, siteUserId });
    });

    it('keeps a rememberMe session for 30 days', async () => {
      const { email } = await newUser();
      const b = browser();
      await b.open();
      const response = await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD, rememberMe: true } });
      expect(response.status).toBe(200);
      const cookies = setCookies(response);
      expect(cookies.get(SITE_USER_SESSION_COOKIE)?.attributes).toContain(`max-age=${30 * 24 * 3600}`);
      expect(cookies.get(SITE_USER_INFO_COOKIE)?.attributes).toContain(`max-age=${30 * 24 * 3600}`);
    });

    it('gives the same answer for an unknown email and a wrong password', async () => {
      const { email } = await newUser();
      const b = browser();
      await b.open();
      const wrong = await b.send('post', '/api/site-users/account/session', {
        body: { email, password: 'wrong password', rememberMe: false },
      });
      const unknown = await b.send('post', '/api/site-users/account/session', {
        body: { email: `${unique('nobody')}@example.com`, password: 'wrong password', rememberMe: false },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.wrongCredentials } });
      expect(unknown.body).toEqual(wrong.body);
      expect(setCookies(wrong).has(SITE_USER_SESSION_COOKIE)).toBe(false);
    });

    it('needs the crumb like every unsafe API call', async () => {
      const { email } = await newUser();
      const b = browser();
      await b.open();
      const response = await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD }, crumb: false });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ crumbFail: true });
    });

    it('announces the session with the guest cart cookie so cart can merge it', async () => {
      const { email, siteUserId } = await newUser();
      const b = browser();
      await b.open();
      const guestCart = `guest${unique('cart')}`;
      b.cookies.set(GUEST_CART_COOKIE, guestCart);
      const response = await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } });
      expect(response.status).toBe(200);
      const started = await outboxEvents<SiteUserSessionStarted>(identity.app, 'identity.session.started', WEBSITE);
      expect(started).toContainEqual({ siteUserId, cartToken: guestCart });
    });
  });

  describe('XSRF-protected requests', () => {
    it('refuses an unsafe request of a signed-in user without the X-SiteUser-XSRF-Token, or with a wrong one', async () => {
      const { b } = await signedIn();
      const missing = await b.send('post', '/api/site-users/account/locale', { body: { language: 'fr-FR' }, xsrf: false });
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.xsrfFailed } });
      const wrong = await b.send('post', '/api/site-users/account/locale', { body: { language: 'fr-FR' }, xsrf: 'x'.repeat(32) });
      expect(wrong.status).toBe(403);
      const me = await b.send('get', '/api/site-users/account/session');
      expect((me.body as { language: string | null }).language).toBeNull();
    });

    it('lets it through with the token, and a page that lost the token can read it again', async () => {
      const { b } = await signedIn();
      const token = b.xsrfToken;
      b.xsrfToken = undefined;
      const me = await b.send('get', '/api/site-users/account/session');
      expect((me.body as { xsrfToken: string }).xsrfToken).toBe(token);
      b.xsrfToken = (me.body as { xsrfToken: string }).xsrfToken;
      const ok = await b.send('post', '/api/site-users/account/locale', { body: { language: 'fr-FR' } });
      expect(ok.status).toBe(200);
    });
  });

  describe('locale', () => {
    it("stores the signed-in user's language", async () => {
      const { b } = await signedIn();
      const response = await b.send('post', '/api/site-users/account/locale', { body: { language: 'de_DE' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ language: 'de_DE' });
      const me = await b.send('get', '/api/site-users/account/session');
      expect((me.body as { language: string }).language).toBe('de_DE');
    });

    it('refuses a language that is not a language code', async () => {
      const { b } = await signedIn();
      const response = await b.send('post', '/api/site-users/account/locale', { body: { language: '<script>' } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { fields: { language: IdentityMessages.invalidLanguage } } });
    });

    it('asks a visitor who is not signed in to sign in', async () => {
      const b = browser();
      await b.open();
      const response = await b.send('post', '/api/site-users/account/locale', { body: { language: 'en' } });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
    });
  });

  describe('logout', () => {
    it('without cloneCart: ends the session, clears the cookies and the cart cookie', async () => {
      const { b, siteUserId } = await signedIn(true);
      b.cookies.set(GUEST_CART_COOKIE, `guest${unique('cart')}`);
      const sessionCookie = b.cookies.get(SITE_USER_SESSION_COOKIE);
      const response = await b.send('delete', '/api/site-users/account/session?cloneCart=false');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect(b.cookies.has(SITE_USER_SESSION_COOKIE)).toBe(false);
      expect(b.cookies.has(SITE_USER_INFO_COOKIE)).toBe(false);
      expect(b.cookies.has(GUEST_CART_COOKIE)).toBe(false);
      const ended = await outboxEvents<SiteUserSessionEnded>(identity.app, 'identity.session.ended', WEBSITE);
      expect(ended).toContainEqual({ siteUserId, cloneCart: false, guestCartToken: null });

      // The old cookie is worthless now, even replayed at once (the gateway forgot its answer).
      const replay = browser();
      await replay.open();
      replay.cookies.set(SITE_USER_SESSION_COOKIE, sessionCookie ?? '');
      expect((await replay.send('get', '/api/site-users/account/session')).body).toEqual({ authenticated: false });
      const write = await replay.send('post', '/api/site-users/account/locale', { body: { language: 'en' } });
      expect(write.status).toBe(401);
    });

    it('with cloneCart: the visitor gets a new guest cart cookie, announced for cart to fill', async () => {
      const { b, siteUserId } = await signedIn();
      const response = await b.send('delete', '/api/site-users/account/session?cloneCart=true');
      expect(response.status).toBe(200);
      const guestCartToken = b.cookies.get(GUEST_CART_COOKIE);
      expect(guestCartToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(setCookies(response).get(GUEST_CART_COOKIE)?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      const ended = await outboxEvents<SiteUserSessionEnded>(identity.app, 'identity.session.ended', WEBSITE);
      expect(ended).toContainEqual({ siteUserId, cloneCart: true, guestCartToken });
      expect((await b.send('get', '/api/site-users/account/session')).body).toEqual({ authenticated: false });
    });

    it('needs the XSRF token of the session', async () => {
      const { b } = await signedIn();
      const refused = await b.send('delete', '/api/site-users/account/session?cloneCart=false', { xsrf: false });
      expect(refused.status).toBe(403);
      expect((await b.send('get', '/api/site-users/account/session')).body).toMatchObject({ authenticated: true });
    });

    it('answers a crumb failure with crumbFail, and the repeated call signs out (SPEC 4 Logout)', async () => {
      const { b } = await signedIn();
      const first = await b.send('delete', '/api/site-users/account/session?cloneCart=false', { crumb: false });
      expect(first.status).toBe(401);
      expect(first.body).toMatchObject({ crumbFail: true, message: CartMessages.sessionExpired });
      const again = await b.send('delete', '/api/site-users/account/session?cloneCart=false');
      expect(again.status).toBe(200);
      expect((await b.send('get', '/api/site-users/account/session')).body).toEqual({ authenticated: false });
    });

    it('is harmless when nobody is signed in', async () => {
      const b = browser();
      await b.open();
      const response = await b.send('delete', '/api/site-users/account/session');
      expect(response.status).toBe(200);
    });

    it('refuses an unknown cloneCart value', async () => {
      const { b } = await signedIn();
      const response = await b.send('delete', '/api/site-users/account/session?cloneCart=maybe');
      expect(response.status).toBe(400);
    });
  });

  it('publishes the session events on the bus', async () => {
    const received: string[] = [];
    const { siteUserId, email } = await newUser();
    const subscription = await identity.app.serviceContext!.bus.subscribe({
      durable: unique('identity_events_test'),
      subjects: ['identity.session.*'],
      newOnly: true,
      forgetAfterIdleMs: 60_000,
      handler: async (event) => {
        if ((event.data as { siteUserId?: string }).siteUserId === siteUserId) received.push(event.type);
      },
    });
    try {
      const b = browser();
      await b.open();
      const login = await b.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } });
      b.xsrfToken = (login.body as { xsrfToken: string }).xsrfToken;
      await b.send('delete', '/api/site-users/account/session?cloneCart=true');
      const deadline = Date.now() + 10_000;
      while (!received.includes('identity.session.ended') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // The sign-up's own session.started may arrive first, depending on when the relay ran.
      expect(received.slice(-2)).toEqual(['identity.session.started', 'identity.session.ended']);
    } finally {
      await subscription.stop();
    }
  });
});
