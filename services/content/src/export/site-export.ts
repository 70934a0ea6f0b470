// An owner's export of their website, as one zip streamed to the browser: site.json (the content
// service's rows of this website: settings, domains, collections, categories, navigation, header
// and footer, commerce preferences, member areas, and every item: pages, posts, events, products),
// products.csv (one line per variant in the columns the product import reads, so the file can be
// imported into another website), media/ (the uploaded originals the content refers to) and
// README.txt. Memory stays flat: items are read a page at a time and each entry is made when the
// zip reaches it. People's data (comments, likes, member grants and subscriptions) is not in it;
// orders, customers and submissions have their own exports in the services that own them.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { ProductType, RecordType, fromMinorUnits, isCurrencyCode, type CurrencyCode } from '@sc/contracts';
import { csvStream, keysetPages, type CsvCell } from '@sc/platform';
import type { AssetStorage } from '../assets/asset-storage.types.js';
import type { Db } from '../shared/db.js';
import { exportedWebsite, itemsAfter, rowsOfWebsite, type ExportedTable } from './export.repository.js';
import type { ItemRow } from '../tables.js';

export const SITE_EXPORT_FORMAT = 'sitebuilder-site-export';
const PAGE = 200;
/** The most media files one export carries (a website's uploads; far above any real site's). */
export const EXPORT_MAX_MEDIA = 20_000;

const TYPE_NAMES: Record<number, string> = {
  [ProductType.PHYSICAL]: 'physical',
  [ProductType.DIGITAL]: 'digital',
  [ProductType.SERVICE]: 'service',
};

const README = (websiteId: string, exportedAt: string) =>
  [
    `Export of website ${websiteId}, made ${exportedAt}.`,
    '',
    "site.json      the website's content: settings, collections, categories, navigation, header and",
    '               footer, commerce preferences, member areas, and every page, post, event and product',
    '               ("items"), as stored.',
    'products.csv   one line per product variant: Title, SKU, Price, Sale price, Stock, Description, Type.',
    '               The store\'s "Import products from CSV" reads this file. Stock is as set on the product;',
    "               live stock is in the store's inventory export.",
    'media/         the uploaded images the content refers to, as uploaded.',
    '',
    'Orders, customers and inventory: Store > Orders / Customers / Inventory, "Export (CSV)".',
    'Form submissions: Forms > a form > Submissions, "Export CSV".',
    '',
  ].join('\r\n');

/** The media keys ('site/file.ext') of this website that a JSON text refers to. */
function mediaKeysIn(text: string, websiteId: string, into: Set<string>): void {
  const pattern = /\/assets\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64}\.(?:jpg|png|gif|webp))\b/g;
  for (const match of text.matchAll(pattern))
    if (match[1] === websiteId && into.size < EXPORT_MAX_MEDIA) into.add(`${match[1]}/${match[2]}`);
}

const htmlToText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(
      /&(amp|lt|gt|quot|apos|nbsp);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[name] ?? '',
    )
    .replace(/\n{2,}/g, '\n')
    .trim();

async function* itemRows(db: Db, websiteId: string, recordType?: number): AsyncGenerator<ItemRow> {
  yield* keysetPages(
    async (after: string | undefined) => itemsAfter(db, websiteId, recordType, after, PAGE),
    (row) => row.id,
    PAGE,
  );
}

