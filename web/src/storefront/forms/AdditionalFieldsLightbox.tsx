// The modal lightbox holding a product's additional-fields form (SPEC 2): opened once stock is
// verified; Escape closes it and focus stays inside while it is open. Its answers are checked
// like any form's (here, then the server's validate call) and go with the cart entry as JSON.
import { useEffect, useState, type FormEvent } from 'react';
import { CartMessages, FormMessages, type PublicForm } from '@sc/contracts';
import { call } from '../lib/http.js';
import { Modal } from '../lib/modal.js';
import { FormFields } from './FormFields.js';
import { validateAnswers } from './submit.js';
import { initialValues, type RawValue, type RawValues } from './values.js';
import { apiPath } from '../../api/client.js';
import { useLatest } from '../../lib/use-latest.js';

export interface LightboxProps {
  formId: string;
  /** The product's name, said with the form's. */
  title: string;
  /** Answers already given (the cart page edits them), read once the form is loaded. */
  answersFor?: (form: PublicForm) => RawValues;
  onCancel: () => void;
  /** The form could not be opened (SPEC 8 'Unable to open form'). */
  onFailed: (message: string) => void;
  /** The answers as the JSON string a cart entry carries. */
  onDone: (answers: string) => void;
}

export default function AdditionalFieldsLightbox({ formId, title, answersFor, onCancel, onFailed, onDone }: LightboxProps) {
  const [form, setForm] = useState<PublicForm | null>(null);
  const [values, setValues] = useState<RawValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Loaded once per opening (a new callback from the parent is no reason to load again).
  const answersForRef = useLatest(answersFor);
  const onFailedRef = useLatest(onFailed);
  useEffect(() => {
    call<PublicForm>('GET', apiPath('/rest/forms/{formId}', { formId })).then(
      (loaded) => {
        setForm(loaded);
        setValues({ ...initialValues(loaded), ...answersForRef.current?.(loaded) });
      },
      () => onFailedRef.current(CartMessages.unableToOpenForm),
    );
  }, [formId, answersForRef, onFailedRef]);

  if (!form) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const valid = await validateAnswers(form, values);
    setBusy(false);
    if (!valid.ok) {
      setErrors(valid.fieldErrors ?? {});
      setProblem(valid.message);
      return;
    }
    onDone(JSON.stringify(valid.values));
  };

  return (
    <Modal title={`${form.name}: ${title}`} className="sc-lightbox" onClose={onCancel}>
      <form className="sc-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {Object.keys(errors).length > 0 && (
          <p className="form-problem above" role="alert">
            {FormMessages.problemScrollDown}
          </p>
        )}
        <FormFields
          fields={form.fields}
          values={values}
          errors={errors}
          onChange={(id: string, value: RawValue) => setValues((v) => ({ ...v, [id]: value }))}
        />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="sc-modal-actions">
          <button type="button" className="sc-button secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="sc-button" disabled={busy}>
            {busy ? FormMessages.submitting : form.submitButtonText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
