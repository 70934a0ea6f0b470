// Products from a CSV file (the admin's import): one product per line, one variant each. The file
// is checked whole first: every bad line is listed with its line number and the reason, and
// nothing is imported unless every line is good and the owner confirms (dryRun false).
// Columns (header names, any order, case-insensitive): Title, SKU, Price (required); Sale price,
// Stock (empty: unlimited), Description, Type (physical, digital or service).
// Applying a file twice creates its products once: a line whose SKU a product of the same title
// already has is "already imported" and left as it is (a SKU of another product is a problem).
// The site export's products.csv has these columns, so it imports into another website.
import { parse } from 'csv-parse/sync';
import { ItemBody, ProductType, RecordType, toMinorUnits, type CurrencyCode, type ParsedItemBody } from '@sc/contracts';

export const IMPORT_MAX_ROWS = 2_000;
const TYPES: Record<string, number> = { physical: ProductType.PHYSICAL, digital: ProductType.DIGITAL, service: ProductType.SERVICE };
const REQUIRED = ['title', 'sku', 'price'] as const;
const KNOWN = new Set(['title', 'sku', 'price', 'sale price', 'stock', 'description', 'type']);

export interface ImportProblem {
  /** The line of the file (1 is the header). */
  line: number;
  reason: string;
}

export interface CheckedImport {
  products: Array<{ line: number; body: ParsedItemBody }>;
  /** Lines whose product the website has already (same SKU, same title): nothing to do. */
  unchanged: Array<{ line: number; title: string; sku: string }>;
  problems: ImportProblem[];
}

const NOT_UTF8 = 'The file is not UTF-8 text (it has characters that could not be read). Save it as "CSV UTF-8" and choose it again.';

function money(text: string, currency: CurrencyCode): { value: string; currency: CurrencyCode } | string {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return `"${text}" is not a price (write it as 12.50).`;
  try {
    return { value: toMinorUnits(text, currency).toString(), currency };
  } catch {
    return `"${text}" is not a price in ${currency}.`;
  }
}

/** Reads and checks a products CSV: the products ready to create, and every problem by line. */
export function checkProductCsv(csv: string, currency: CurrencyCode, existingSkus: ReadonlyMap<string, string>): CheckedImport {
  // A browser reads a Latin-1 or UTF-16 file as UTF-8 and puts U+FFFD where bytes made no sense.
  const unreadable = csv.indexOf('\uFFFD');
  if (unreadable >= 0)
    return { products: [], unchanged: [], problems: [{ line: csv.slice(0, unreadable).split('\n').length, reason: NOT_UTF8 }] };
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: false,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      products: [],
      unchanged: [],
      problems: [{ line, reason: `The file is not valid CSV: ${(error as Error).message.replace(/^Invalid Record Length: /, '')}` }],
    };
  }
  const header =
    csv
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0]
      ?.split(',')
      .map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase()) ?? [];
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0)
    return {
      products: [],
      unchanged: [],
      problems: [{ line: 1, reason: `The header must name the columns Title, SKU and Price (missing: ${missing.join(', ')}).` }],
    };
  const unknown = header.filter((column) => column !== '' && !KNOWN.has(column));
  if (unknown.length > 0)
    return {
      products: [],
      unchanged: [],
      problems: [
        {
          line: 1,
          reason: `Unknown columns: ${unknown.join(', ')}. The columns are Title, SKU, Price, Sale price, Stock, Description, Type.`,
        },
      ],
    };
  if (records.length === 0)
    return { products: [], unchanged: [], problems: [{ line: 1, reason: 'The file has no products below its header.' }] };
  if (records.length > IMPORT_MAX_ROWS)
    return {
      products: [],
      unchanged: [],
      problems: [{ line: IMPORT_MAX_ROWS + 2, reason: `At most ${IMPORT_MAX_ROWS} products per file.` }],
    };

  const products: CheckedImport['products'] = [];
  const unchanged: CheckedImport['unchanged'] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const reasons: string[] = [];
    const title = record.title ?? '';
    const sku = record.sku ?? '';
    if (title === '') reasons.push('Title is empty.');
    if (sku === '') reasons.push('SKU is empty.');
    else if (seen.has(sku)) reasons.push(`SKU ${sku} is also on line ${seen.get(sku)}.`);
    else if (existingSkus.has(sku) && existingSkus.get(sku) !== title)
      reasons.push(`SKU ${sku} is already used by a product of this website.`);
    if (sku !== '' && !seen.has(sku)) seen.set(sku, line);
    const price = money(record.price ?? '', currency);
    if (typeof price === 'string') reasons.push(`Price: ${price}`);
    const saleText = record['sale price'] ?? '';
    const sale = saleText === '' ? undefined : money(saleText, currency);
    if (typeof sale === 'string') reasons.push(`Sale price: ${sale}`);
    else if (sale && typeof price !== 'string' && BigInt(sale.value) >= BigInt(price.value))
      reasons.push('Sale price must be below the price.');
    const stockText = record.stock ?? '';
    if (stockText !== '' && !/^\d{1,7}$/.test(stockText))
      reasons.push(`Stock: "${stockText}" is not a whole number of 0 or more (leave it empty for unlimited).`);
    const typeText = (record.type ?? '').toLowerCase();
    const productType = typeText === '' ? ProductType.PHYSICAL : TYPES[typeText];
    if (productType === undefined) reasons.push(`Type: "${record.type}" is not physical, digital or service.`);
    if (reasons.length > 0 || typeof price === 'string' || typeof sale === 'string' || productType === undefined) {
      problems.push({ line, reason: reasons.join(' ') });
      continue;
    }
    if (existingSkus.has(sku)) {
      unchanged.push({ line, title, sku });
      continue;
    }
    const candidate = {
      recordType: RecordType.STORE_ITEM,
      title,
      body: record.description ? `<p>${escapeHtml(record.description)}</p>` : '',
      structuredContent: {
        productType,
        variants: [
          {
            sku,
            attributes: {},
            priceMoney: price,
            ...(sale ? { salePriceMoney: sale, onSale: true } : {}),
            qtyInStock: stockText === '' ? 0 : Number(stockText),
            unlimited: stockText === '',
          },
        ],
      },
    };
    const parsed = ItemBody.safeParse(candidate);
    if (!parsed.success) {
      problems.push({ line, reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      continue;
    }
    products.push({ line, body: parsed.data });
  }
  return { products, unchanged, problems };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
