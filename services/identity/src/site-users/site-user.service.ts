// Site users (visitors with an account on one website): sign-up, sign-in, sign-out, their
// session info and language.
import { AppError, enqueueEvent, type ServiceContext } from '@sc/platform';
import { IdentityMessages, type SignUpConfirm, type SiteUserLogin, type SiteUserSessionInfo, type SiteUserSignUp } from '@sc/contracts';
import type { AccountMailService } from '../account-mail/account-mail.service.js';
import type { PasswordHasher } from '../passwords/password.js';
import type { LoginThrottle } from '../sign-in/throttle.js';
import { newId } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { deleteExpiredSessions } from '../sessions/session.repository.js';
import {
  endSiteUserSession,
  liveSiteUserSession,
  startSiteUserSession,
  type EndedSession,
  type NewSession,
} from '../sessions/session.service.js';
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
  accountMail: AccountMailService;
}

export class SiteUserService {
  readonly #ctx: ServiceContext<IdentityDB>;
  readonly #deps: SiteUserDeps;

  constructor(ctx: ServiceContext<IdentityDB>, deps: SiteUserDeps) {
    this.#ctx = ctx;
    this.#deps = deps;
  }

  /**
   * Sign-up: the same answer, after the same work (one password hash), for a new and a taken
   * address (issue 40). A new address is mailed the link that makes the account; the owner of a
   * taken one is mailed that someone tried. Nothing is signed in here.
   */
  async signUp(websiteId: string, input: SiteUserSignUp): Promise<void> {
    const passwordHash = await this.#deps.hasher.hash(input.password);
    await this.#deps.accountMail.requestSignUp('site-user', websiteId, {
      id: newId(),
      email: input.email,
      name: input.name ?? null,
      passwordHash,
    });
  }

  /**
   * The mailed sign-up link with the password chosen at sign-up: makes the account (address
   * verified) and signs it in; 400 when the password is wrong (the link stays, up to its tries),
   * the link used or expired, or the address taken since; 429 like sign-in.
   */
  async confirmSignUp(websiteId: string, input: SignUpConfirm, browser: BrowserState): Promise<NewSession & { siteUserId: string }> {
    const { token, password, captchaToken, rememberMe: remember } = input;
    await this.#deps.accountMail.checkSignUpPassword(this.#deps, 'site-user', websiteId, { token, password, captchaToken, ip: browser.ip });
    return this.#ctx.transaction(async (trx) => {
      const pending = await this.#deps.accountMail.takeSignUp(trx, 'site-user', websiteId, token);
      const user = await insertSiteUser(trx, {
        id: pending.id,
        websiteId,
        email: pending.email,
        name: pending.name,
        passwordHash: pending.passwordHash,
        verified: true,
      });
      // Two links of the same address (two sign-ups): the first used makes the account.
      if (!user) throw new AppError('BAD_REQUEST', IdentityMessages.signUpTokenInvalid);
      // Cart's customers read model lists accounts too (it never reads identity's tables).
      await enqueueEvent(trx, 'identity.site-user.created', websiteId, { siteUserId: user.id, email: user.email, name: user.name });
      const session = await startSiteUserSession(trx, this.#deps.settings, {
        websiteId,
        siteUserId: user.id,
        remember,
        previousToken: browser.sessionToken,
        cartToken: browser.cartToken,
      });
      return { ...session, siteUserId: user.id };
    });
  }

  /** SPEC login: the session, or 401 (same for unknown email and wrong password), or 429. */
  async signIn(websiteId: string, input: SiteUserLogin, browser: BrowserState): Promise<NewSession & { siteUserId: string }> {
    const account = await findSiteUserByEmail(this.#ctx.db, websiteId, input.email);
    const user = await checkPassword(
      this.#deps,
      { scope: 'site-user', websiteId, email: input.email, ip: browser.ip, captchaToken: input.captchaToken },
      account,
      input.password,
    );
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
