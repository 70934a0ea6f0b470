// A form's answers while the visitor types them (raw, per field type), and the step from raw to
// what the SPEC 5 sanitizing and validation of the contracts read, so that the island and the
// forms service judge a form by the same rules. Pure.
import { FIELD_PARTS, checkForm, type FieldValue, type FormField, type PublicForm } from '@sc/contracts';

/** Raw answers: text, checked values, parts by name, or a likert map (statement → answer). */
export type RawValue = string | string[] | Record<string, string>;
export type RawValues = Record<string, RawValue>;

/** The query of the page, which hidden fields take their value from (SPEC 5). */
export function pageQuery(search: string = location.search): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] ??= value;
  return out;
}

/** The input a field starts with. */
export function initialValue(field: FormField): RawValue | undefined {
  switch (field.type) {
    case 'section':
      return undefined;
    case 'hidden':
      return field.value;
    case 'checkbox':
      return [];
    case 'likert':
      return {};
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone':
      return {};
    case 'text':
    case 'textarea':
    case 'email':
    case 'number':
    case 'website':
    case 'currency':
    case 'password':
    case 'twitter':
    case 'radio':
    case 'select':
      return '';
  }
}

export function initialValues(form: Pick<PublicForm, 'fields'>): RawValues {
  const values: RawValues = {};
  for (const field of form.fields) {
    const value = initialValue(field);
    if (value !== undefined) values[field.id] = value;
  }
  return values;
}

/** The input the contracts' sanitizing reads: a phone without a country part goes as 3 parts. */
export function toInput(fields: readonly FormField[], raw: RawValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.id];
    if (value === undefined) continue;
    if (field.type === 'phone' && typeof value === 'object' && !Array.isArray(value)) {
      const parts = FIELD_PARTS.phone.map((name) => value[name] ?? '');
      input[field.id] = field.showCountryCode ? parts : parts.slice(1);
      continue;
    }
    input[field.id] = value;
  }
  return input;
}

export interface Checked {
  values: Record<string, FieldValue>;
  errors: Record<string, string>;
}

/** SPEC 5 client validation: sanitized values and the message of each invalid field. */
export function checkAnswers(fields: readonly FormField[], raw: RawValues, query: Record<string, string> = pageQuery()): Checked {
  const checked = checkForm(fields, toInput(fields, raw), query);
  return { values: checked.values, errors: checked.errors };
}
