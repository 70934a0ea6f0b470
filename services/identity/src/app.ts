// The identity service: site users, owner accounts, website roles, sessions, XSRF tokens, API
// keys, login throttling. The gateway asks it who a request comes from (resolve) and forwards the
// answer to every service in a signed header.
import { buildService, type BuildServiceOptions, type MailerOptions, type ServiceDefinition } from '@sc/platform';
import { PasswordHasher } from './domain/password.js';
import type { IdentityDB } from './identity.table.js';
import { websitesConsumer, type WebsitesConsumerOptions } from './consumers/websites.consumer.js';
import { eraseSiteUser } from './privacy/erase.js';
import { migrations } from './migrations/index.js';
import { identityDeps } from './routes/deps.js';
import { identityRoutes } from './routes/index.js';
import { seedDemoAccounts } from './seed.js';
import { identitySettings, type IdentitySettings } from './settings.js';

export interface IdentityOptions {
  /** Overrides of the settings read from the environment (tests: short throttle windows). */
  settings?: Partial<IdentitySettings>;
  /** The websites read model's subscription (tests: a durable of their own), or false for none. */
  websites?: WebsitesConsumerOptions | false;
  /** The mailer of reset and verification links (default: SMTP_URL, else the local mailbox). */
  mail?: MailerOptions;
}

/** The service definition; settings are read from the environment when the app is built. */
export function createIdentityService(options: IdentityOptions = {}): ServiceDefinition<IdentityDB> {
  return {
    name: 'identity',
    migrations,
    erase: eraseSiteUser,
    routes: (app, ctx) => identityRoutes(app, ctx, identityDeps(ctx, identitySettings(options.settings)), options.mail),
    consumers: (ctx) => (options.websites === false ? [] : [websitesConsumer(ctx, options.websites)]),
    seed: (ctx) => seedDemoAccounts(ctx, new PasswordHasher(identitySettings(options.settings).scrypt)),
  };
}

export const identityService: ServiceDefinition<IdentityDB> = createIdentityService();

/** Builds the identity app (never listens). */
export const buildApp = (options: BuildServiceOptions & IdentityOptions = {}) =>
  buildService(options.settings || options.websites !== undefined || options.mail ? createIdentityService(options) : identityService, options);
