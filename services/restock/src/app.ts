// The restock service: back-in-stock signups, groups and notification sends (through the mail
// outbox), fed by content's products and commerce's stock changes.
import type { Kysely } from 'kysely';
import { buildService, type BuildServiceOptions, Captcha, type CaptchaTables, installMailer, type MailerOptions, type MailRelay, type MailTables, type ServiceDefinition } from '@sc/platform';
import { restockConsumers } from './consumers/restock.consumer.js';
import { eraseRestockCustomer } from './privacy/erase.js';
import { migrations } from './migrations/index.js';
import { RestockService } from './restock.service.js';
import type { RestockDB } from './restock.table.js';
import { restockRoutes } from './routes/restock.routes.js';

export interface RestockOptions {
  captcha?: (db: Kysely<CaptchaTables>) => Captcha;
  mail?: MailerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The restock service's mail relay (tests deliver by hand). */
    restockMail?: MailRelay;
  }
}

/** The service definition with its captcha and mailer. */
export function createRestockService(options: RestockOptions = {}): ServiceDefinition<RestockDB> {
  // Routes and consumers of one built app share its RestockService (keyed by the app's context).
  const services = new WeakMap<object, RestockService>();
  return {
    name: 'restock',
    migrations,
    erase: eraseRestockCustomer,
    routes: (app, ctx) => {
      const mail = installMailer(app, ctx.db as unknown as Kysely<MailTables>, ctx.logger, options.mail);
      app.decorate('restockMail', mail);
      const captchaDb = ctx.db as unknown as Kysely<CaptchaTables>;
      const captcha = options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb);
      const restock = new RestockService(ctx, captcha, mail);
      services.set(ctx, restock);
      restockRoutes(app, ctx, restock, captcha);
    },
    consumers: (ctx) => {
      const restock = services.get(ctx);
      return restock ? restockConsumers(ctx, restock) : [];
    },
  };
}

export const restockService: ServiceDefinition<RestockDB> = createRestockService();

/** Builds the restock app (never listens). */
export const buildApp = (options: BuildServiceOptions & RestockOptions = {}) =>
  buildService(options.captcha || options.mail ? createRestockService(options) : restockService, options);
