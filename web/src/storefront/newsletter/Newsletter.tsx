// The newsletter block: an email address signed up to the block's newsletter form (double
// opt-in: the forms service mails a confirmation link), with the SPEC 4 submit lock, the form's
// captcha when it has one, and the SPEC 8 messages.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormMessages, type NewsletterData, type PublicForm } from '@sc/contracts';
import { call, failureFrom } from '../lib/http.js';
import { submissionProblem } from '../forms/errors.js';
import { apiPath } from '../../api/client.js';

export function Newsletter({ data, formId }: { data: NewsletterData; formId: string | null }) {
  const [form, setForm] = useState<PublicForm | null>(null);
  const [email, setEmail] = useState('');
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  // The form's definition (captcha, submission message) as a promise: a visitor who signs up
  // before it has arrived waits for it instead of skipping the captcha and the form's message.
  const loading = useRef<Promise<PublicForm | null>>(Promise.resolve(null));

  useEffect(() => {
    if (!formId) return;
    loading.current = call<PublicForm>('GET', apiPath('/rest/forms/{formId}', { formId })).catch(() => null);
    void loading.current.then(setForm);
  }, [formId]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setLocked(true);
    setError(null);
    setFieldError(null);
    try {
      // A block without a form cannot sign anyone up: SPEC 8's 404 wording.
      if (!formId) throw new Error(FormMessages.notConfigured);
      const definition = await loading.current;
      let captchaKey: string | undefined;
      if (definition?.captchaEnabled) {
        const { captchaToken, FORMS_CHALLENGE } = await import('../forms/captcha.js');
        captchaKey = await captchaToken(FORMS_CHALLENGE).catch(() => {
          throw new Error(FormMessages.captchaRequired);
        });
      }
      await call('POST', apiPath('/form/newsletter/{formId}/subscribe', { formId }), {
        email,
        ...(captchaKey ? { captchaKey } : {}),
        language: document.documentElement.lang || navigator.language,
      });
      setDone(definition?.parsedSubmissionMessage || '<p>Thank you!</p>');
    } catch (failure) {
      if (failure instanceof Error && failure.name === 'Error') {
        setError(failure.message);
      } else {
        const problem = submissionProblem(failureFrom(failure));
        const emailError = problem.fieldErrors?.email;
        if (emailError) setFieldError(emailError);
        setError(problem.message);
      }
    } finally {
      setLocked(false);
    }
  };

  if (done) {
    return (
      <div className="sc-newsletter submitted" role="status">
        <h2>{data.title}</h2>
        <div dangerouslySetInnerHTML={{ __html: done }} />
      </div>
    );
  }
  return (
    <form className="sc-newsletter" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{data.title}</h2>
      {data.description && <p>{data.description}</p>}
      {fieldError && (
        <p className="field-error" role="alert">
          {fieldError}
        </p>
      )}
      <div className="newsletter-row">
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          Email Address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Email Address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
        />
        <button type="submit" className="sc-button" disabled={locked}>
          {locked ? FormMessages.submitting : form?.submitButtonText || 'Sign Up'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
