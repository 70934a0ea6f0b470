// The wiring step of the identity service: the password hasher on its bounded hashing pool, the
// sign-in captcha and login throttle, and every use-case service, built once per app. app.ts's
// wire() calls it; the platform hands the result to routes, consumers and seed.
import { Captcha, type CaptchaTables, type MailRelay, type ServiceContext, withTables } from '@sc/platform';
import { AccountMailRepository } from './account-mail/account-mail.repository.js';
import { AccountMailService } from './account-mail/account-mail.service.js';
import { ApiKeyService } from './api-keys/api-key.service.js';
import type { IdentitySettings } from './config.js';
import { MemberService } from './members/member.service.js';
import { OwnerService } from './owners/owner.service.js';
import { HashPool } from './passwords/hash-pool.js';
import { PasswordHasher } from './passwords/password.js';
import { PreferenceService } from './preferences/preferences.service.js';
import { ResolveService } from './resolve/resolve.service.js';
import { LoginThrottle } from './sign-in/throttle.js';
import { SiteUserService } from './site-users/site-user.service.js';
import type { IdentityDB } from './tables.js';
import { WebsiteReadModelService } from './websites/website-read-model.service.js';
import { WebsiteSwitchService } from './websites/website-switch.service.js';

export interface IdentityModuleOptions {
  settings: IdentitySettings;
  /** The mail relay reset and verification links leave through. */
  mail: MailRelay;
}

export interface IdentityModule {
  settings: IdentitySettings;
  /** The worker threads that hash passwords (closed with the app). */
  pool: HashPool;
  hasher: PasswordHasher;
  /** The sign-in captcha (a proof-of-work challenge past the attempt limit). */
  captcha: Captcha;
  throttle: LoginThrottle;
  /** The mail relay (tests deliver by hand). */
  mail: MailRelay;
  accountMail: AccountMailService;
  owners: OwnerService;
  siteUsers: SiteUserService;
  members: MemberService;
  apiKeys: ApiKeyService;
  /** An owner's admin preferences (table columns and sort). */
  preferences: PreferenceService;
  resolver: ResolveService;
  websites: WebsiteSwitchService;
  /** The websites read model (content's website events). */
  websiteReadModel: WebsiteReadModelService;
}

export function createIdentityModule(ctx: ServiceContext<IdentityDB>, options: IdentityModuleOptions): IdentityModule {
  const { settings, mail } = options;
  const pool = new HashPool(settings.hashPool);
  const captchaDb = withTables<CaptchaTables>(ctx.db);
  const captcha = Captcha.fromEnv(
    captchaDb,
    process.env,
    settings.captchaDifficulty === undefined ? {} : { difficulty: settings.captchaDifficulty },
  );
  const hasher = new PasswordHasher(settings.scrypt, (task) => pool.scrypt(task));
  const throttle = new LoginThrottle(ctx.cache, settings.throttle, captcha);
  const accountMail = new AccountMailService(ctx, hasher, mail, new AccountMailRepository(ctx.db));
  return {
    settings,
    pool,
    hasher,
    captcha,
    throttle,
    mail,
    accountMail,
    owners: new OwnerService(ctx, { hasher, throttle, settings, accountMail }),
    siteUsers: new SiteUserService(ctx, { hasher, throttle, settings, accountMail }),
    members: new MemberService(ctx),
    apiKeys: new ApiKeyService(ctx),
    preferences: new PreferenceService(ctx),
    resolver: new ResolveService(ctx),
    websites: new WebsiteSwitchService(ctx, settings),
    websiteReadModel: new WebsiteReadModelService(ctx),
  };
}
