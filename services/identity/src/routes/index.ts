// Every identity route, in one plugin: cookies first (sessions live in them).
import cookie from '@fastify/cookie';
import type { ServiceContext, ZodApp } from '@sc/platform';
import type { IdentityDB } from '../identity.table.js';
import { apiKeyRoutes } from './api-key.routes.js';
import type { IdentityDeps } from './deps.js';
import { memberRoutes } from './member.routes.js';
import { ownerRoutes } from './owner.routes.js';
import { resolveRoutes } from './resolve.routes.js';
import { siteUserRoutes } from './site-user.routes.js';
import { websiteRoutes } from './website.routes.js';

/** Registers every identity route on the service's app. */
export async function identityRoutes(app: ZodApp, ctx: ServiceContext<IdentityDB>, deps: IdentityDeps): Promise<void> {
  await app.register(cookie);
  siteUserRoutes(app, ctx, deps);
  ownerRoutes(app, ctx, deps);
  memberRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  resolveRoutes(app, ctx);
  websiteRoutes(app, ctx, deps);
}
