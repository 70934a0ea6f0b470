// The forms service: form definitions and schemas, submission keys, submissions, newsletter
// subscribers, captcha verification, and the mail those send.
import { buildService, installMailer, type BuildServiceOptions, type MailerOptions, type MailTables, type ServiceDefinition } from '@sc/platform';
import type { Kysely } from 'kysely';
import { Captcha } from './captcha/index.js';
import type { CaptchaTables } from './captcha/captcha.table.js';
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
}

/** The service definition with its limits, captcha and mailer. */
export function createFormsService(options: FormsOptions = {}): ServiceDefinition<FormsDB> {
  return {
    name: 'forms',
    migrations,
    routes: async (app, ctx) => {
      const mail = installMailer(app, ctx.db as unknown as Kysely<MailTables>, ctx.logger, options.mail);
      const captchaDb = ctx.db as unknown as Kysely<CaptchaTables>;
      const captcha = options.captcha ? options.captcha(captchaDb) : Captcha.fromEnv(captchaDb);
      const submit = new SubmitService(ctx, captcha, mail, options.submitLimit ?? { max: 20, windowMs: 60_000 });
      visitorRoutes(app, submit, captcha);
      newsletterRoutes(app, new NewsletterService(ctx, captcha, mail, submit));
      ownerRoutes(app, ctx, new FormService(ctx));
    },
    seed: seedDemoForms,
  };
}

export const formsService: ServiceDefinition<FormsDB> = createFormsService();

/** Builds the forms app (never listens). */
export const buildApp = (options: BuildServiceOptions & FormsOptions = {}) =>
  buildService(options.submitLimit || options.captcha || options.mail ? createFormsService(options) : formsService, options);
