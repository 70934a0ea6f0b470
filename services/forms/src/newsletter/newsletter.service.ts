// Newsletter signups with double opt-in: a signup is pending until the address owner follows the
// confirmation link mailed to it; every mail carries an unsubscribe link. The confirmation mail is
// enqueued in the signup's transaction; a pending address asking again gets a new mail at most
// once an hour, and a confirmed one gets none. Visitors join through the newsletter block, or
// by ticking "join the mailing list" on a restock form (restock.signup.created), which adds them
// to the website's mailing list in exactly the same way.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  EMAIL_FORMAT_EXAMPLE,
  EmailPatterns,
  FormMessages,
  FormSettings,
  FormType,
  RestockSignupCreated,
  formatMessage,
  type EventEnvelope,
  type FormDefinition,
} from '@sc/contracts';
import {
  AppError,
  type Captcha,
  enqueueEvent,
  enqueueMail,
  handleOnce,
  type MailRelay,
  type Page,
  type ServiceContext,
} from '@sc/platform';
import type { FormsRepository } from '../forms/forms.repository.js';
import type { FormService } from '../forms/forms.service.js';
import type { SubmitService, Visitor } from '../submissions/submit.service.js';
import type { Db, FormsDB } from '../tables.js';
import { hashToken, type SubscriberView, type SubscribersRepository } from './subscribers.repository.js';

const RESEND_AFTER_MS = 3600_000;

/** The handled-events name of the restock opt-in (and the default durable consumer name). */
export const MAILING_LIST_CONSUMER = 'forms-restock-mailing-list';

/** The list a website's restock opt-ins join when it has no newsletter form of its own yet. */
export const DEFAULT_MAILING_LIST_ID = 'mailing-list';
const DEFAULT_MAILING_LIST = FormSettings.parse({
  name: 'Mailing list',
  formType: FormType.NEWSLETTER_BLOCK,
  build: { fields: [{ id: 'email', type: 'email', title: 'Email Address', required: true }], submitButtonText: 'Sign Up' },
  advanced: { submissionMessage: 'Thank you! Please check your inbox to confirm.' },
});

const token = (): string => randomBytes(24).toString('base64url');

/** What joining a list needs: the list, the address, and where the mailed links should point. */
interface Enrollment {
  websiteId: string;
  form: FormDefinition;
  email: string;
  language: string | null;
  origin: string;
}

export type RestockJoinOutcome = 'joined' | 'not-asked' | 'already-handled' | 'unusable';

/** What the newsletter service works with (built once in module.ts). */
export interface NewsletterDeps {
  captcha: Captcha;
  mail: MailRelay;
  submit: SubmitService;
  forms: FormService;
  formsRepository: FormsRepository;
  subscribers: SubscribersRepository;
}

export class NewsletterService {
  readonly #ctx: ServiceContext<FormsDB>;
  readonly #captcha: Captcha;
  readonly #mail: MailRelay;
  readonly #submit: SubmitService;
  readonly #forms: FormService;
  readonly #formsRepository: FormsRepository;
  readonly #subscribers: SubscribersRepository;

  constructor(ctx: ServiceContext<FormsDB>, deps: NewsletterDeps) {
    this.#ctx = ctx;
    this.#captcha = deps.captcha;
    this.#mail = deps.mail;
    this.#submit = deps.submit;
    this.#forms = deps.forms;
    this.#formsRepository = deps.formsRepository;
    this.#subscribers = deps.subscribers;
  }

  /** A newsletter form's subscribers, paged, for its owner (404 for a form that is not there). */
  async subscribersOf(websiteId: string, formId: string, page: { cursor?: string; limit: number }): Promise<Page<SubscriberView>> {
    await this.#forms.get(websiteId, formId);
    return this.#subscribers.list(websiteId, formId, page);
  }

  /** Signs `email` up to the newsletter form `formId`; answers the subscriber's status. */
  async subscribe(
    visitor: Visitor,
    formId: string,
    body: { email: string; captchaKey?: string; language?: string },
    origin: string,
  ): Promise<'pending' | 'confirmed'> {
    const form = await this.#submit.configuredForm(visitor.websiteId, formId);
    if (form.settings.formType !== FormType.NEWSLETTER_BLOCK) throw new AppError('NOT_FOUND', FormMessages.notConfigured);
    await this.#submit.checkRate(visitor, `newsletter:${formId}`);
    if (form.settings.captcha.enabled) await this.#captcha.require(body.captchaKey, { websiteId: visitor.websiteId, remoteIp: visitor.ip });
    const email = body.email.trim();
    const problem =
      email === ''
        ? FormMessages.required
        : email.length > 256 || !EmailPatterns.simple.test(email)
          ? formatMessage(FormMessages.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE })
          : undefined;
    if (problem)
      throw new AppError('VALIDATION_FAILED', FormMessages.fieldsInvalid, {
        fields: { email: problem },
        compat: { errors: { email: problem } },
      });

