// Every identity route, in one plugin: cookies first (sessions live in them).
import cookie from '@fastify/cookie';
import { CaptchaChallenge } from '@sc/contracts';
import type { Kysely } from 'kysely';
import { installMailer, type MailerOptions, type MailRelay, type MailTables, type ServiceContext, type ZodApp } from '@sc/platform';
import { SIGN_IN_CAPTCHA_SITE } from '../sign-in.js';
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
  app.addHook('onClose', async () => deps.pool.close());
  // The sign-in captcha: a proof-of-work challenge, asked for after a 429 with captchaRequired.
  app.post('/api/auth/captcha/challenge', { schema: { summary: 'A captcha challenge for signing in past the attempt limit', response: { 200: CaptchaChallenge } } }, async () =>
    deps.captcha.pow.issue(SIGN_IN_CAPTCHA_SITE),
  );
  siteUserRoutes(app, ctx, deps);
  ownerRoutes(app, ctx, deps);
  memberRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  resolveRoutes(app, ctx);
  websiteRoutes(app, ctx, deps);
}
