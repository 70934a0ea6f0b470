// Site users (visitors with an account on one website): sign-up, sign-in, sign-out, their
// session info and language.
import { AppError, enqueueEvent, type ServiceContext } from '@sc/platform';
import { IdentityMessages, type SiteUserLogin, type SiteUserSessionInfo, type SiteUserSignUp } from '@sc/contracts';
import type { AccountMailService } from '../account-mail/account-mail.service.js';
import type { PasswordHasher } from '../passwords/password.js';
import type { LoginThrottle } from '../sign-in/throttle.js';
import { newId } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { deleteExpiredSessions } from '../sessions/session.repository.js';
import { endSiteUserSession, liveSiteUserSession, startSiteUserSession, type EndedSession, type NewSession } from '../sessions/session.service.js';
import type { IdentitySettings } from '../config.js';
import { checkPassword } from '../sign-in/sign-in.js';
import { findSiteUserByEmail, findSiteUserById, insertSiteUser, setSiteUserLanguage } from './site-user.repository.js';

export interface BrowserState {
  ip: string;
  /** The site-user session token the browser has now, if any. */
  sessionToken: string | undefined;
  /** The guest cart cookie, merged into the user's cart on sign-in. */
  cartToken: string | null;
}

export interface SiteUserDeps {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  settings: IdentitySettings;
  accountMail?: AccountMailService;
}

export class SiteUserService {
  readonly #ctx: ServiceContext<IdentityDB>;
  readonly #deps: SiteUserDeps;

  constructor(ctx: ServiceContext<IdentityDB>, deps: SiteUserDeps) {
    this.#ctx = ctx;
    this.#deps = deps;
  }

  /** Creates the account and signs it in; 409 when the email has an account on this website. */
  async signUp(websiteId: string, input: SiteUserSignUp, browser: BrowserState): Promise<NewSession & { siteUserId: string }> {
    if (await findSiteUserByEmail(this.#ctx.db, websiteId, input.email)) throw new AppError('CONFLICT', IdentityMessages.emailTaken);
    const passwordHash = await this.#deps.hasher.hash(input.password);
    const signedUp = await this.#ctx.transaction(async (trx) => {
      const user = await insertSiteUser(trx, { id: newId(), websiteId, email: input.email, name: input.name ?? null, passwordHash });
      if (!user) throw new AppError('CONFLICT', IdentityMessages.emailTaken);
      // Cart's customers read model lists accounts too (it never reads identity's tables).
      await enqueueEvent(trx, 'identity.site-user.created', websiteId, { siteUserId: user.id, email: user.email, name: user.name });
      await this.#deps.accountMail?.sendVerification(trx, websiteId, user.id, input.email);
      const session = await startSiteUserSession(trx, this.#deps.settings, {
        websiteId,
        siteUserId: user.id,
        remember: input.rememberMe,
        previousToken: browser.sessionToken,
        cartToken: browser.cartToken,
      });
      return { ...session, siteUserId: user.id };
    });
    this.#deps.accountMail?.poke();
    return signedUp;
  }

  /** SPEC login: the session, or 401 (same for unknown email and wrong password), or 429. */
  async signIn(websiteId: string, input: SiteUserLogin, browser: BrowserState): Promise<NewSession & { siteUserId: string }> {
    const account = await findSiteUserByEmail(this.#ctx.db, websiteId, input.email);
    const user = await checkPassword(this.#deps, { scope: 'site-user', websiteId, email: input.email, ip: browser.ip, captchaToken: input.captchaToken }, account, input.password);
    return this.#ctx.transaction(async (trx) => {
      await deleteExpiredSessions(trx);
      const session = await startSiteUserSession(trx, this.#deps.settings, {
        websiteId,
        siteUserId: user.id,
        remember: input.rememberMe,
        previousToken: browser.sessionToken,
        cartToken: browser.cartToken,
      });
      return { ...session, siteUserId: user.id };
    });
  }

  /** Signs out; undefined when the browser had no live session (signing out twice is fine). */
  async signOut(websiteId: string, sessionToken: string | undefined, cloneCart: boolean): Promise<EndedSession | undefined> {
    if (!sessionToken) return undefined;
    return this.#ctx.transaction((trx) => endSiteUserSession(trx, websiteId, sessionToken, cloneCart));
  }

  /** Who the browser's session belongs to, with its XSRF token for a page that lost it. */
  async sessionInfo(websiteId: string, sessionToken: string | undefined): Promise<SiteUserSessionInfo> {
    const session = sessionToken ? await liveSiteUserSession(this.#ctx.db, websiteId, sessionToken) : undefined;
    const user = session ? await findSiteUserById(this.#ctx.db, websiteId, session.subject_id) : undefined;
    if (!session || !user) return { authenticated: false };
    return {
      authenticated: true,
      siteUserId: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      xsrfToken: session.xsrf_token ?? undefined,
    };
  }

  async setLanguage(websiteId: string, siteUserId: string, language: string): Promise<void> {
    if (!(await setSiteUserLanguage(this.#ctx.db, websiteId, siteUserId, language))) {
      throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
    }
  }
}
