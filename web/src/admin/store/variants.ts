// Pure helpers of the product editor: options and their values become one variant per
// combination; editing the options keeps what was typed for combinations that remain.

export interface OptionDraft {
  name: string;
  values: string[];
}

export interface VariantDraft {
  /** Kept from the stored variant so carts keep pointing at it. */
  id?: string;
  sku: string;
  /** '' when it has none. */
  gtin: string;
  attributes: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  qtyInStock: string;
  unlimited: boolean;
  /** Shipping weight in grams as typed ('' when none: weighs nothing for weight-based rates). */
  weight: string;
}

/** The key of a combination, independent of option order. */
export const comboKey = (attributes: Record<string, string>): string =>
  Object.keys(attributes)
    .sort()
    .map((name) => `${name}=${attributes[name] ?? ''}`)
    .join('|');

/** Every combination of the options' values, in option order (one empty combination without options). */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  const usable = options.filter((o) => o.name.trim() !== '' && o.values.length > 0);
  let combos: Record<string, string>[] = [{}];
  for (const option of usable) {
    const next: Record<string, string>[] = [];
    for (const combo of combos) for (const value of option.values) next.push({ ...combo, [option.name.trim()]: value });
    combos = next;
  }
  return combos;
}

const skuPart = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 12);

/** The variants for the current options: existing ones kept by combination, new ones from `base`. */
export function syncVariants(options: readonly OptionDraft[], current: readonly VariantDraft[], skuBase: string): VariantDraft[] {
  const byKey = new Map(current.map((v) => [comboKey(v.attributes), v]));
  const template = current[0];
  return combinations(options).map((attributes) => {
    const existing = byKey.get(comboKey(attributes));
    if (existing) return { ...existing, attributes };
    const suffix = Object.values(attributes).map(skuPart).filter(Boolean).join('-');
    return {
      sku: [skuPart(skuBase) || 'SKU', suffix].filter(Boolean).join('-'),
      gtin: '',
      attributes,
      price: template?.price ?? '',
      salePrice: '',
      onSale: false,
      qtyInStock: '0',
      unlimited: false,
      weight: template?.weight ?? '',
    };
  });
}

/** Moves element `index` by `by` places (no-op at the ends). */
export function move<T>(list: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
