// What an order line says besides its product: the options of the variant bought ('Size: M') and
// the buyer's answers to the product's additional-fields form, in one wording for every place that
// lists lines (confirmation, order page, receipt and shipping mails, the admin's orders, the CSVs).
// Pure, and free of schemas (the storefront's budget).

/** The part of an order line (OrderItem) the wording reads. */
export interface OrderLineOptions {
  /** The variant's option values at purchase, option name to value (absent on older orders). */
  options?: Readonly<Record<string, string>> | undefined;
  /** The additional-fields answers as the cart kept them: JSON of field to answer, else text. */
  additionalFields: string | null;
}

/** Longest answer text a line shows (a long free-text answer stays on the order itself). */
const ANSWERS_MAX = 200;

/** The answers of an additional-fields form, values only, in the order given. */
export function answersOf(fields: string | null): string {
  if (!fields) return '';
  try {
    const parsed = JSON.parse(fields) as unknown;
    if (parsed && typeof parsed === 'object') {
      return Object.values(parsed as Record<string, unknown>)
        .filter((v) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number')
        .join(', ')
        .slice(0, ANSWERS_MAX);
    }
  } catch {
    // Not JSON: shown as it is.
  }
  return fields.slice(0, ANSWERS_MAX);
}

/** 'Size: M', 'Colour: Olive' and then the answers: each a part of the line's details. */
export function lineDetailParts(line: OrderLineOptions): string[] {
  const parts = Object.entries(line.options ?? {}).map(([name, value]) => (name ? `${name}: ${value}` : value));
  const answers = answersOf(line.additionalFields);
  if (answers) parts.push(answers);
  return parts;
}

/** The details in one line, 'Colour: Olive, Size: Large' ('' without any). */
export const lineDetails = (line: OrderLineOptions): string => lineDetailParts(line).join(', ');

/** The product name with its details in parentheses: 'Linen Apron (Size: M)'. */
export function lineTitle(line: OrderLineOptions & { productName: string }): string {
  const details = lineDetails(line);
  return details ? `${line.productName} (${details})` : line.productName;
}
