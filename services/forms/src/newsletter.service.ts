// Newsletter signups with double opt-in: a signup is pending until the address owner follows the
// confirmation link mailed to it; every mail carries an unsubscribe link. The confirmation mail is
// enqueued in the signup's transaction; a pending address asking again gets a new mail at most
// once an hour.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { EMAIL_FORMAT_EXAMPLE, FormMessages, FormType, formatMessage } from '@sc/contracts';
import { AppError, enqueueEvent, enqueueMail, type MailRelay, type ServiceContext } from '@sc/platform';
import type { Captcha } from './captcha/index.js';
import type { FormsDB } from './forms.table.js';
import type { SubmitService, Visitor } from './submit.service.js';
import { findByConfirmToken, findByUnsubscribeToken, findSubscriber, hashToken, setStatus } from './store/subscribers.repository.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RESEND_AFTER_MS = 3600_000;

const token = (): string => randomBytes(24).toString('base64url');

export class NewsletterService {
  readonly #ctx: ServiceContext<FormsDB>;
  readonly #captcha: Captcha;
  readonly #mail: MailRelay;
  readonly #submit: SubmitService;

  constructor(ctx: ServiceContext<FormsDB>, captcha: Captcha, mail: MailRelay, submit: SubmitService) {
    this.#ctx = ctx;
    this.#captcha = captcha;
    this.#mail = mail;
    this.#submit = submit;
  }

  /** Signs `email` up to the newsletter form `formId`; answers the subscriber's status. */
  async subscribe(visitor: Visitor, formId: string, body: { email: string; captchaKey?: string; language?: string }, origin: string): Promise<'pending' | 'confirmed'> {
    const form = await this.#submit.configuredForm(visitor.websiteId, formId);
    if (form.settings.formType !== FormType.NEWSLETTER_BLOCK) throw new AppError('NOT_FOUND', FormMessages.notConfigured);
    await this.#submit.checkRate(visitor, `newsletter:${formId}`);
    if (form.settings.captcha.enabled) await this.#captcha.require(body.captchaKey, { websiteId: visitor.websiteId, remoteIp: visitor.ip });
    const email = body.email.trim();
    const problem = email === '' ? FormMessages.required : email.length > 256 || !EMAIL.test(email) ? formatMessage(FormMessages.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE }) : undefined;
    if (problem) throw new AppError('VALIDATION_FAILED', FormMessages.fieldsInvalid, { fields: { email: problem }, compat: { errors: { email: problem } } });

    const normalized = email.toLowerCase();
    const result = await this.#ctx.transaction(async (trx) => {
      const existing = await findSubscriber(trx, visitor.websiteId, formId, normalized);
      if (existing?.status === 'confirmed') return { status: 'confirmed' as const, mailed: false };
      const recentlyMailed = existing?.status === 'pending' && existing.confirm_sent_at !== null && Date.now() - new Date(existing.confirm_sent_at).getTime() < RESEND_AFTER_MS;
      if (recentlyMailed) return { status: 'pending' as const, mailed: false };
      const confirm = token();
      const unsubscribe = token();
      const id = existing?.id ?? randomUUID();
      if (existing) {
        await trx
          .updateTable('subscribers')
          .set({ status: 'pending', confirm_token_hash: hashToken(confirm), unsubscribe_token_hash: hashToken(unsubscribe), confirm_sent_at: sql<Date>`now()`, language: body.language ?? existing.language })
          .where('id', '=', id)
          .execute();
      } else {
        await trx
          .insertInto('subscribers')
          .values({
            id,
            website_id: visitor.websiteId,
            form_id: formId,
            email,
            email_normalized: normalized,
            status: 'pending',
            language: body.language ?? null,
            confirm_token_hash: hashToken(confirm),
            unsubscribe_token_hash: hashToken(unsubscribe),
            confirm_sent_at: new Date(),
            confirmed_at: null,
            unsubscribed_at: null,
          })
          .execute();
      }
      const confirmUrl = `${origin}/api/form/newsletter/confirm?token=${confirm}`;
      const unsubscribeUrl = `${origin}/api/form/newsletter/unsubscribe?token=${unsubscribe}`;
      await enqueueMail(trx, {
        // Each confirmation token is its own mail: a new token, a new (single) mail.
        idempotencyKey: `newsletter-confirm:${id}:${hashToken(confirm)}`,
        websiteId: visitor.websiteId,
        kind: 'newsletter.confirm',
        to: email,
        subject: `Please confirm your subscription to ${form.settings.name}`,
        text: `Please confirm your subscription by opening this link:\n${confirmUrl}\n\nIf you did not ask for this, ignore this message or unsubscribe:\n${unsubscribeUrl}\n`,
      });
      return { status: 'pending' as const, mailed: true };
    });
    if (result.mailed) this.#mail.poke();
    return result.status;
  }

  /** Follows a confirmation link; false when the token is unknown or already used. */
  async confirm(confirmToken: string): Promise<boolean> {
    const row = await findByConfirmToken(this.#ctx.db, confirmToken);
    if (!row || row.status !== 'pending') return false;
    await this.#ctx.transaction(async (trx) => {
      await setStatus(trx, row.id, 'confirmed');
      await enqueueEvent(trx, 'forms.subscriber.confirmed', row.website_id, { subscriberId: row.id, formId: row.form_id, status: 'confirmed' });
    });
    return true;
  }

  /** Follows an unsubscribe link; false when the token is unknown. Repeating it is harmless. */
  async unsubscribe(unsubscribeToken: string): Promise<boolean> {
    const row = await findByUnsubscribeToken(this.#ctx.db, unsubscribeToken);
    if (!row) return false;
    if (row.status === 'unsubscribed') return true;
    await this.#ctx.transaction(async (trx) => {
      await setStatus(trx, row.id, 'unsubscribed');
      await enqueueEvent(trx, 'forms.subscriber.unsubscribed', row.website_id, { subscriberId: row.id, formId: row.form_id, status: 'unsubscribed' });
    });
    return true;
  }
}
