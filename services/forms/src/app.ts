// The forms service: form definitions and schemas, submission keys, submissions, newsletter
// subscribers (joined through the newsletter block or a restock form's mailing-list box), captcha
// verification, and the mail those send.
import { buildService, type BuildServiceOptions, Captcha, type CaptchaTables, installMailer, type MailerOptions, type MailTables, type ServiceDefinition } from '@sc/platform';
import type { Kysely } from 'kysely';
import { mailingListConsumer, type MailingListConsumerOptions } from './consumers/mailing-list.consumer.js';
import { eraseFormsCustomer } from './privacy/erase.js';
import { FormService } from './forms.service.js';
import type { FormsDB } from './forms.table.js';
import { migrations } from './migrations/index.js';
import { NewsletterService } from './newsletter.service.js';
import { newsletterRoutes } from './routes/newsletter.routes.js';
import { ownerRoutes } from './routes/owner.routes.js';
import { visitorRoutes } from './routes/visitor.routes.js';
import { seedDemoForms } from './seed.js';
import { SubmitService, type SubmitLimits } from './submit.service.js';

export interface FormsOptions {
  /** Submissions per client address per form per window (default 20 per minute). */
  submitLimit?: SubmitLimits;
  /** The captcha verifiers (default: from CAPTCHA_* in the environment). */
  captcha?: (db: Kysely<CaptchaTables>) => Captcha;
  mail?: MailerOptions;
  /** The restock mailing-list consumer's subscription, or false for none (tests that do not need it). */
  mailingList?: MailingListConsumerOptions | false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The forms service's newsletter service (tests hand it events directly). */
    formsNewsletter?: NewsletterService;
  }
}

/** The service definition with its limits, captcha, mailer and consumers. */
export function createFormsService(options: FormsOptions = {}): ServiceDefinition<FormsDB> {
  // Routes and consumers of one built app share its NewsletterService (keyed by the app's context).
  const newsletters = new WeakMap<object, NewsletterService>();
  return {
    name: 'forms',
    migrations,
    erase: eraseFormsCustomer,
    routes: async (app, ctx) => {
      const mail = installMailer(app, ctx.db as unknown as Kysely<MailTables>, ctx.logger, options.mail);
      const captchaDb = ctx.db as unknown as Kysely<CaptchaTables>;
      const captcha = options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb);
      const submit = new SubmitService(ctx, captcha, mail, options.submitLimit ?? { max: 20, windowMs: 60_000 });
      const newsletter = new NewsletterService(ctx, captcha, mail, submit);
      newsletters.set(ctx, newsletter);
      app.decorate('formsNewsletter', newsletter);
      visitorRoutes(app, submit, captcha);
      newsletterRoutes(app, newsletter);
      ownerRoutes(app, ctx, new FormService(ctx));
    },
    consumers: (ctx) => {
      const newsletter = newsletters.get(ctx);
      if (!newsletter || options.mailingList === false) return [];
      return [mailingListConsumer(newsletter, options.mailingList)];
    },
    seed: seedDemoForms,
  };
}

export const formsService: ServiceDefinition<FormsDB> = createFormsService();

/** Builds the forms app (never listens). */
export const buildApp = (options: BuildServiceOptions & FormsOptions = {}) =>
  buildService(options.submitLimit || options.captcha || options.mail || options.mailingList !== undefined ? createFormsService(options) : formsService, options);
