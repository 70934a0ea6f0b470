// The visitor's side of every form field type (SPEC 3): single values, textarea with its
// 'count / max' counter, select, radio, checkbox, likert, the multi-part name, address, date, time
// and phone, section and hidden. An error shows above the field's title.
import { useId, type ReactNode } from 'react';
import { FormMessages, LIKERT_ANSWERS, Labels, formatMessage, likertLabel, type FormField } from '@sc/contracts';
import type { RawValue, RawValues } from './values.js';

type Change = (id: string, value: RawValue) => void;

const PART_LABELS: Record<string, Record<string, string>> = {
  name: { first: 'First Name', last: 'Last Name' },
  address: { address1: 'Address 1', address2: 'Address 2', city: 'City', state: 'State', zip: 'ZIP Code', country: 'Country' },
  date: { month: 'Month', day: 'Day', year: 'Year' },
  time: { hour: 'Hour', minute: 'Minute', second: 'Second', ampm: 'AM/PM' },
  phone: { country: 'Country', areaCode: 'Area code', prefix: 'Prefix', line: 'Line' },
};
const PART_ORDER: Record<string, string[]> = {
  name: ['first', 'last'],
  address: ['address1', 'address2', 'city', 'state', 'zip', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'second', 'ampm'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
};

/** SPEC 2: a textarea with a maximum length shows 'count / max'; over the maximum it is flagged (SPEC 5). */
export function Counter({ count, max, id }: { count: number; max: number; id: string }) {
  return (
    <span id={id} className={`form-counter${count > max ? ' error' : ''}`} aria-live="polite" data-over={count > max}>
      {formatMessage(FormMessages.characterCounter, { count, max })}
    </span>
  );
}

function Title({ field, htmlFor, as = 'label' }: { field: FormField; htmlFor?: string; as?: 'label' | 'legend' }) {
  const required = 'required' in field && field.required;
  const content = (
    <>
      {field.title || field.id}
      {required && <span className="required" aria-hidden="true"> *</span>}
    </>
  );
  return as === 'legend' ? (
    <legend className="title">{content}</legend>
  ) : (
    <label className="title" htmlFor={htmlFor}>
      {content}
    </label>
  );
}

function Description({ field, id }: { field: FormField; id: string }) {
  return 'description' in field && field.description ? (
    <p className="description" id={id}>
      {field.description}
    </p>
  ) : null;
}

function FieldShell({ field, error, children, group }: { field: FormField; error?: string | undefined; children: ReactNode; group: boolean }) {
  const className = `form-item field ${field.type}${error ? ' error' : ''}${'required' in field && field.required ? ' required' : ''}`;
  const message = error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
  return group ? (
    <fieldset className={className} data-field-id={field.id} aria-invalid={error ? true : undefined}>
      {message}
      {children}
    </fieldset>
  ) : (
    <div className={className} data-field-id={field.id}>
      {message}
      {children}
    </div>
  );
}

export function FormFieldView({ field, value, error, onChange }: { field: FormField; value: RawValue | undefined; error?: string | undefined; onChange: Change }) {
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
            <input id={id} name={field.id} inputMode="decimal" value={text} onChange={(event) => onChange(field.id, event.target.value)} {...common} />
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
            aria-describedby={[common['aria-describedby'], field.maxLength !== null ? `${id}-count` : undefined].filter(Boolean).join(' ') || undefined}
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
      return (
        <FieldShell field={field} error={error} group>
          <Title field={field} as="legend" />
          <Description field={field} id={descId} />
          {field.options.map((option) => (
            <label key={option} className="option">
              <input
                type={field.type}
                name={field.type === 'radio' ? `${id}-${field.id}` : field.id}
                value={option}
                checked={field.type === 'radio' ? text === option : list.includes(option)}
                onChange={(event) =>
                  onChange(field.id, field.type === 'radio' ? option : event.target.checked ? [...list, option] : list.filter((v) => v !== option))
                }
              />{' '}
              {option}
            </label>
          ))}
        </FieldShell>
      );
    case 'likert':
      return (
        <FieldShell field={field} error={error} group>
          <Title field={field} as="legend" />
          <Description field={field} id={descId} />
          {field.options.map((statement, row) => (
            <div key={statement} className="likert-question" role="radiogroup" aria-label={statement}>
              <span className="likert-statement">{statement}</span>
              {LIKERT_ANSWERS.map((answer) => (
                <label key={answer} className="likert-answer">
                  <input
                    type="radio"
                    name={`${id}-${row}`}
                    value={String(answer)}
                    checked={parts[statement] === String(answer)}
                    onChange={() => onChange(field.id, { ...parts, [statement]: String(answer) })}
                  />{' '}
                  {likertLabel(answer)}
                </label>
              ))}
            </div>
          ))}
        </FieldShell>
      );
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      const names = (PART_ORDER[field.type] ?? []).filter((name) => field.type !== 'phone' || name !== 'country' || field.showCountryCode);
      return (
        <FieldShell field={field} error={error} group>
          <Title field={field} as="legend" />
          <Description field={field} id={descId} />
          <div className={`field-parts parts-${field.type}`}>
            {names.map((name) => (
              <label key={name} className={`field-part part-${name}`}>
                <span className="part-label">{PART_LABELS[field.type]?.[name] ?? name}</span>
                {name === 'ampm' ? (
                  <select value={parts[name] ?? ''} onChange={(event) => onChange(field.id, { ...parts, [name]: event.target.value })}>
                    <option value="">{Labels.selectValue}</option>
                    <option value="AM">AM</option>
                    <option value="PM">PM</option>
                  </select>
                ) : (
                  <input
                    name={`${field.id}-${name}`}
                    value={parts[name] ?? ''}
                    inputMode={field.type === 'date' || field.type === 'time' || field.type === 'phone' ? 'numeric' : undefined}
                    onChange={(event) => onChange(field.id, { ...parts, [name]: event.target.value })}
                    aria-invalid={error ? true : undefined}
                  />
                )}
              </label>
            ))}
          </div>
        </FieldShell>
      );
    }
  }
}

/** Every field of a form, in order. */
export function FormFields({ fields, values, errors, onChange }: { fields: readonly FormField[]; values: RawValues; errors: Record<string, string>; onChange: Change }) {
  return (
    <>
      {fields.map((field) => (
        <FormFieldView key={field.id} field={field} value={values[field.id]} error={errors[field.id]} onChange={onChange} />
      ))}
    </>
  );
}
