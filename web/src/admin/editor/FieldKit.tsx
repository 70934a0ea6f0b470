// The inputs of the block settings forms: each reads one field of the block's data and hands the
// whole changed data on, with the field's name (typing into one field is one undo step).
import { Field } from '../ui.js';
import type { BlockData } from './model.js';

export type Change = (data: BlockData, field: string) => void;

export const str = (data: BlockData, key: string): string => (typeof data[key] === 'string' ? data[key] : '');
export const numOr = (data: BlockData, key: string, fallback: number): number => (typeof data[key] === 'number' ? data[key] : fallback);

export function TextField({
  data,
  name,
  label,
  onChange,
  hint,
  multiline,
  type = 'text',
}: {
  data: BlockData;
  name: string;
  label: string;
  onChange: Change;
  hint?: string;
  multiline?: boolean;
  type?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {multiline ? (
        <textarea rows={4} value={str(data, name)} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)} />
      ) : (
        <input type={type} value={str(data, name)} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)} />
      )}
    </Field>
  );
}

export function Choice({
  data,
  name,
  label,
  options,
  onChange,
  fallback,
}: {
  data: BlockData;
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: Change;
  fallback?: string;
}) {
  return (
    <Field label={label}>
      <select value={str(data, name) || fallback || ''} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function NumberField({
  data,
  name,
  label,
  onChange,
  min,
  max,
  step = 1,
  fallback,
}: {
  data: BlockData;
  name: string;
  label: string;
  onChange: Change;
  min: number;
  max: number;
  step?: number;
  fallback: number;
}) {
  return (
    <Field label={label}>
      <input
        type="number"
        min={min}
        max={max}
        step={step}
        value={numOr(data, name, fallback)}
        onChange={(e) => onChange({ ...data, [name]: e.target.value === '' ? fallback : Number(e.target.value) }, name)}
      />
    </Field>
  );
}

export const ALIGN = [
  ['left', 'Left'],
  ['center', 'Centre'],
  ['right', 'Right'],
] as const;

/** Rows of a list field (social links, accordion entries), each with its own inputs. */
export function ListField({
  data,
  name,
  label,
  columns,
  onChange,
  blank,
  max,
}: {
  data: BlockData;
  name: string;
  label: string;
  columns: ReadonlyArray<{ key: string; label: string; options?: readonly string[]; multiline?: boolean }>;
  onChange: Change;
  blank: Record<string, string>;
  max: number;
}) {
  const rows = (Array.isArray(data[name]) ? data[name] : []) as Array<Record<string, unknown>>;
  const set = (next: Array<Record<string, unknown>>) => onChange({ ...data, [name]: next }, name);
  return (
    <fieldset className="list-field">
      <legend>{label}</legend>
      {rows.map((row, index) => (
        <div className="list-row" key={index}>
          {columns.map((column) => {
            const value = typeof row[column.key] === 'string' ? (row[column.key] as string) : '';
            const setCell = (text: string) => set(rows.map((r, i) => (i === index ? { ...r, [column.key]: text } : r)));
            return (
              <Field key={column.key} label={`${column.label} ${index + 1}`}>
                {column.options ? (
                  <select value={value} onChange={(e) => setCell(e.target.value)}>
                    {column.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : column.multiline ? (
                  <textarea rows={2} value={value} onChange={(e) => setCell(e.target.value)} />
                ) : (
                  <input value={value} onChange={(e) => setCell(e.target.value)} />
                )}
              </Field>
            );
          })}
          <button type="button" onClick={() => set(rows.filter((_, i) => i !== index))}>
            Remove {index + 1}
          </button>
        </div>
      ))}
      <button type="button" disabled={rows.length >= max} onClick={() => set([...rows, { ...blank }])}>
        Add
      </button>
    </fieldset>
  );
}