/** site.json as text chunks; the media it refers to are added to `media` on the way. */
async function* siteJson(db: Db, websiteId: string, exportedAt: string, media: Set<string>): AsyncGenerator<string> {
  const website = await exportedWebsite(db, websiteId);
  const byWebsite = (table: ExportedTable) => rowsOfWebsite(db, table, websiteId);
  const head: Record<string, unknown> = {
    format: SITE_EXPORT_FORMAT,
    version: 1,
    exportedAt,
    website,
    domains: (await byWebsite('website_domains')).map((d) => d.domain),
    collections: await byWebsite('collections'),
    categories: await byWebsite('categories'),
    navigations: await byWebsite('navigations'),
    siteDocuments: await byWebsite('site_documents'),
    commercePreferences: await byWebsite('commerce_preferences'),
    memberAreas: await byWebsite('member_areas'),
    memberAreaCollections: await byWebsite('member_area_collections'),
  };
  const opening = JSON.stringify(head, null, 1);
  mediaKeysIn(opening, websiteId, media);
  yield `${opening.slice(0, -2)},\n "items": [`;
  let first = true;
  for await (const row of itemRows(db, websiteId)) {
    const text = JSON.stringify(row);
    mediaKeysIn(text, websiteId, media);
    yield `${first ? '\n  ' : ',\n  '}${text}`;
    first = false;
  }
  yield '\n ]\n}\n';
}

interface StoredVariant {
  sku?: string;
  priceMoney?: { value?: string; currency?: string };
  salePriceMoney?: { value?: string; currency?: string };
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
}

function decimal(money: { value?: string; currency?: string } | undefined, fallback: CurrencyCode): string {
  if (!money?.value || !/^\d+$/.test(money.value)) return '';
  const currency = money.currency && isCurrencyCode(money.currency) ? money.currency : fallback;
  return fromMinorUnits(BigInt(money.value), currency);
}

/** products.csv: the import's columns, one line per variant. */
async function* productRows(db: Db, websiteId: string, currency: CurrencyCode): AsyncGenerator<CsvCell[]> {
  yield ['Title', 'SKU', 'Price', 'Sale price', 'Stock', 'Description', 'Type'];
  for await (const row of itemRows(db, websiteId, RecordType.STORE_ITEM)) {
    const data = (row.data ?? {}) as { body?: string; structuredContent?: { productType?: number; variants?: StoredVariant[] } };
    const type = TYPE_NAMES[data.structuredContent?.productType ?? ProductType.PHYSICAL] ?? '';
    for (const variant of data.structuredContent?.variants ?? []) {
      yield [
        row.title,
        variant.sku ?? '',
        decimal(variant.priceMoney, currency),
        variant.onSale ? decimal(variant.salePriceMoney, currency) : '',
        variant.unlimited ? '' : (variant.qtyInStock ?? 0),
        htmlToText(typeof data.body === 'string' ? data.body : ''),
        type,
      ];
    }
  }
}

export interface SiteExportSource {
  db: Db;
  storage: AssetStorage;
  websiteId: string;
  currency: CurrencyCode;
  /** Told when an entry fails after the answer began (the zip is then cut short). */
  onError: (error: unknown) => void;
}

/** The export as a zip stream. */
export function siteExport({ db, storage, websiteId, currency, onError }: SiteExportSource): Readable {
  const zip = new yazl.ZipFile();
  const exportedAt = new Date().toISOString();
  const media = new Set<string>();
  const fail = (error: unknown) => {
    onError(error);
    (zip.outputStream as Readable).destroy(error as Error);
  };
  zip.addBuffer(Buffer.from(README(websiteId, exportedAt)), 'README.txt');
  const json = Readable.from(siteJson(db, websiteId, exportedAt, media));
  // When site.json is complete the media it refers to is known: those files close the zip.
  json.once('end', () => {
    for (const key of [...media].sort()) {
      zip.addReadStreamLazy(`media/${key.slice(key.indexOf('/') + 1)}`, (callback) => {
        storage.get(key).then(
          (file) => callback(null, file ? file.stream : Readable.from([])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
    zip.end();
  });
  json.once('error', fail);
  zip.addReadStream(json, 'site.json');
  zip.addReadStreamLazy('products.csv', (callback) => {
    const csv = csvStream(productRows(db, websiteId, currency));
    csv.once('error', fail);
    callback(null, csv);
  });
  zip.on('error', fail);
  return zip.outputStream as Readable;
}
