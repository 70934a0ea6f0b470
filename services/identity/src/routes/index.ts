// Every identity route, in one plugin: cookies first (sessions live in them).
import cookie from '@fastify/cookie';
import type { Kysely } from 'kysely';
import { installMailer, type MailerOptions, type MailRelay, type MailTables, type ServiceContext, type ZodApp } from '@sc/platform';
import { AccountMailService } from '../account-mail.service.js';
import { accountMailRoutes } from './account-mail.routes.js';
import type { IdentityDB } from '../identity.table.js';
import { apiKeyRoutes } from './api-key.routes.js';
import type { IdentityDeps } from './deps.js';
import { memberRoutes } from './member.routes.js';
import { ownerRoutes } from './owner.routes.js';
import { resolveRoutes } from './resolve.routes.js';
import { siteUserRoutes } from './site-user.routes.js';
import { websiteRoutes } from './website.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity service's mail relay (tests deliver by hand). */
    identityMail?: MailRelay;
  }
}

/** Registers every identity route on the service's app. */
export async function identityRoutes(app: ZodApp, ctx: ServiceContext<IdentityDB>, baseDeps: IdentityDeps, mailOptions?: MailerOptions): Promise<void> {
  await app.register(cookie);
  const mail = installMailer(app, ctx.db as unknown as Kysely<MailTables>, ctx.logger, mailOptions);
  app.decorate('identityMail', mail);
  const accountMail = new AccountMailService(ctx, baseDeps.hasher, mail);
  const deps: IdentityDeps = { ...baseDeps, accountMail };
  accountMailRoutes(app, accountMail);
  siteUserRoutes(app, ctx, deps);
  ownerRoutes(app, ctx, deps);
  memberRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  resolveRoutes(app, ctx);
  websiteRoutes(app, ctx, deps);
}
