// The visitor-side form fields made of several inputs: radio buttons and checkboxes, the likert
// scale, and the multi-part name, address, date, time and phone.
import { LIKERT_ANSWERS, Labels, fieldPartLabel, likertLabel, type FormField } from '@sc/contracts';
import { Description, FieldShell, Title } from './FieldShell.js';
import type { RawValue } from './values.js';

export type Change = (id: string, value: RawValue) => void;

/** What every group field gets: its field, the ids made for it, its error and its change. */
interface GroupProps<T extends FormField['type']> {
  field: Extract<FormField, { type: T }>;
  id: string;
  descId: string;
  error: string | undefined;
  onChange: Change;
}

const PART_ORDER: Record<string, string[]> = {
  name: ['first', 'last'],
  address: ['address1', 'address2', 'city', 'state', 'zip', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'second', 'ampm'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
};

export function ChoiceField({
  field,
  id,
  descId,
  error,
  onChange,
  text,
  list,
}: GroupProps<'radio' | 'checkbox'> & { text: string; list: string[] }) {
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
              onChange(
                field.id,
                field.type === 'radio' ? option : event.target.checked ? [...list, option] : list.filter((v) => v !== option),
              )
            }
          />{' '}
          {option}
        </label>
      ))}
    </FieldShell>
  );
}

export function LikertField({ field, id, descId, error, onChange, parts }: GroupProps<'likert'> & { parts: Record<string, string> }) {
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
}

export function PartsField({
  field,
  descId,
  error,
  onChange,
  parts,
}: Omit<GroupProps<'name' | 'address' | 'date' | 'time' | 'phone'>, 'id'> & { parts: Record<string, string> }) {
  const names = (PART_ORDER[field.type] ?? []).filter((name) => field.type !== 'phone' || name !== 'country' || field.showCountryCode);
  return (
    <FieldShell field={field} error={error} group>
      <Title field={field} as="legend" />
      <Description field={field} id={descId} />
      <div className={`field-parts parts-${field.type}`}>
        {names.map((name) => (
          <label key={name} className={`field-part part-${name}`}>
            <span className="part-label">{fieldPartLabel(field.type, name)}</span>
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
