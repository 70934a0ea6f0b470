// Password resets, sign-ups (site users and owners) and email verification (site users), by mailed links.
// - A token is 256 random bits; only its SHA-256 is stored, with an expiry (reset: one hour) and
//   used_at. Using it is one conditional UPDATE (unused, unexpired), so a token works once even
//   when two requests race.
// - Asking for a reset answers the same words, with the same status, whether or not the address
//   has an account; no password is hashed on either path, so timing tells little. At most a few
//   links per account per hour are mailed, so the form cannot be used to flood someone's inbox.
// - A reset ends every session of the account (all browsers) and every other link still out.
// - Sign-up (issue 40) answers the same for a new and a taken address, with one password hash on
//   both paths: a new address is mailed a link that makes the account (the sign-up waits in its
//   token), a taken one a mail that someone tried to sign up with it. Both mails are limited per
//   address per hour, so sign-up cannot flood an inbox either.
// - The sign-up link makes the account only with the password chosen at that sign-up (issue 40b),
//   checked like a sign-in, so a link someone else started for an address makes nothing when the
//   address's owner opens it; a wrong password is counted, and the fifth spends the link.
import {
  AppError,
  DEFAULT_PUBLIC_URL,
  enqueueMail,
  isWebsiteDomain,
  renderMail,
  websiteOrigin,
  type MailBrand,
  type MailRelay,
  type ServiceContext,
} from '@sc/platform';
import { randomUUID } from 'node:crypto';
import { IdentityMessages } from '@sc/contracts';
import type { Transaction } from 'kysely';
import type { PasswordHasher } from '../passwords/password.js';
import { checkPassword, OWNERS_SIGN_IN_SITE } from '../sign-in/sign-in.js';
import type { LoginThrottle } from '../sign-in/throttle.js';
import { sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import type { AccountKind as Kind, AccountMailRepository } from './account-mail.repository.js';

type Trx = Transaction<IdentityDB>;

export const RESET_TTL_MS = 3600_000;
/** A sign-up link works for a day. */
export const SIGN_UP_TTL_MS = 24 * 3600_000;
/** Sign-up links mailed per address per hour, at most. */
const SIGN_UPS_PER_HOUR = 3;
/** Wrong passwords a sign-up link takes; the last spends it. */
export const SIGN_UP_PASSWORD_TRIES = 5;

/** What a sign-up asks for: the account its link makes once used (the password already hashed). */
export interface PendingAccount {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string;
}
/** Reset links mailed per account per hour, at most. */
const RESETS_PER_HOUR = 3;

interface SiteOfMail {
  brand: MailBrand;
  origin: string | null;
}

export class AccountMailService {
  readonly #ctx: ServiceContext<IdentityDB>;
  readonly #hasher: PasswordHasher;
  readonly #mail: MailRelay;
  readonly #accounts: AccountMailRepository;

  constructor(ctx: ServiceContext<IdentityDB>, hasher: PasswordHasher, mail: MailRelay, accounts: AccountMailRepository) {
    this.#ctx = ctx;
    this.#hasher = hasher;
    this.#mail = mail;
    this.#accounts = accounts;
  }

  /** Mails a reset link when `email` has an account of this kind; the caller answers the same either way. */
  async requestReset(kind: Kind, websiteId: string, email: string): Promise<void> {
    const queued = await this.#ctx.transaction(async (trx) => {
      const accounts = this.#accounts.with(trx);
      const account = await accounts.accountOf(kind, websiteId, email);
      if (!account) return false;
      if ((await accounts.resetsInLastHour(kind, account.id)) >= RESETS_PER_HOUR) return false;
      const token = await accounts.issue('password-reset', kind, account.id, kind === 'site-user' ? websiteId : null, RESET_TTL_MS);
      const site = await this.#site(accounts, websiteId);
      // Site users: the site's page opens its account dialog on this parameter; owners: the admin app.
      const path = kind === 'site-user' ? `/?reset-password=${token}` : `/config/reset-password?token=${token}`;
      const link = `${site.origin ?? ''}${path}`;
      const mail = renderMail(site.brand, {
        subject: `Reset your password for ${site.brand.siteName}`,
        heading: 'Choose a new password',
        blocks: [
          {
            kind: 'paragraph',
            text: `Someone asked to reset the password of the ${kind === 'owner' ? 'owner account' : 'account'} with this email address. If it was you, choose a new password with this link. It works once, within one hour.`,
          },
          { kind: 'button', label: 'Choose a new password', url: link },
          { kind: 'paragraph', text: 'If you did not ask for this, ignore this email: your password stays as it is.' },
        ],
        footer: `You are receiving this email because a password reset was asked for at ${site.brand.siteName}.`,
      });
      // A relative link (a site without a domain yet) cannot be a button: the text carries it.
      const text = site.origin ? mail.text : `${mail.text}\nLink: ${link}\n`;
      await enqueueMail(trx, {
        idempotencyKey: `password-reset:${sha256(token)}`,
        websiteId,
        kind: `${kind}.password-reset`,
        to: account.email,
        subject: mail.subject,
        text,
        html: mail.html,
      });
      return true;
    });
    if (queued) this.#mail.poke();
  }

  /**
   * Sign-up of `email`: a link that makes the account (a new address) or a mail that someone tried
   * (a taken one). The caller answers the same either way and has hashed the password already.
   */
  async requestSignUp(kind: Kind, websiteId: string, request: PendingAccount): Promise<void> {
    const queued = await this.#ctx.transaction(async (trx) => {
      const accounts = this.#accounts.with(trx);
      const account = await accounts.accountOf(kind, websiteId, request.email);
      const site = await this.#site(accounts, websiteId);
      const who = kind === 'owner' ? 'an owner account' : 'an account';
      if (account) {
        // One such mail per account per hour, whatever the attempts.
        if ((await accounts.mailsInLastHour(`${kind}.sign-up-taken`, account.email)) >= 1) return false;
        const signIn = `${site.origin ?? ''}${kind === 'site-user' ? '/' : '/config'}`;
        const mail = renderMail(site.brand, {
          subject: `Someone tried to sign up at ${site.brand.siteName} with your address`,
          heading: 'You already have an account',
          blocks: [
            {
              kind: 'paragraph',
              text: `Someone tried to sign up at ${site.brand.siteName} with this email address, which already has ${who}. If it was you, sign in with your password; if you forgot it, choose "Forgot your password?" when you sign in to get a link for a new one.`,
            },
            { kind: 'button', label: 'Sign in', url: signIn },
            { kind: 'paragraph', text: 'If it was not you, ignore this email: nothing changed on your account.' },
          ],
          footer: `You are receiving this email because someone tried to sign up at ${site.brand.siteName} with this address.`,
        });
        const text = site.origin ? mail.text : `${mail.text}\nLink: ${signIn}\n`;
        return enqueueMail(trx, {
          idempotencyKey: `sign-up-taken:${kind}:${account.id}:${randomUUID()}`,
          websiteId,
          kind: `${kind}.sign-up-taken`,
          to: account.email,
          subject: mail.subject,
          text,
          html: mail.html,
        });
      }
      if ((await accounts.signUpsInLastHour(kind, request.email)) >= SIGN_UPS_PER_HOUR) return false;
      const token = await accounts.issueSignUp(kind, kind === 'site-user' ? websiteId : null, request, SIGN_UP_TTL_MS);
      // Site users: the site's page opens its account dialog on this parameter; owners: the admin app.
      const link = `${site.origin ?? ''}${kind === 'site-user' ? `/?confirm-sign-up=${token}` : `/config/confirm-sign-up?token=${token}`}`;
      const mail = renderMail(site.brand, {
        subject: `Finish signing up at ${site.brand.siteName}`,
        heading: 'Confirm your email address',
        blocks: [
          {
            kind: 'paragraph',
            text: `Welcome to ${site.brand.siteName}. To finish making ${who}, open this link and enter the password you chose when you signed up. It works once, within one day.`,
          },
          { kind: 'button', label: 'Finish signing up', url: link },
          { kind: 'paragraph', text: 'If you did not sign up, ignore this email and do not use the link: no account is made.' },
        ],
        footer: `You are receiving this email because someone signed up at ${site.brand.siteName} with this address.`,
      });
      const text = site.origin ? mail.text : `${mail.text}\nLink: ${link}\n`;
      return enqueueMail(trx, {
        idempotencyKey: `sign-up:${sha256(token)}`,
        websiteId,
        kind: `${kind}.sign-up`,
        to: request.email,
        subject: mail.subject,
        text,
        html: mail.html,
      });
    });
    if (queued) this.#mail.poke();
  }

  /**
   * Before the sign-up link makes the account (issue 40b, no account pre-hijacking): the password
   * chosen at sign-up must be given again, so a link someone else started for this address (with
   * their password) makes nothing when its owner opens it. Checked like a sign-in (the same
   * throttle, captcha past its limit, one scrypt verification in constant time). A wrong password
   * changes nothing but its count: the link still works, until the last of SIGN_UP_PASSWORD_TRIES
   * spends it. 400 when the link is unknown, used or expired.
   */
  async checkSignUpPassword(
    deps: { hasher: PasswordHasher; throttle: LoginThrottle },
    kind: Kind,
    websiteId: string,
    request: { token: string; password: string; captchaToken?: string | undefined; ip: string },
  ): Promise<void> {
    const site = kind === 'site-user' ? websiteId : null;
    const pending = await this.#accounts.pendingSignUp(kind, request.token, site);
    if (!pending?.email || !pending.password_hash) throw new AppError('BAD_REQUEST', IdentityMessages.signUpTokenInvalid);
    const attempt = {
      scope: kind,
      websiteId: site ?? OWNERS_SIGN_IN_SITE,
      email: pending.email,
      ip: request.ip,
      captchaToken: request.captchaToken,
    };
    try {
      await checkPassword(deps, attempt, { password_hash: pending.password_hash }, request.password);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'UNAUTHORIZED') throw error;
      const spent = await this.#accounts.failSignUp(kind, request.token, site, SIGN_UP_PASSWORD_TRIES);
      throw new AppError('BAD_REQUEST', spent ? IdentityMessages.signUpPasswordSpent : IdentityMessages.signUpPasswordWrong);
    }
  }

  /**
   * In the transaction that makes the account (after checkSignUpPassword): uses the sign-up link once and answers the account
   * it asked for; 400 when the link is unknown, used or expired. The address is proven by it.
   */
  async takeSignUp(trx: Trx, kind: Kind, websiteId: string, token: string): Promise<PendingAccount> {
    const used = await this.#accounts.with(trx).useSignUp(kind, token, kind === 'site-user' ? websiteId : null);
    if (!used?.email || !used.password_hash) throw new AppError('BAD_REQUEST', IdentityMessages.signUpTokenInvalid);
    return { id: used.subject_id, email: used.email, name: used.name, passwordHash: used.password_hash };
  }

  /** Sets a new password with a reset token; every session of the account ends. */
  async confirmReset(kind: Kind, websiteId: string, token: string, password: string): Promise<void> {
    const passwordHash = await this.#hasher.hash(password);
    await this.#ctx.transaction(async (trx) => {
      const accounts = this.#accounts.with(trx);
      const used = await accounts.use('password-reset', kind, token, kind === 'site-user' ? websiteId : null);
      if (!used) throw new AppError('BAD_REQUEST', IdentityMessages.resetTokenInvalid);
      // Every session ends, and other reset links still out for this account stop working too.
      await accounts.replacePassword(kind, used.subject_id, passwordHash);
    });
  }

  /** Marks the address of the token's site user verified (the links mailed before issue 40's sign-up by link). */
  async verifyEmail(websiteId: string, token: string): Promise<void> {
    await this.#ctx.transaction(async (trx) => {
      const accounts = this.#accounts.with(trx);
      const used = await accounts.use('verify-email', 'site-user', token, websiteId);
      if (!used) throw new AppError('BAD_REQUEST', IdentityMessages.verifyTokenInvalid);
      await accounts.markEmailVerified(websiteId, used.subject_id);
    });
  }

  async #site(accounts: AccountMailRepository, websiteId: string): Promise<SiteOfMail> {
    const site = await accounts.websiteOf(websiteId);
    // The website's first domain under PUBLIC_URL's scheme and port: never the request's Host.
    const domain = site?.domains.map((d) => d.split(':')[0]).find(isWebsiteDomain);
    return {
      brand: { siteName: site?.title || 'Our site' },
      origin: domain ? websiteOrigin(this.#ctx.config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL, domain) : null,
    };
  }
}
