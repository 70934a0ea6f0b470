// Site users over HTTP: SPEC 7 POST/DELETE /api/site-users/account/session and POST .../locale,
// plus sign-up (POST /api/auth/site-users and its mailed link's .../confirm) and GET .../session for a page that lost its token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GUEST_CART_COOKIE,
  IdentityMessages,
  IdentityNotice,
  SITE_USER_INFO_COOKIE,
  SITE_USER_SESSION_COOKIE,
  SignUpConfirm,
  SignedOut,
  SiteUserLocale,
  SiteUserLogin,
  SiteUserLogoutQuery,
  SiteUserSessionInfo,
  SiteUserSignUp,
  SiteUserSignedUp,
  XsrfTokenResponse,
  sessionCookieName,
} from '@sc/contracts';
import { identityOf, requireSiteUser, websiteIdOf, type ZodApp } from '@sc/platform';
import { clearCookie, clientIp, isSecure, sessionToken, setCookie, tokenCookie } from '../sessions/http.js';
import type { NewSession } from '../sessions/session.service.js';
import { REMEMBER_MS } from '../config.js';
import type { BrowserState, SiteUserService } from './site-user.service.js';
import { withRetryAfter } from '../sign-in/retry-after.js';

function browserState(request: FastifyRequest): BrowserState {
  return {
    ip: clientIp(request),
    sessionToken: sessionToken(request, SITE_USER_SESSION_COOKIE),
    cartToken: tokenCookie(request, GUEST_CART_COOKIE) ?? null,
  };
}

/** The HttpOnly session cookie and the readable SiteUserInfo cookie (SPEC: authenticated flag, siteUserId). */
function setSignedIn(request: FastifyRequest, reply: FastifyReply, session: NewSession & { siteUserId: string }): void {
  const maxAgeMs = session.cookieMaxAgeMs;
  setCookie(request, reply, sessionCookieName(SITE_USER_SESSION_COOKIE, isSecure(request)), session.token, { httpOnly: true, maxAgeMs });
  setCookie(request, reply, SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: session.siteUserId }), {
    httpOnly: false,
    maxAgeMs,
  });
}

/** Sign-up, the SPEC session and locale calls, and GET session. */
export function siteUserRoutes(app: ZodApp, users: SiteUserService): void {
  app.post(
    '/api/auth/site-users',
    {
      schema: {
        summary:
          'Sign up as a site user of this website: 202 and the same answer for a new and a taken address; the mailed link finishes it',
        body: SiteUserSignUp,
        response: { 202: IdentityNotice },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => users.signUp(websiteIdOf(request), request.body));
      return reply.status(202).send({ message: IdentityMessages.signUpCheckEmail });
    },
  );

  app.post(
    '/api/auth/site-users/confirm',
    {
      schema: {
        summary: 'Finish a sign-up with the mailed token and the password chosen at sign-up: makes the account and signs in',
        body: SignUpConfirm,
        response: { 201: SiteUserSignedUp },
      },
    },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () => users.confirmSignUp(websiteIdOf(request), request.body, browserState(request)));
      setSignedIn(request, reply, session);
      return reply.status(201).send({ xsrfToken: session.xsrfToken ?? '', siteUserId: session.siteUserId });
    },
  );

  app.post(
    '/api/site-users/account/session',
    { schema: { summary: 'Sign in as a site user (SPEC login)', body: SiteUserLogin, response: { 200: XsrfTokenResponse } } },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () => users.signIn(websiteIdOf(request), request.body, browserState(request)));
      setSignedIn(request, reply, session);
      return { xsrfToken: session.xsrfToken ?? '' };
    },
  );

  app.get(
    '/api/site-users/account/session',
    { schema: { summary: 'The site user of this browser and their XSRF token', response: { 200: SiteUserSessionInfo } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return users.sessionInfo(websiteIdOf(request), sessionToken(request, SITE_USER_SESSION_COOKIE));
    },
  );

  app.delete(
    '/api/site-users/account/session',
    {
      schema: {
        summary: 'Sign out; cloneCart=true leaves the visitor a guest copy of the cart',
        querystring: SiteUserLogoutQuery,
        response: { 200: SignedOut },
      },
    },
    async (request, reply) => {
      const cloneCart = request.query.cloneCart === 'true';
      const ended = await users.signOut(websiteIdOf(request), sessionToken(request, SITE_USER_SESSION_COOKIE), cloneCart);
      clearCookie(request, reply, sessionCookieName(SITE_USER_SESSION_COOKIE, isSecure(request)));
      clearCookie(request, reply, SITE_USER_INFO_COOKIE);
      // The signed-in cart belongs to the user: the visitor left behind gets its copy, or no cart.
      if (ended?.guestCartToken)
        setCookie(request, reply, GUEST_CART_COOKIE, ended.guestCartToken, { httpOnly: true, maxAgeMs: REMEMBER_MS });
      else if (ended) clearCookie(request, reply, GUEST_CART_COOKIE);
      return { success: true as const };
    },
  );

  app.post(
    '/api/site-users/account/locale',
    {
      onRequest: requireSiteUser,
      schema: { summary: "Store the signed-in site user's language", body: SiteUserLocale, response: { 200: SiteUserLocale } },
    },
    async (request) => {
      const identity = identityOf(request);
      await users.setLanguage(identity.websiteId, identity.siteUserId ?? '', request.body.language);
      return { language: request.body.language };
    },
  );
}
