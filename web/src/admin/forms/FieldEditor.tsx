// One field of the form builder with its editable properties (SPEC 3 "Editable properties per type").
import { FIELD_PROPERTIES, type FormField } from '@sc/contracts';
import { lines } from '../forms-kit.js';
import { Check, Field } from '../ui.js';
import { FIELD_TYPE_LABELS } from './field-types.js';

/** One field's editable properties (SPEC 3), by type. */
export function FieldEditor({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const properties = FIELD_PROPERTIES[field.type];
  const has = (name: string) => properties.includes(name);
  const set = (change: Record<string, unknown>) => onChange({ ...field, ...change });
  const label = field.title || field.id;
  return (
    <fieldset className="field-editor" aria-label={`Field ${label}`}>
      <legend>
        {FIELD_TYPE_LABELS[field.type]}: {label}
      </legend>
      <div className="row">
        <Field label="Label">
          <input value={field.title} onChange={(e) => set({ title: e.target.value })} />
        </Field>
        {'description' in field && has('description') ? (
          <Field label="Description">
            <input value={field.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
        ) : null}
        {'placeholder' in field && has('placeholder') ? (
          <Field label="Placeholder">
            <input value={field.placeholder} onChange={(e) => set({ placeholder: e.target.value })} />
          </Field>
        ) : null}
        {field.type === 'textarea' ? (
          <Field label="Maximum length">
            <input
              type="number"
              min={1}
              value={field.maxLength ?? ''}
              onChange={(e) => set({ maxLength: e.target.value ? Number(e.target.value) : null })}
              style={{ width: '6rem' }}
            />
          </Field>
        ) : null}
        {field.type === 'currency' ? (
          <Field label="Currency symbol">
            <input value={field.currencySymbol} maxLength={8} onChange={(e) => set({ currencySymbol: e.target.value })} size={4} />
          </Field>
        ) : null}
        {field.type === 'hidden' ? (
          <>
            <Field label="Key">
              <input value={field.key} onChange={(e) => set({ key: e.target.value })} />
            </Field>
            <Field label="Value">
              <input value={field.value} onChange={(e) => set({ value: e.target.value })} />
            </Field>
          </>
        ) : null}
      </div>
      {'options' in field ? (
        <Field label={field.type === 'likert' ? 'Statements' : 'Options'} hint="One per line">
          <textarea rows={3} defaultValue={field.options.join('\n')} onBlur={(e) => set({ options: lines(e.target.value) })} />
        </Field>
      ) : null}
      {field.type === 'phone' ? (
        <Check label="Show country code" checked={field.showCountryCode} onChange={(v) => set({ showCountryCode: v })} />
      ) : null}
      {field.type === 'section' ? <Check label="Underline" checked={field.underline} onChange={(v) => set({ underline: v })} /> : null}
      {'required' in field ? <Check label="Required" checked={field.required} onChange={(v) => set({ required: v })} /> : null}
    </fieldset>
  );
}
