// Password resets (site users and owners) and email verification (site users), by mailed links.
// - A token is 256 random bits; only its SHA-256 is stored, with an expiry (reset: one hour) and
//   used_at. Using it is one conditional UPDATE (unused, unexpired), so a token works once even
//   when two requests race.
// - Asking for a reset answers the same words, with the same status, whether or not the address
//   has an account; no password is hashed on either path, so timing tells little. At most a few
//   links per account per hour are mailed, so the form cannot be used to flood someone's inbox.
// - A reset ends every session of the account (all browsers) and every other link still out.
import { AppError, enqueueMail, renderMail, type MailBrand, type MailRelay, type ServiceContext } from '@sc/platform';
import { IdentityMessages } from '@sc/contracts';
import { sql, type Transaction } from 'kysely';
import type { PasswordHasher } from '../passwords/password.js';
import { newSessionToken, sha256 } from '../domain/tokens.js';
import type { AccountTokensTable, IdentityDB } from '../tables.js';

type Trx = Transaction<IdentityDB>;
type Kind = AccountTokensTable['kind'];
type Purpose = AccountTokensTable['purpose'];

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

  constructor(ctx: ServiceContext<IdentityDB>, hasher: PasswordHasher, mail: MailRelay) {
    this.#ctx = ctx;
    this.#hasher = hasher;
    this.#mail = mail;
  }

  /** Mails a reset link when `email` has an account of this kind; the caller answers the same either way. */
  async requestReset(kind: Kind, websiteId: string, email: string): Promise<void> {
    const queued = await this.#ctx.transaction(async (trx) => {
      const account =
        kind === 'site-user'
          ? await trx.selectFrom('site_users').select(['id', 'email']).where('website_id', '=', websiteId).where('email', '=', email).executeTakeFirst()
          : await trx.selectFrom('owners').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
      if (!account) return false;
      const recent = await trx
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where('subject_id', '=', account.id)
        .where('purpose', '=', 'password-reset')
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= RESETS_PER_HOUR) return false;
      const token = await this.#issue(trx, 'password-reset', kind, account.id, kind === 'site-user' ? websiteId : null, RESET_TTL_MS);
      const site = await this.#site(trx, websiteId);
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
      const used = await this.#use(trx, 'password-reset', kind, token, kind === 'site-user' ? websiteId : null);
      if (!used) throw new AppError('BAD_REQUEST', IdentityMessages.resetTokenInvalid);
      if (kind === 'site-user') {
        await trx.updateTable('site_users').set({ password_hash: passwordHash, updated_at: sql<Date>`now()` }).where('id', '=', used.subject_id).execute();
      } else {
        await trx.updateTable('owners').set({ password_hash: passwordHash, updated_at: sql<Date>`now()` }).where('id', '=', used.subject_id).execute();
      }
      await trx.deleteFrom('sessions').where('kind', '=', kind).where('subject_id', '=', used.subject_id).execute();
      // Other reset links still out for this account stop working too.
      await trx
        .updateTable('account_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('kind', '=', kind)
        .where('subject_id', '=', used.subject_id)
        .where('purpose', '=', 'password-reset')
        .where('used_at', 'is', null)
        .execute();
    });
  }

  /** In the sign-up transaction: mails the new site user a link that proves the address. */
  async sendVerification(trx: Trx, websiteId: string, siteUserId: string, email: string): Promise<void> {
    const token = await this.#issue(trx, 'verify-email', 'site-user', siteUserId, websiteId, VERIFY_TTL_MS);
    const site = await this.#site(trx, websiteId);
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
      const used = await this.#use(trx, 'verify-email', 'site-user', token, websiteId);
      if (!used) throw new AppError('BAD_REQUEST', IdentityMessages.verifyTokenInvalid);
      await trx.updateTable('site_users').set({ email_verified_at: sql<Date>`now()` }).where('id', '=', used.subject_id).where('website_id', '=', websiteId).execute();
    });
  }

  async #issue(trx: Trx, purpose: Purpose, kind: Kind, subjectId: string, websiteId: string | null, ttlMs: number): Promise<string> {
    const token = newSessionToken();
    await trx
      .insertInto('account_tokens')
      .values({ token_hash: sha256(token), purpose, kind, subject_id: subjectId, website_id: websiteId, expires_at: new Date(Date.now() + ttlMs) })
      .execute();
    return token;
  }

  /** Uses a token once: the row when it was unused, unexpired and of this purpose, kind and website. */
  async #use(trx: Trx, purpose: Purpose, kind: Kind, token: string, websiteId: string | null) {
    let query = trx
      .updateTable('account_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    query = websiteId === null ? query.where('website_id', 'is', null) : query.where('website_id', '=', websiteId);
    return query.returning(['subject_id']).executeTakeFirst();
  }

  async #site(trx: Trx, websiteId: string): Promise<SiteOfMail> {
    const site = await trx.selectFrom('websites').select(['title', 'domains']).where('id', '=', websiteId).executeTakeFirst();
    const domain = site?.domains.find((d) => /^[a-z0-9.-]+(:\d+)?$/i.test(d));
    return { brand: { siteName: site?.title || 'Our site' }, origin: domain ? `https://${domain}` : null };
  }
}
