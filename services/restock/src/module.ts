// The wiring step of the restock service: every repository and use-case service, built once per
// app. app.ts's wire() calls it; the platform hands the result to routes and consumers.
import type { Captcha, MailRelay, MailTables, ServiceContext } from '@sc/platform';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { CatalogService } from './catalog/catalog.service.js';
import { MailboxService } from './mailbox/mailbox.service.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { SettingsService } from './settings/settings.service.js';
import { SignupsRepository } from './signups/signups.repository.js';
import { RestockService } from './signups/signups.service.js';
import type { RestockDB } from './tables.js';
import { withTables } from '@sc/platform';

export interface RestockModuleOptions {
  /** The captcha verifiers of the restock form. */
  captcha: Captcha;
  /** The mail relay the notifications leave through. */
  mail: MailRelay;
}

export interface RestockModule {
  repositories: {
    catalog: CatalogRepository;
    settings: SettingsRepository;
    signups: SignupsRepository;
  };
  /** The mail relay (tests deliver by hand). */
  mail: MailRelay;
  catalog: CatalogService;
  settings: SettingsService;
  restock: RestockService;
  mailbox: MailboxService;
}

export function createRestockModule(ctx: ServiceContext<RestockDB>, options: RestockModuleOptions): RestockModule {
  const repositories = {
    catalog: new CatalogRepository(ctx.db),
    settings: new SettingsRepository(ctx.db),
    signups: new SignupsRepository(ctx.db),
  };
  const settings = new SettingsService(repositories.settings);
  return {
    repositories,
    mail: options.mail,
    catalog: new CatalogService(ctx, repositories.catalog),
    settings,
    restock: new RestockService(ctx, {
      captcha: options.captcha,
      mail: options.mail,
      settings,
      signups: repositories.signups,
      catalog: repositories.catalog,
    }),
    mailbox: new MailboxService(withTables<MailTables>(ctx.db)),
  };
}
