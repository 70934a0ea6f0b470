// The wiring step of the forms service: every repository and use-case service, built once per
// app. app.ts's wire() calls it; the platform hands the result to routes, consumers and seed.
import type { Captcha, MailRelay, MailTables, ServiceContext } from '@sc/platform';
import { FormsRepository } from './forms/forms.repository.js';
import { FormService } from './forms/forms.service.js';
import { MailboxService } from './mailbox/mailbox.service.js';
import { NewsletterService } from './newsletter/newsletter.service.js';
import { SubscribersRepository } from './newsletter/subscribers.repository.js';
import { KeysRepository } from './submissions/keys.repository.js';
import { SubmissionsRepository } from './submissions/submissions.repository.js';
import { SubmissionsService } from './submissions/submissions.service.js';
import { SubmitService, type SubmitLimits } from './submissions/submit.service.js';
import type { FormsDB } from './tables.js';
import { withTables } from '@sc/platform';

export interface FormsModuleOptions {
  /** The captcha verifiers of the forms. */
  captcha: Captcha;
  /** The mail relay the forms' mail leaves through. */
  mail: MailRelay;
  /** Submissions per client address per form per window. */
  submitLimit: SubmitLimits;
}

export interface FormsModule {
  repositories: {
    forms: FormsRepository;
    keys: KeysRepository;
    submissions: SubmissionsRepository;
    subscribers: SubscribersRepository;
  };
  forms: FormService;
  submit: SubmitService;
  submissions: SubmissionsService;
  newsletter: NewsletterService;
  mailbox: MailboxService;
}

export function createFormsModule(ctx: ServiceContext<FormsDB>, options: FormsModuleOptions): FormsModule {
  const repositories = {
    forms: new FormsRepository(ctx.db),
    keys: new KeysRepository(ctx.db),
    submissions: new SubmissionsRepository(ctx.db),
    subscribers: new SubscribersRepository(ctx.db),
  };
  const forms = new FormService(repositories.forms);
  const submit = new SubmitService(ctx, {
    captcha: options.captcha,
    mail: options.mail,
    limits: options.submitLimit,
    forms: repositories.forms,
    keys: repositories.keys,
    submissions: repositories.submissions,
  });
  const newsletter = new NewsletterService(ctx, {
    captcha: options.captcha,
    mail: options.mail,
    submit,
    forms,
    formsRepository: repositories.forms,
    subscribers: repositories.subscribers,
  });
  return {
    repositories,
    forms,
    submit,
    submissions: new SubmissionsService(forms, repositories.submissions),
    newsletter,
    mailbox: new MailboxService(withTables<MailTables>(ctx.db)),
  };
}
