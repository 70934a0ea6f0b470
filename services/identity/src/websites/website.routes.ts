// The website switcher over HTTP: the signed-in owner's websites, a hand-off to one of them, and
// its redemption on that website's domain (which signs the browser in there).
import type { FastifyRequest } from 'fastify';
import {
  IdentityMessages,
  OWNER_SESSION_COOKIE,
  OwnerSessionInfo,
  OwnerWebsiteList,
  OwnerWebsiteParams,
  RedeemHandoff,
  WebsiteHandoff,
  sessionCookieName,
} from '@sc/contracts';
import { AppError, identityOf, websiteIdOf, type ZodApp } from '@sc/platform';
import { isSecure, sessionToken, setCookie } from '../sessions/http.js';
import type { OwnerService } from '../owners/owner.service.js';
import type { WebsiteSwitchService } from './website-switch.service.js';

/** The signed-in owner's id; 401 for anyone else (API keys included: they belong to one website). */
function ownerIdOf(request: FastifyRequest): string {
  const identity = identityOf(request);
  if (identity.kind !== 'owner' || !identity.ownerId) throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
  return identity.ownerId;
}

/** GET /api/auth/websites, POST /api/auth/websites/:websiteId/handoff, POST /api/auth/session/handoff. */
export function websiteRoutes(app: ZodApp, switcher: WebsiteSwitchService, owners: OwnerService): void {
  app.get(
    '/api/auth/websites',
    { schema: { summary: 'The websites the signed-in owner is a member of, with their roles there', response: { 200: OwnerWebsiteList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { websites: await switcher.websitesOf(ownerIdOf(request)) };
    },
  );

  app.post(
    '/api/auth/websites/:websiteId/handoff',
    {
      schema: {
        summary: "A one-time token that signs the owner in on another of their websites' domain",
        params: OwnerWebsiteParams,
        response: { 201: WebsiteHandoff },
      },
    },
    async (request, reply) => {
      const handoff = await switcher.handoff(ownerIdOf(request), request.params.websiteId, sessionToken(request, OWNER_SESSION_COOKIE));
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(handoff);
    },
  );

  app.post(
    '/api/auth/session/handoff',
    {
      schema: {
        summary: "Redeem a website switcher's hand-off on its website (owner sign-in)",
        body: RedeemHandoff,
        response: { 200: OwnerSessionInfo },
      },
    },
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const session = await switcher.redeem(request.body.token, websiteId, sessionToken(request, OWNER_SESSION_COOKIE));
      setCookie(request, reply, sessionCookieName(OWNER_SESSION_COOKIE, isSecure(request)), session.token, {
        httpOnly: true,
        maxAgeMs: session.cookieMaxAgeMs,
      });
      return owners.sessionInfo(websiteId, session.ownerId);
    },
  );
}
