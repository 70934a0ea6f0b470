// SPEC 4 "Form submission" after the lock: validate (here, then the server's validate call), get
// the captcha, fetch the form key, send. Each step's failure is the SPEC 8 message for it.
import { FormMessages, type FieldValue, type PublicForm } from '@sc/contracts';
import { siteContext } from '../lib/dom.js';
import { call, failureFrom } from '../lib/http.js';
import { captchaToken, FORMS_CHALLENGE } from './captcha.js';
import { submissionProblem, type SubmissionProblem } from './errors.js';
import { checkAnswers, type RawValues } from './values.js';
import { apiPath } from '../../api/client.js';

export interface Saved {
  submissionId: string;
  successRedirect: string | null;
  parsedSubmissionMessage: string;
  submissionHTML: string;
}

export type Problem = { ok: false } & SubmissionProblem;
export type Outcome = { ok: true; saved: Saved } | Problem;

const invalid = (fieldErrors: Record<string, string>): Problem => ({ ok: false, message: FormMessages.fieldsInvalid, fieldErrors });

/** Client then server validation: the sanitized values, or the errors map. */
export async function validateAnswers(
  form: PublicForm,
  raw: RawValues,
): Promise<{ ok: true; values: Record<string, FieldValue> } | Problem> {
  const checked = checkAnswers(form.fields, raw);
  if (Object.keys(checked.errors).length > 0) return invalid(checked.errors);
  try {
    const { errors } = await call<{ errors: Record<string, string> }>(
      'POST',
      apiPath('/rest/forms/validate/{formId}', { formId: form.id }),
      checked.values,
    );
    if (Object.keys(errors).length > 0) return invalid(errors);
  } catch (error) {
    return { ok: false, ...submissionProblem(failureFrom(error)) };
  }
  return { ok: true, values: checked.values };
}

/** The whole path of a form block's submission. */
export async function submitAnswers(form: PublicForm, raw: RawValues): Promise<Outcome> {
  const valid = await validateAnswers(form, raw);
  if (!valid.ok) return valid;
  let captchaKey: string | undefined;
  if (form.captchaEnabled) {
    try {
      captchaKey = await captchaToken(FORMS_CHALLENGE);
    } catch {
      return { ok: false, message: FormMessages.captchaRequired, fieldErrors: null };
    }
  }
  let key: string;
  try {
    key = (await call<{ key: string }>('POST', apiPath('/form/FormSubmissionKey'))).key;
  } catch {
    return { ok: false, message: FormMessages.submissionKeyFailed, fieldErrors: null };
  }
  const context = siteContext();
  const pageId = context?.itemId ?? context?.collectionId ?? undefined;
  try {
    const saved = await call<Saved>('POST', apiPath('/form/SaveFormSubmission'), {
      formId: form.id,
      key,
      form: valid.values,
      ...(captchaKey ? { captchaKey } : {}),
      pageTitle: document.title.slice(0, 500),
      ...(pageId ? { pageId, contentSource: context?.itemId ? 'i' : 'c' } : {}),
      pagePath: `${location.pathname}${location.search}`.slice(0, 2048),
    });
    return { ok: true, saved };
  } catch (error) {
    return { ok: false, ...submissionProblem(failureFrom(error)) };
  }
}
