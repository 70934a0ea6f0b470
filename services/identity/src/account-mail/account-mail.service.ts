// Password resets (site users and owners) and email verification (site users), by mailed links.
// - A token is 256 random bits; only its SHA-256 is stored, with an expiry (reset: one hour) and
//   used_at. Using it is one conditional UPDATE (unused, unexpired), so a token works once even
//   when two requests race.
// - Asking for a reset answers the same words, with the same status, whether or not the address
//   has an account; no password is hashed on either path, so timing tells little. At most a few
//   links per account per hour are mailed, so the form cannot be used to flood someone's inbox.
// - A reset ends every session of the account (all browsers) and every other link still out.
import { AppError, DEFAULT_PUBLIC_URL, enqueueMail, isWebsiteDomain, renderMail, websiteOrigin, type MailBrand, type MailRelay, type ServiceContext } from '@sc/platform';
import { IdentityMessages } from '@sc/contracts';
import type { Transaction } from 'kysely';
import type { PasswordHasher } from '../passwords/password.js';
import { sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import type { AccountKind as Kind, AccountMailRepository } from './account-mail.repository.js';

type Trx = Transaction<IdentityDB>;

export const RESET_TTL_MS = 3600_000;
export const VERIFY_TTL_MS = 7 * 24 * 3600_000;
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
          { kind: 'paragraph', text: `Someone asked to reset the password of the ${kind === 'owner' ? 'owner account' : 'account'} with this email address. If it was you, choose a new password with this link. It works once, within one hour.` },
          { kind: 'button', label: 'Choose a new password', url: link },
          { kind: 'paragraph', text: 'If you did not ask for this, ignore this email: your password stays as it is.' },
        ],
        footer: `You are receiving this email because a password reset was asked for at ${site.brand.siteName}.`,
      });
      // A relative link (a site without a domain yet) cannot be a button: the text carries it.
      const text = site.origin ? mail.text : `${mail.text}\nLink: ${link}\n`;
      await enqueueMail(trx, { idempotencyKey: `password-reset:${sha256(token)}`, websiteId, kind: `${kind}.password-reset`, to: account.email, subject: mail.subject, text, html: mail.html });
      return true;
    });
    if (queued) this.#mail.poke();
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

  /** In the sign-up transaction: mails the new site user a link that proves the address. */
  async sendVerification(trx: Trx, websiteId: string, siteUserId: string, email: string): Promise<void> {
    const accounts = this.#accounts.with(trx);
    const token = await accounts.issue('verify-email', 'site-user', siteUserId, websiteId, VERIFY_TTL_MS);
    const site = await this.#site(accounts, websiteId);
    const path = `/api/auth/site-users/verify-email?token=${token}`;
    const link = site.origin ? `${site.origin}${path}` : path;
    const mail = renderMail(site.brand, {
      subject: `Confirm your email address for ${site.brand.siteName}`,
      heading: 'Confirm your email address',
      blocks: [
        { kind: 'paragraph', text: `Welcome to ${site.brand.siteName}. Please confirm that this address is yours.` },
        { kind: 'button', label: 'Confirm my address', url: link },
      ],
      footer: `You are receiving this email because an account was made at ${site.brand.siteName} with this address.`,
    });
    const text = site.origin ? mail.text : `${mail.text}\nLink: ${link}\n`;
    await enqueueMail(trx, { idempotencyKey: `verify-email:${sha256(token)}`, websiteId, kind: 'site-user.verify-email', to: email, subject: mail.subject, text, html: mail.html });
  }

  /** After the sign-up transaction commits. */
  poke(): void {
    this.#mail.poke();
  }

  /** Marks the address of the token's site user verified. */
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
    return { brand: { siteName: site?.title || 'Our site' }, origin: domain ? websiteOrigin(this.#ctx.config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL, domain) : null };
  }
}
