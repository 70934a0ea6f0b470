// Owner accounts over HTTP under /api/auth: sign-up (by mailed link), sign-in, the session, sign-out. The owner
// session cookie is separate from the site user's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IdentityMessages,
  IdentityNotice,
  OWNER_SESSION_COOKIE,
  OwnerLogin,
  OwnerSessionInfo,
  OwnerSignUp,
  SignUpConfirm,
  SignedOut,
  sessionCookieName,
} from '@sc/contracts';
import { identityOf, websiteIdOf, type ZodApp } from '@sc/platform';
import { clearCookie, clientIp, isSecure, sessionToken, setCookie } from '../sessions/http.js';
import type { OwnerService } from './owner.service.js';
import type { NewSession } from '../sessions/session.service.js';
import { withRetryAfter } from '../sign-in/retry-after.js';

function setSignedIn(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  setCookie(request, reply, sessionCookieName(OWNER_SESSION_COOKIE, isSecure(request)), session.token, {
    httpOnly: true,
    maxAgeMs: session.cookieMaxAgeMs,
  });
}

/** POST /api/auth/owners (and .../confirm, the mailed link), POST/GET/DELETE /api/auth/session. */
export function ownerRoutes(app: ZodApp, owners: OwnerService): void {
  app.post(
    '/api/auth/owners',
    {
      schema: {
        summary: 'Sign up as an owner: 202 and the same answer for a new and a taken address; the mailed link finishes it',
        body: OwnerSignUp,
        response: { 202: IdentityNotice },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => owners.signUp(websiteIdOf(request), request.body));
      return reply.status(202).send({ message: IdentityMessages.signUpCheckEmail });
    },
  );

  app.post(
    '/api/auth/owners/confirm',
    {
      schema: {
        summary: 'Finish an owner sign-up with the mailed token and the password chosen at sign-up: makes the account and signs in',
        body: SignUpConfirm,
        response: { 201: OwnerSessionInfo },
      },
    },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () =>
        owners.confirmSignUp(websiteIdOf(request), request.body, {
          ip: clientIp(request),
          sessionToken: sessionToken(request, OWNER_SESSION_COOKIE),
        }),
      );
      setSignedIn(request, reply, session);
      return reply.status(201).send(await owners.sessionInfo(websiteIdOf(request), session.ownerId));
    },
  );

  app.post(
    '/api/auth/session',
    { schema: { summary: 'Owner sign-in', body: OwnerLogin, response: { 200: OwnerSessionInfo } } },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () =>
        owners.signIn(request.body, { ip: clientIp(request), sessionToken: sessionToken(request, OWNER_SESSION_COOKIE) }),
      );
      setSignedIn(request, reply, session);
      return owners.sessionInfo(websiteIdOf(request), session.ownerId);
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { summary: 'The signed-in owner and what they may do on this website', response: { 200: OwnerSessionInfo } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = identityOf(request);
      return owners.sessionInfo(identity.websiteId, identity.kind === 'owner' ? identity.ownerId : undefined);
    },
  );

  app.delete('/api/auth/session', { schema: { summary: 'Owner sign-out', response: { 200: SignedOut } } }, async (request, reply) => {
    await owners.signOut(sessionToken(request, OWNER_SESSION_COOKIE));
    clearCookie(request, reply, sessionCookieName(OWNER_SESSION_COOKIE, isSecure(request)));
    return { success: true as const };
  });
}
