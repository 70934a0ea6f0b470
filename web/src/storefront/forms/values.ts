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

/** Fields whose saved value is a list of parts (SPEC 5 sanitizing) and whose raw value is parts by name. */
const PART_FIELDS = new Set(['name', 'address', 'date', 'time', 'phone']);

/**
 * Saved answers (the sanitized JSON a cart entry carries) back as raw values, so that a form opens
 * with them filled in: lists of parts become parts by name; unknown fields and bad JSON are left out.
 */
export function savedToRaw(fields: readonly FormField[], json: string): RawValues {
  let saved: unknown;
  try {
    saved = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
  const answers = saved as Record<string, unknown>;
  const raw: RawValues = {};
  for (const field of fields) {
    const value = answers[field.id];
    if (value === undefined || field.type === 'section' || field.type === 'hidden') continue;
    if (PART_FIELDS.has(field.type) && Array.isArray(value)) {
      const names = FIELD_PARTS[field.type as keyof typeof FIELD_PARTS];
      raw[field.id] = Object.fromEntries(names.map((name, index) => [name, String(value[index] ?? '')]));
    } else if (typeof value === 'string') {
      raw[field.id] = value;
    } else if (Array.isArray(value)) {
      raw[field.id] = value.map(String);
    } else if (typeof value === 'object' && value !== null) {
      raw[field.id] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
    }
  }
  return raw;
}
