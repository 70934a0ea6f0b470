// The visitor path of SPEC 4: validate, (captcha), key, save. Every failure is one of SPEC 8's:
// 404 'This form has not been configured yet.', 429 the rate-limit text, 401 for a key that is
// unknown, used or expired, 400 with an errors map for invalid fields, and 500 'Unable to send
// form. Please try again later.' for anything unexpected while saving.
import { randomBytes } from 'node:crypto';
import {
  FORM_LIMITS,
  FormMessages,
  checkForm,
  publicFormOf,
  type CheckedForm,
  type FormDefinition,
  type SaveSubmissionBody,
} from '@sc/contracts';
import {
  AppError,
  type Captcha,
  enqueueEvent,
  enqueueMail,
  isUnavailableError,
  renderMail,
  type MailRelay,
  type ServiceContext,
} from '@sc/platform';
import { answerText, inputFields } from '../domain/csv.js';
import type { FormsRepository } from '../forms/forms.repository.js';
import type { FormsDB } from '../tables.js';
import type { KeysRepository } from './keys.repository.js';
import type { SubmissionsRepository } from './submissions.repository.js';

export interface SubmitLimits {
  /** Submissions per client address per form per window. */
  max: number;
  windowMs: number;
}

export interface Visitor {
  websiteId: string;
  ip: string;
}

const notConfigured = () => new AppError('NOT_FOUND', FormMessages.notConfigured);
/** Expected failures pass; anything else while sending is SPEC 8's 500 text (a lost database stays 503). */
function sendFailed(error: unknown): never {
  if (error instanceof AppError || isUnavailableError(error)) throw error;
  throw new AppError('INTERNAL', FormMessages.sendFailed, { cause: error });
}

const parseFailed = () => new AppError('BAD_REQUEST', FormMessages.parseFieldsFailed);

/** The query of a page path ('/contact?ref=ad' → { ref: 'ad' }), for hidden fields. */
function queryOf(pagePath: string | undefined): Record<string, string> {
  if (!pagePath) return {};
  const at = pagePath.indexOf('?');
  if (at < 0) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(pagePath.slice(at + 1))) out[key] ??= value;
  return out;
}

/** What the visitor path works with (built once in module.ts). */
export interface SubmitDeps {
  captcha: Captcha;
  mail: MailRelay;
  limits: SubmitLimits;
  forms: FormsRepository;
  keys: KeysRepository;
  submissions: SubmissionsRepository;
}

export class SubmitService {
  readonly #ctx: ServiceContext<FormsDB>;
  readonly #captcha: Captcha;
  readonly #mail: MailRelay;
  readonly #limits: SubmitLimits;
  readonly #forms: FormsRepository;
  readonly #keys: KeysRepository;
  readonly #submissions: SubmissionsRepository;

  constructor(ctx: ServiceContext<FormsDB>, deps: SubmitDeps) {
    this.#ctx = ctx;
    this.#captcha = deps.captcha;
    this.#mail = deps.mail;
    this.#limits = deps.limits;
    this.#forms = deps.forms;
    this.#keys = deps.keys;
    this.#submissions = deps.submissions;
  }

  /** The built-in captcha's challenge for a form of the website (solved in the browser). */
  challenge(websiteId: string) {
    return this.#captcha.pow.issue(websiteId);
  }

  /** A form visitors can use: it exists and has at least one field. */
  async configuredForm(websiteId: string, formId: string): Promise<FormDefinition> {
    const form = await this.#forms.find(websiteId, formId);
    if (!form || form.settings.build.fields.length === 0) throw notConfigured();
    return form;
  }

  /** POST /api/rest/forms/validate/{formId}: the errors map (empty when every field is valid). */
  async validate(websiteId: string, formId: string, input: Record<string, unknown>): Promise<Record<string, string>> {
    const form = await this.configuredForm(websiteId, formId);
    const checked = checkForm(form.settings.build.fields, input);
    if (checked.unparsable.length > 0) throw parseFailed();
    return checked.errors;
  }

