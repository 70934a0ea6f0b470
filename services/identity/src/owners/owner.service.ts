// Owner accounts: sign-up, sign-in, sign-out, and what the signed-in owner may do on a website.
import { AppError, type ServiceContext } from '@sc/platform';
import {
  IdentityMessages,
  permissionsOfRoles,
  type OwnerLogin,
  type OwnerSessionInfo,
  type OwnerSignUp,
  type Role,
  type SignUpConfirm,
} from '@sc/contracts';
import type { AccountMailService } from '../account-mail/account-mail.service.js';
import type { PasswordHasher } from '../passwords/password.js';
import type { LoginThrottle } from '../sign-in/throttle.js';
import { newId, sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { findOwnerByEmail, findOwnerById, insertOwner, rolesOf } from './owner.repository.js';
import { deleteExpiredSessions, deleteSession } from '../sessions/session.repository.js';
import { startOwnerSession, type NewSession } from '../sessions/session.service.js';
import type { IdentitySettings } from '../config.js';
import { checkPassword, OWNERS_SIGN_IN_SITE } from '../sign-in/sign-in.js';

export interface OwnerDeps {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  settings: IdentitySettings;
  accountMail: AccountMailService;
}

export class OwnerService {
  readonly #ctx: ServiceContext<IdentityDB>;
  readonly #deps: OwnerDeps;

  constructor(ctx: ServiceContext<IdentityDB>, deps: OwnerDeps) {
    this.#ctx = ctx;
    this.#deps = deps;
  }

  /**
   * Sign-up: the same answer, after the same work (one password hash), for a new and a taken
   * address (issue 40). A new address is mailed the link that makes the account (no website yet:
   * the owner creates one, or an admin adds them); the owner of a taken one is mailed that someone tried.
   */
  async signUp(websiteId: string, input: OwnerSignUp): Promise<void> {
    const passwordHash = await this.#deps.hasher.hash(input.password);
    await this.#deps.accountMail.requestSignUp('owner', websiteId, {
      id: newId(),
      email: input.email,
      name: input.name ?? null,
      passwordHash,
    });
  }

  /**
   * The mailed sign-up link with the password chosen at sign-up: makes the owner account and signs
   * it in; 400 when the password is wrong (the link stays, up to its tries), the link used or
   * expired, or the address taken since; 429 like sign-in.
   */
  async confirmSignUp(
    websiteId: string,
    input: SignUpConfirm,
    browser: { ip: string; sessionToken: string | undefined },
  ): Promise<NewSession & { ownerId: string }> {
    const { token, password, captchaToken } = input;
    const previousToken = browser.sessionToken;
    await this.#deps.accountMail.checkSignUpPassword(this.#deps, 'owner', websiteId, { token, password, captchaToken, ip: browser.ip });
    return this.#ctx.transaction(async (trx) => {
      const pending = await this.#deps.accountMail.takeSignUp(trx, 'owner', websiteId, token);
      const owner = await insertOwner(trx, {
        id: pending.id,
        email: pending.email,
        name: pending.name,
        passwordHash: pending.passwordHash,
      });
      // Two links of the same address (two sign-ups): the first used makes the account.
      if (!owner) throw new AppError('BAD_REQUEST', IdentityMessages.signUpTokenInvalid);
      const session = await startOwnerSession(trx, this.#deps.settings, { ownerId: owner.id, remember: false, previousToken });
      return { ...session, ownerId: owner.id };
    });
  }

  async signIn(input: OwnerLogin, browser: { ip: string; sessionToken: string | undefined }): Promise<NewSession & { ownerId: string }> {
    const account = await findOwnerByEmail(this.#ctx.db, input.email);
    const owner = await checkPassword(
      this.#deps,
      { scope: 'owner', websiteId: OWNERS_SIGN_IN_SITE, email: input.email, ip: browser.ip, captchaToken: input.captchaToken },
      account,
      input.password,
    );
    return this.#ctx.transaction(async (trx) => {
      await deleteExpiredSessions(trx);
      const session = await startOwnerSession(trx, this.#deps.settings, {
        ownerId: owner.id,
        remember: input.rememberMe,
        previousToken: browser.sessionToken,
      });
      return { ...session, ownerId: owner.id };
    });
  }

  async signOut(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await deleteSession(this.#ctx.db, 'owner', sha256(sessionToken));
  }

  /** The owner and their roles and permissions on the website (signed out: no roles). */
  async sessionInfo(websiteId: string, ownerId: string | undefined): Promise<OwnerSessionInfo> {
    const owner = ownerId ? await findOwnerById(this.#ctx.db, ownerId) : undefined;
    if (!owner) return { authenticated: false, websiteId, roles: [], permissions: [] };
    const roles = (await rolesOf(this.#ctx.db, websiteId, owner.id)) as Role[];
    return {
      authenticated: true,
      ownerId: owner.id,
      email: owner.email,
      name: owner.name,
      websiteId,
      roles,
      permissions: [...permissionsOfRoles(roles)],
    };
  }
}
