// The identity service: site users, owner accounts, website roles, sessions, XSRF tokens, API
// keys, login throttling. The gateway asks it who a request comes from (resolve) and forwards the
// answer to every service in a signed header.
import cookie from '@fastify/cookie';
import {
  buildService,
  installMailer,
  type BuildServiceOptions,
  type MailerOptions,
  type MailTables,
  type ServiceDefinition,
  withTables,
} from '@sc/platform';
import { accountMailRoutes } from './account-mail/account-mail.routes.js';
import { apiKeyRoutes } from './api-keys/api-key.routes.js';
import { identitySettings, type IdentitySettings } from './config.js';
import { websitesConsumer, type WebsitesConsumerOptions } from './consumers/websites.consumer.js';
import { memberRoutes } from './members/member.routes.js';
import { migrations } from './migrations/index.js';
import { createIdentityModule, type IdentityModule } from './module.js';
import { ownerRoutes } from './owners/owner.routes.js';
import { eraseSiteUser } from './privacy/erase.js';
import { preferenceRoutes } from './preferences/preferences.routes.js';
import { resolveRoutes } from './resolve/resolve.routes.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { signInCaptchaRoutes } from './sign-in/captcha.routes.js';
import { siteUserRoutes } from './site-users/site-user.routes.js';
import type { IdentityDB } from './tables.js';
import { websiteRoutes } from './websites/website.routes.js';

export interface IdentityOptions {
  /** Overrides of the settings read from the environment (tests: short throttle windows). */
  settings?: Partial<IdentitySettings>;
  /** The websites read model's subscription (tests: a durable of their own), or false for none. */
  websites?: WebsitesConsumerOptions | false;
  /** The mailer of reset and verification links (default: SMTP_URL, else the local mailbox). */
  mail?: MailerOptions;
}

/** The service definition; settings are read from the environment when the app is built. */
export function createIdentityService(options: IdentityOptions = {}): ServiceDefinition<IdentityDB, IdentityModule> {
  return {
    name: 'identity',
    migrations,
    erase: eraseSiteUser,
    // The websites read model is keyed by id (every other table by website_id: the platform purges those).
    purge: async (trx, websiteId) => void (await trx.deleteFrom('websites').where('id', '=', websiteId).execute()),
    wire: (ctx, app) => {
      const settings = identitySettings(options.settings);
      const parts = createIdentityModule(ctx, {
        settings,
        mail: installMailer(app, withTables<MailTables>(ctx.db), ctx.logger, options.mail),
      });
      app.addHook('onClose', async () => parts.pool.close());
      return parts;
    },
    routes: async (app, _ctx, parts) => {
      // Cookies first: sessions live in them.
      await app.register(cookie);
      accountMailRoutes(app, parts.accountMail);
      signInCaptchaRoutes(app, parts.captcha);
      siteUserRoutes(app, parts.siteUsers);
      ownerRoutes(app, parts.owners);
      memberRoutes(app, parts.members);
      apiKeyRoutes(app, parts.apiKeys);
      preferenceRoutes(app, parts.preferences);
      resolveRoutes(app, parts.resolver);
      websiteRoutes(app, parts.websites, parts.owners);
    },
    consumers: (_ctx, parts) => (options.websites === false ? [] : [websitesConsumer(parts, options.websites)]),
    seed: (ctx, parts) => seedDemoAccounts(ctx, parts.hasher),
  };
}

export const identityService: ServiceDefinition<IdentityDB, IdentityModule> = createIdentityService();

/** Builds the identity app (never listens). */
export const buildApp = (options: BuildServiceOptions & IdentityOptions = {}) =>
  buildService(
    options.settings || options.websites !== undefined || options.mail ? createIdentityService(options) : identityService,
    options,
  );
