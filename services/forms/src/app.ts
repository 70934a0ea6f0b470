// The forms service: form definitions and schemas, submission keys, submissions, newsletter
// subscribers (joined through the newsletter block or a restock form's mailing-list box), captcha
// verification, and the mail those send.
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
import type { Kysely } from 'kysely';
import { mailingListConsumer, type MailingListConsumerOptions } from './consumers/mailing-list.consumer.js';
import { formsRoutes } from './forms/forms.routes.js';
import { mailboxRoutes } from './mailbox/mailbox.routes.js';
import { migrations } from './migrations/index.js';
import { createFormsModule, type FormsModule } from './module.js';
import { newsletterRoutes } from './newsletter/newsletter.routes.js';
import { eraseFormsCustomer } from './privacy/erase.js';
import { seedDemoForms } from './seed/demo-forms.js';
import { submissionsRoutes } from './submissions/submissions.routes.js';
import type { SubmitLimits } from './submissions/submit.service.js';
import { visitorRoutes } from './submissions/visitor.routes.js';
import type { FormsDB } from './tables.js';

export interface FormsOptions {
  /** Submissions per client address per form per window (default 20 per minute). */
  submitLimit?: SubmitLimits;
  /** The captcha verifiers (default: from CAPTCHA_* in the environment). */
  captcha?: (db: Kysely<CaptchaTables>) => Captcha;
  mail?: MailerOptions;
  /** The restock mailing-list consumer's subscription, or false for none (tests that do not need it). */
  mailingList?: MailingListConsumerOptions | false;
}

/** The service definition with its limits, captcha, mailer and consumers. */
export function createFormsService(options: FormsOptions = {}): ServiceDefinition<FormsDB, FormsModule> {
  return {
    name: 'forms',
    migrations,
    erase: eraseFormsCustomer,
    wire: (ctx, app) => {
      const captchaDb = withTables<CaptchaTables>(ctx.db);
      return createFormsModule(ctx, {
        mail: installMailer(app, withTables<MailTables>(ctx.db), ctx.logger, options.mail),
        captcha: options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb),
        submitLimit: options.submitLimit ?? { max: 20, windowMs: 60_000 },
      });
    },
    routes: (app, _ctx, parts) => {
      visitorRoutes(app, parts.submit);
      newsletterRoutes(app, parts.newsletter);
      formsRoutes(app, parts.forms);
      submissionsRoutes(app, parts.submissions);
      mailboxRoutes(app, parts.mailbox);
    },
    consumers: (_ctx, parts) => (options.mailingList === false ? [] : [mailingListConsumer(parts.newsletter, options.mailingList)]),
    seed: (_ctx, parts) => seedDemoForms(parts),
  };
}

export const formsService: ServiceDefinition<FormsDB, FormsModule> = createFormsService();

/** Builds the forms app (never listens). */
export const buildApp = (options: BuildServiceOptions & FormsOptions = {}) =>
  buildService(
    options.submitLimit || options.captcha || options.mail || options.mailingList !== undefined
      ? createFormsService(options)
      : formsService,
    options,
  );
