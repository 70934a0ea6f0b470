// The visitor's side of every form field type (SPEC 3): single values, textarea with its
// 'count / max' counter, select, radio, checkbox, likert, the multi-part name, address, date, time
// and phone, section and hidden. An error shows above the field's title.
import { useId } from 'react';
import { Labels, type FormField } from '@sc/contracts';
import { Counter, Description, FieldShell, Title } from './FieldShell.js';
import { ChoiceField, LikertField, PartsField, type Change } from './GroupFields.js';
import type { RawValue, RawValues } from './values.js';

export function FormFieldView({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: RawValue | undefined;
  error?: string | undefined;
  onChange: Change;
}) {
  const id = useId();
  const descId = `${id}-desc`;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const parts = typeof value === 'object' && !Array.isArray(value) ? value : {};
  const required = 'required' in field && field.required;
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': 'description' in field && field.description ? descId : undefined,
    'aria-required': required || undefined,
  } as const;

  switch (field.type) {
    case 'hidden':
      return null;
    case 'section':
      return (
        <div className={`form-item section${field.underline ? ' underline' : ''}`} data-field-id={field.id}>
          <h3 className="title">{field.title}</h3>
          {field.description && <p className="description">{field.description}</p>}
        </div>
      );
    case 'text':
    case 'email':
    case 'number':
    case 'website':
    case 'password':
    case 'twitter': {
      const type = field.type === 'website' ? 'url' : field.type === 'twitter' ? 'text' : field.type;
      return (
        <FieldShell field={field} error={error} group={false}>
          <Title field={field} htmlFor={id} />
          <Description field={field} id={descId} />
          <input
            id={id}
            name={field.id}
            type={type}
            value={text}
            placeholder={'placeholder' in field ? field.placeholder : undefined}
            autoComplete={field.type === 'email' ? 'email' : field.type === 'password' ? 'new-password' : undefined}
            onChange={(event) => onChange(field.id, event.target.value)}
            {...common}
          />
        </FieldShell>
      );
    }
    case 'currency':
      return (
        <FieldShell field={field} error={error} group={false}>
          <Title field={field} htmlFor={id} />
          <Description field={field} id={descId} />
          <span className="currency-input">
            <span className="currency-symbol" aria-hidden="true">
              {field.currencySymbol}
            </span>
            <input
              id={id}
              name={field.id}
              inputMode="decimal"
              value={text}
              onChange={(event) => onChange(field.id, event.target.value)}
              {...common}
            />
          </span>
        </FieldShell>
      );
    case 'textarea':
      return (
        <FieldShell field={field} error={error} group={false}>
          <Title field={field} htmlFor={id} />
          <Description field={field} id={descId} />
          <textarea
            id={id}
            name={field.id}
            value={text}
            placeholder={field.placeholder}
            onChange={(event) => onChange(field.id, event.target.value)}
            {...common}
            aria-describedby={
              [common['aria-describedby'], field.maxLength !== null ? `${id}-count` : undefined].filter(Boolean).join(' ') || undefined
            }
          />
          {field.maxLength !== null && <Counter id={`${id}-count`} count={text.length} max={field.maxLength} />}
        </FieldShell>
      );
    case 'select':
      return (
        <FieldShell field={field} error={error} group={false}>
          <Title field={field} htmlFor={id} />
          <Description field={field} id={descId} />
          <select id={id} name={field.id} value={text} onChange={(event) => onChange(field.id, event.target.value)} {...common}>
            <option value="">{Labels.selectValue}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </FieldShell>
      );
    case 'radio':
    case 'checkbox':
      return <ChoiceField field={field} id={id} descId={descId} error={error} onChange={onChange} text={text} list={list} />;
    case 'likert':
      return <LikertField field={field} id={id} descId={descId} error={error} onChange={onChange} parts={parts} />;
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone':
      return <PartsField field={field} descId={descId} error={error} onChange={onChange} parts={parts} />;
  }
}

/** Every field of a form, in order. */
export function FormFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FormField[];
  values: RawValues;
  errors: Record<string, string>;
  onChange: Change;
}) {
  return (
    <>
      {fields.map((field) => (
        <FormFieldView key={field.id} field={field} value={values[field.id]} error={errors[field.id]} onChange={onChange} />
      ))}
    </>
  );
}
