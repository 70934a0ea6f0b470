// CSV export of submissions: one column per input field (its title), lists joined, likert
// answers labelled. Cells that a spreadsheet would run as a formula are quoted with a leading
// apostrophe (CSV injection).
import { Labels, likertLabel, type FieldValue, type FormField, type FormSubmission } from '@sc/contracts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed, formula-looking text neutralised. */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The text of one answer in the export; SPEC 9 'N/A' for an unanswered field. */
export function answerText(field: FormField, value: FieldValue | undefined): string {
  if (value === undefined) return Labels.notAnswered;
  if (typeof value === 'string') return value === '' ? Labels.notAnswered : value;
  if (Array.isArray(value)) {
    const parts = value.filter((v) => v.trim() !== '');
    return parts.length === 0 ? Labels.notAnswered : parts.join(field.type === 'checkbox' ? ', ' : ' ');
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return Labels.notAnswered;
  return entries.map(([statement, answer]) => `${statement}: ${likertLabel(Number(answer)) ?? answer}`).join('; ');
}

export const inputFields = (fields: readonly FormField[]): FormField[] => fields.filter((f) => f.type !== 'section');

/** The header line of a form's export. */
export function csvHeader(fields: readonly FormField[]): string {
  return [...['Submitted On', 'Page'], ...inputFields(fields).map((f) => f.title || f.id)].map(csvCell).join(',');
}

/** One line of the export. */
export function csvRow(fields: readonly FormField[], submission: FormSubmission): string {
  const cells = [
    submission.createdAt,
    submission.pagePath ?? '',
    ...inputFields(fields).map((f) => answerText(f, submission.values[f.id])),
  ];
  return cells.map(csvCell).join(',');
}