    const result = await this.#ctx.transaction((trx) =>
      this.#enroll(trx, { websiteId: visitor.websiteId, form, email, language: body.language ?? null, origin }),
    );
    if (result.mailed) this.#mail.poke();
    return result.status;
  }

  /**
   * restock.signup.created: when the visitor asked to join the mailing list, the address joins the
   * website's list (its oldest newsletter form, made when there is none) with the same double
   * opt-in as the newsletter block. Once per event, whatever the bus redelivers.
   */
  async joinFromRestock(event: EventEnvelope): Promise<RestockJoinOutcome> {
    const data = RestockSignupCreated.parse(event.data);
    if (!data.isJoinMailingList) return 'not-asked';
    const email = data.email.trim();
    // Restock checked the address with its own (stricter) rule; an event without an origin was
    // written before events carried one, and a confirmation link needs it.
    if (!data.siteOrigin || email.length > 256 || !EmailPatterns.simple.test(email)) {
      this.#ctx.logger.warn(
        { eventId: event.id, websiteId: event.websiteId, hasOrigin: Boolean(data.siteOrigin) },
        'restock mailing-list opt-in cannot be used',
      );
      return 'unusable';
    }
    const origin = data.siteOrigin;
    const outcome = { mailed: false };
    const handled = await handleOnce(this.#ctx.db, MAILING_LIST_CONSUMER, event, async (trx) => {
      const form = await this.#mailingList(trx, event.websiteId);
      outcome.mailed = (await this.#enroll(trx, { websiteId: event.websiteId, form, email, language: data.language, origin })).mailed;
    });
    if (outcome.mailed) this.#mail.poke();
    return handled ? 'joined' : 'already-handled';
  }

  /** The website's mailing list; a website without a newsletter form gets one (owners can rename it). */
  async #mailingList(trx: Db, websiteId: string): Promise<FormDefinition> {
    const forms = this.#formsRepository.with(trx);
    const list = await forms.findMailingList(websiteId);
    if (list) return list;
    // A fixed id: two first opt-ins at once make one list (the second insert does nothing).
    await forms.insert(websiteId, DEFAULT_MAILING_LIST_ID, DEFAULT_MAILING_LIST);
    const made = await forms.find(websiteId, DEFAULT_MAILING_LIST_ID);
    if (made?.settings.formType !== FormType.NEWSLETTER_BLOCK)
      throw new Error(`form ${DEFAULT_MAILING_LIST_ID} of ${websiteId} is not a newsletter form`);
    return made;
  }

  /**
   * Adds the address to the list in the caller's transaction: pending with a new confirmation mail,
   * unless it is confirmed (no mail) or was mailed within the hour (no second mail).
   */
  async #enroll(trx: Db, enrollment: Enrollment): Promise<{ status: 'pending' | 'confirmed'; mailed: boolean }> {
    const { websiteId, form, email, language, origin } = enrollment;
    const normalized = email.toLowerCase();
    const subscribers = this.#subscribers.with(trx);
    const existing = await subscribers.findForUpdate(websiteId, form.id, normalized);
    if (existing?.status === 'confirmed') return { status: 'confirmed', mailed: false };
    const recentlyMailed =
      existing?.status === 'pending' &&
      existing.confirm_sent_at !== null &&
      Date.now() - new Date(existing.confirm_sent_at).getTime() < RESEND_AFTER_MS;
    if (recentlyMailed) return { status: 'pending', mailed: false };
    const confirm = token();
    const unsubscribe = token();
    const id = existing?.id ?? randomUUID();
    if (existing) await subscribers.renewPending(id, confirm, unsubscribe, language ?? existing.language);
    else
      await subscribers.insertPending({
        id,
        websiteId,
        formId: form.id,
        email,
        language,
        confirmToken: confirm,
        unsubscribeToken: unsubscribe,
      });
    const confirmUrl = `${origin}/api/form/newsletter/confirm?token=${confirm}`;
    const unsubscribeUrl = `${origin}/api/form/newsletter/unsubscribe?token=${unsubscribe}`;
    await enqueueMail(trx, {
      // Each confirmation token is its own mail: a new token, a new (single) mail.
      idempotencyKey: `newsletter-confirm:${id}:${hashToken(confirm)}`,
      websiteId,
      kind: 'newsletter.confirm',
      to: email,
      subject: `Please confirm your subscription to ${form.settings.name}`,
      text: `Please confirm your subscription by opening this link:\n${confirmUrl}\n\nIf you did not ask for this, ignore this message or unsubscribe:\n${unsubscribeUrl}\n`,
    });
    return { status: 'pending', mailed: true };
  }

  /** Follows a confirmation link; false when the token is unknown or already used. */
  async confirm(confirmToken: string): Promise<boolean> {
    const row = await this.#subscribers.findByConfirmToken(confirmToken);
    if (!row || row.status !== 'pending') return false;
    await this.#ctx.transaction(async (trx) => {
      await this.#subscribers.with(trx).setStatus(row.id, 'confirmed');
      await enqueueEvent(trx, 'forms.subscriber.confirmed', row.website_id, {
        subscriberId: row.id,
        formId: row.form_id,
        status: 'confirmed',
        email: row.email,
      });
    });
    return true;
  }

  /** Follows an unsubscribe link; false when the token is unknown. Repeating it is harmless. */
  async unsubscribe(unsubscribeToken: string): Promise<boolean> {
    const row = await this.#subscribers.findByUnsubscribeToken(unsubscribeToken);
    if (!row) return false;
    if (row.status === 'unsubscribed') return true;
    await this.#ctx.transaction(async (trx) => {
      await this.#subscribers.with(trx).setStatus(row.id, 'unsubscribed');
      await enqueueEvent(trx, 'forms.subscriber.unsubscribed', row.website_id, {
        subscriberId: row.id,
        formId: row.form_id,
        status: 'unsubscribed',
        email: row.email,
      });
    });
    return true;
  }
}
