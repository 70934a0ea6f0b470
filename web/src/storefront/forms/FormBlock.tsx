// A form block (SPEC 4 "Form submission"): lock with 'Submitting…', validate, captcha, key,
// send; success fires the success event and redirects or shows the submission text and HTML in
// place of the form; failure shows the errors (on their fields and above and below the form),
// unlocks and resets the captcha. The captcha badge shows only while a field has focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormMessages, type PublicForm } from '@sc/contracts';
import { track } from '../lib/events.js';
import { call, failureFrom } from '../lib/http.js';
import { submissionProblem } from './errors.js';
import { FormFields } from './FormFields.js';
import { submitAnswers } from './submit.js';
import { initialValues, type RawValue, type RawValues } from './values.js';
import { apiPath } from '../../api/client.js';

/** SPEC 5: the captcha widget is compact in a container narrower than 320 px. */
const COMPACT_BELOW_PX = 320;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; form: PublicForm };

export function FormBlock({ formId }: { formId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    call<PublicForm>('GET', apiPath('/rest/forms/{formId}', { formId })).then(
      (form) => setLoad({ state: 'ready', form }),
      (error: unknown) => setLoad({ state: 'failed', message: submissionProblem(failureFrom(error)).message }),
    );
  }, [formId]);
  if (load.state === 'loading') return <p aria-busy="true" className="form-loading" />;
  if (load.state === 'failed') {
    return (
      <p className="form-error" role="alert">
        {load.message}
      </p>
    );
  }
  return <FormView form={load.form} />;
}

export function FormView({ form }: { form: PublicForm }) {
  const [values, setValues] = useState<RawValues>(() => initialValues(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [focused, setFocused] = useState(false);
  const [done, setDone] = useState<{ message: string; html: string } | null>(null);
  const [compact, setCompact] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setCompact((ref.current?.clientWidth ?? COMPACT_BELOW_PX) < COMPACT_BELOW_PX);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // Focus anywhere in the form, from the DOM's bubbling focusin/focusout: the islands run on
    // Preact, whose onFocus/onBlur are the element's own (non-bubbling) focus and blur.
    const enter = () => setFocused(true);
    const leave = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setFocused(false);
    };
    element.addEventListener('focusin', enter);
    element.addEventListener('focusout', leave);
    return () => {
      element.removeEventListener('focusin', enter);
      element.removeEventListener('focusout', leave);
    };
  }, [done]);

  const change = (id: string, value: RawValue) => setValues((current) => ({ ...current, [id]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setLocked(true);
    setProblem(null);
    const outcome = await submitAnswers(form, values);
    if (!outcome.ok) {
      setErrors(outcome.fieldErrors ?? {});
      setProblem(outcome.message);
      setLocked(false);
      return;
    }
    setErrors({});
    // SPEC 4: the success event.
    window.dispatchEvent(new CustomEvent('sc:form-submitted', { detail: { formId: form.id, submissionId: outcome.saved.submissionId } }));
    track('Lead', { formId: form.id });
    if (outcome.saved.successRedirect) {
      location.assign(outcome.saved.successRedirect);
      return;
    }
    setDone({ message: outcome.saved.parsedSubmissionMessage, html: outcome.saved.submissionHTML });
  };

  if (done) {
    return (
      <div className="form-submission-text" role="status">
        {/* The owner's text, escaped and paragraphed by the forms service; the post-submit HTML is the owner's own. */}
        <div dangerouslySetInnerHTML={{ __html: done.message || '<p>Thank you!</p>' }} />
        {done.html && <div className="form-submission-html" dangerouslySetInnerHTML={{ __html: done.html }} />}
      </div>
    );
  }

  const invalid = Object.keys(errors).length > 0;
  return (
    <form
      ref={ref}
      className={`sc-form${locked ? ' is-submitting' : ''}`}
      noValidate
      aria-label={form.name}
      onSubmit={(event) => void onSubmit(event)}
    >
      {invalid && (
        <p className="form-problem above" role="alert">
          {FormMessages.problemScrollDown}
        </p>
      )}
      <FormFields fields={form.fields} values={values} errors={errors} onChange={change} />
      {form.parsedDisclaimerMessage && (
        <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: form.parsedDisclaimerMessage }} />
      )}
      {form.captchaEnabled && (
        <div
          className={`captcha-badge captcha-${form.captchaTheme} align-${form.captchaAlignment}${compact ? ' compact' : ''}`}
          // Hidden by visibility, not removed from the flow: the badge appearing as the submit
          // button takes focus must not move the button away from under the pointer mid-click.
          style={{ visibility: focused || locked ? 'visible' : 'hidden' }}
          aria-hidden={!focused && !locked}
          data-captcha="pow"
        >
          Protected by a proof-of-work check: no puzzle to solve.
        </div>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {invalid && <p className="form-problem below">{FormMessages.problemScrollUp}</p>}
      <button type="submit" className="sc-button form-submit" disabled={locked} aria-busy={locked}>
        {locked ? FormMessages.submitting : form.submitButtonText}
      </button>
    </form>
  );
}