  /** POST /api/form/FormSubmissionKey: a key valid once, for FORM_LIMITS.submissionKeyTtlMs. */
  async issueKey(websiteId: string): Promise<{ key: string; expiresAt: string }> {
    const key = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + FORM_LIMITS.submissionKeyTtlMs);
    await this.#keys.insert(websiteId, key, expiresAt);
    await this.#keys.prune();
    return { key, expiresAt: expiresAt.toISOString() };
  }

  /** Counts one attempt of this visitor on this form; over the limit is SPEC 8's 429. */
  async checkRate(visitor: Visitor, scope: string): Promise<void> {
    const count = await this.#ctx.cache.increment(`forms:rate:${visitor.websiteId}:${scope}:${visitor.ip}`, this.#limits.windowMs);
    if (count > this.#limits.max) throw new AppError('RATE_LIMITED', FormMessages.rateLimited);
  }

  /** POST /api/form/SaveFormSubmission. */
  async save(visitor: Visitor, body: SaveSubmissionBody) {
    let input: unknown = body.form;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch {
        throw parseFailed();
      }
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw parseFailed();
    const form = await this.configuredForm(visitor.websiteId, body.formId);
    await this.checkRate(visitor, body.formId);
    if (form.settings.captcha.enabled) {
      await this.#captcha.require(body.captchaKey, { websiteId: visitor.websiteId, remoteIp: visitor.ip }).catch(sendFailed);
    }
    const checked = checkForm(form.settings.build.fields, input as Record<string, unknown>, queryOf(body.pagePath));
    if (checked.unparsable.length > 0) throw parseFailed();
    if (Object.keys(checked.errors).length > 0) {
      throw new AppError('VALIDATION_FAILED', FormMessages.fieldsInvalid, { fields: checked.errors, compat: { errors: checked.errors } });
    }
    try {
      const submissionId = await this.#store(visitor.websiteId, form, checked, body);
      const view = publicFormOf(form.id, form.settings);
      return {
        submissionId,
        successRedirect: view.successRedirect,
        parsedSubmissionMessage: view.parsedSubmissionMessage,
        submissionHTML: view.submissionHTML,
      };
    } catch (error) {
      return sendFailed(error);
    }
  }

  /** Key, submission, event and notification mails in one transaction: all of them or none. */
  async #store(websiteId: string, form: FormDefinition, checked: CheckedForm, body: SaveSubmissionBody): Promise<string> {
    const id = await this.#ctx.transaction(async (trx) => {
      if (!(await this.#keys.with(trx).consume(websiteId, body.key))) throw new AppError('UNAUTHORIZED', FormMessages.unauthorized);
      const submissionId = await this.#submissions.with(trx).insert(websiteId, form.id, checked.values, body);
      await enqueueEvent(trx, 'forms.submission.saved', websiteId, {
        submissionId,
        formId: form.id,
        formType: form.settings.formType,
        pageId: body.pageId ?? null,
        pagePath: body.pagePath ?? null,
        contentSource: body.contentSource ?? null,
      });
      const summary = inputFields(form.settings.build.fields)
        .map((field) => `${field.title || field.id}: ${answerText(field, checked.values[field.id])}`)
        .join('\n');
      // The platform's mail template: the answers as label/value rows in both parts.
      const mail = renderMail(
        { siteName: form.settings.name },
        {
          subject: `New submission: ${form.settings.name}`,
          heading: `New submission: ${form.settings.name}`,
          blocks: [{ kind: 'paragraph', text: `${summary}\n\nPage: ${body.pagePath ?? ''}` }],
          footer: 'You are receiving this email because this form notifies this address of new submissions.',
        },
      );
      for (const to of form.settings.storage.notifyEmails) {
        await enqueueMail(trx, { idempotencyKey: `form-notify:${submissionId}:${to}`, websiteId, kind: 'forms.submission', to, ...mail });
      }
      return submissionId;
    });
    if (form.settings.storage.notifyEmails.length > 0) this.#mail.poke();
    return id;
  }
}
