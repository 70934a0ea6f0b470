// The restock service: back-in-stock signups, groups and notification sends (through the mail
// outbox), fed by content's products and commerce's stock changes.
import type { Kysely } from 'kysely';
import {
  buildService,
  type BuildServiceOptions,
  Captcha,
  type CaptchaTables,
  installMailer,
  type MailerOptions,
  type MailTables,
  type ServiceDefinition,
  withTables,
} from '@sc/platform';
import { restockConsumers } from './consumers/restock.consumer.js';
import { mailboxRoutes } from './mailbox/mailbox.routes.js';
import { migrations } from './migrations/index.js';
import { createRestockModule, type RestockModule } from './module.js';
import { eraseRestockCustomer } from './privacy/erase.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { signupsRoutes } from './signups/signups.routes.js';
import type { RestockDB } from './tables.js';

export interface RestockOptions {
  captcha?: (db: Kysely<CaptchaTables>) => Captcha;
  mail?: MailerOptions;
}

/** The service definition with its captcha and mailer. */
export function createRestockService(options: RestockOptions = {}): ServiceDefinition<RestockDB, RestockModule> {
  return {
    name: 'restock',
    migrations,
    erase: eraseRestockCustomer,
    wire: (ctx, app) => {
      const captchaDb = withTables<CaptchaTables>(ctx.db);
      return createRestockModule(ctx, {
        mail: installMailer(app, withTables<MailTables>(ctx.db), ctx.logger, options.mail),
        captcha: options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb),
      });
    },
    routes: (app, _ctx, parts) => {
      signupsRoutes(app, parts.restock);
      settingsRoutes(app, parts.settings);
      mailboxRoutes(app, parts.mailbox);
    },
    consumers: (_ctx, parts) => restockConsumers(parts),
  };
}

export const restockService: ServiceDefinition<RestockDB, RestockModule> = createRestockService();

/** Builds the restock app (never listens). */
export const buildApp = (options: BuildServiceOptions & RestockOptions = {}) =>
  buildService(options.captcha || options.mail ? createRestockService(options) : restockService, options);
