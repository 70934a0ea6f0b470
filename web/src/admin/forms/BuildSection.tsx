// The form builder's Build section: the form's name, its fields (each editable, movable and
// removable), adding a field of a type, and the submit button's text.
import { FormFieldType, type FormField, type FormSettings } from '@sc/contracts';
import { Field } from '../ui.js';
import { move } from '../store/variants.js';
import { FieldEditor } from './FieldEditor.js';
import { FIELD_TYPE_LABELS, newField } from './field-types.js';

export function BuildSection({
  settings,
  editable,
  onChange,
  newType,
  onNewType,
  nameError,
}: {
  settings: FormSettings;
  editable: boolean;
  onChange: (settings: FormSettings) => void;
  /** The type of the next field added (kept while other sections are shown). */
  newType: FormFieldType;
  onNewType: (type: FormFieldType) => void;
  /** The form's message about the name, if it refused it. */
  nameError?: string | undefined;
}) {
  const fields = settings.build.fields;
  const setFields = (next: FormField[]) => onChange({ ...settings, build: { ...settings.build, fields: next } });
  return (
    <>
      <Field label="Form name" error={nameError}>
        <input
          value={settings.name}
          aria-invalid={nameError ? true : undefined}
          onChange={(e) => onChange({ ...settings, name: e.target.value })}
        />
      </Field>
      <ol className="fields">
        {fields.map((field, index) => (
          <li key={field.id}>
            <FieldEditor field={field} onChange={(next) => setFields(fields.map((f, i) => (i === index ? next : f)))} />
            {editable ? (
              <span className="buttons">
                <button
                  type="button"
                  aria-label={`Move ${field.title || field.id} up`}
                  disabled={index === 0}
                  onClick={() => setFields(move(fields, index, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${field.title || field.id} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => setFields(move(fields, index, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${field.title || field.id}`}
                  onClick={() => setFields(fields.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="row">
        <Field label="Field type">
          <select value={newType} onChange={(e) => onNewType(e.target.value as FormFieldType)}>
            {FormFieldType.options.map((type) => (
              <option key={type} value={type}>
                {FIELD_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="button"
          onClick={() =>
            setFields([
              ...fields,
              newField(
                newType,
                fields.map((f) => f.id),
              ),
            ])
          }
        >
          Add field
        </button>
      </div>
      <Field label="Submit button text">
        <input
          value={settings.build.submitButtonText}
          maxLength={100}
          onChange={(e) => onChange({ ...settings, build: { ...settings.build, submitButtonText: e.target.value } })}
        />
      </Field>
    </>
  );
}
