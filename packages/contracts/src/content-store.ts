// SPEC 3 / SPEC 5 "Store collection creation": from the owner's input to the two calls the SPEC
// makes (the products collection, then its root category) and the navigation entry. Shared by the
// content service (which runs the whole creation in one transaction) and the admin app.
import { z } from 'zod';
import { formatMessage, OwnerMessages } from './messages.js';

/** SPEC 5: a title shorter than this falls back to the fallback title. */
export const MIN_STORE_TITLE_LENGTH = 3;
/** URL ids: lower-case words joined by single dashes. */
export const URL_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_URL_ID_LENGTH = 200;

/** A URL id derived from a title: lower case, accents dropped, runs of other characters as one dash. */
export function urlIdFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_URL_ID_LENGTH)
    .replace(/-+$/g, '');
}

/** SPEC 5: `base`, or base-1, base-2, ... — the first not among the taken ids (leading slashes ignored). */
export function uniqueUrlId(base: string, taken: Iterable<string>): string {
  const used = new Set<string>();
  for (const url of taken) used.add(url.replace(/^\/+/, '').toLowerCase());
  if (!used.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A URL id typed by an owner; SPEC 5 '{val} is not a valid page URL' when it is not one. */
export const UrlId = z.string().refine((value) => value.length <= MAX_URL_ID_LENGTH && URL_ID_PATTERN.test(value), {
  error: (issue) => formatMessage(OwnerMessages.invalidPageUrl, { val: String(issue.input) }),
});

/** SPEC 3 "Store collection creation" input. */
export const StoreCollectionInput = z
  .object({
    storeTitle: z.string().max(200),
    addToMainNav: z.boolean(),
    fallbackStoreTitle: z.string().trim().min(MIN_STORE_TITLE_LENGTH).max(200),
    allCategoryDisplayName: z.string().trim().min(1).max(25),
    websiteId: z.string().min(1).max(64),
    templateId: z.string().min(1).max(64),
    isSevenOne: z.boolean(),
    storeUrls: z.array(z.string().max(MAX_URL_ID_LENGTH + 1)).max(10_000),
  })
  .strict();
export type StoreCollectionInput = z.infer<typeof StoreCollectionInput>;

/** SPEC 7 POST .../websites/{websiteId}/products body: the collection. */
export const CreateStoreCollectionBody = z
  .object({
    navigationTitle: z.string().trim().min(1).max(200),
    title: z.string().trim().min(1).max(200),
    urlId: UrlId,
    description: z.string().max(5_000).optional(),
    enabled: z.literal(true),
  })
  .strict();
export type CreateStoreCollectionBody = z.infer<typeof CreateStoreCollectionBody>;

export const CategoryType = { ROOT: 'ROOT', CATEGORY: 'CATEGORY' } as const;
export type CategoryType = (typeof CategoryType)[keyof typeof CategoryType];
export const CategoryTypeSchema = z.enum(CategoryType);

export const CategoryPageRendering = { LIST_VIEW: 'LIST_VIEW', GRID_VIEW: 'GRID_VIEW' } as const;
export type CategoryPageRendering = (typeof CategoryPageRendering)[keyof typeof CategoryPageRendering];
export const CategoryPageRenderingSchema = z.enum(CategoryPageRendering);

/** The root category of a new store (SPEC 3): everything but the collection id is fixed. */
export interface RootCategoryPlan {
  websiteId: string;
  displayName: string;
  parentCategoryId: '';
  type: 'ROOT';
  pageRendering: 'LIST_VIEW';
  displayIndex: 1;
}

export interface StoreCollectionPlan {
  collection: CreateStoreCollectionBody;
  rootCategory: RootCategoryPlan;
  addToMainNav: boolean;
  templateId: string;
}

/** SPEC 5: the title used (fallback under 3 characters), its URL id made unique, the SPEC bodies. */
export function planStoreCollection(input: StoreCollectionInput): StoreCollectionPlan {
  const typed = input.storeTitle.trim();
  const title = typed.length < MIN_STORE_TITLE_LENGTH ? input.fallbackStoreTitle.trim() : typed;
  // A title of symbols only has no URL characters; the fallback title always has some.
  const base = urlIdFromTitle(title) || urlIdFromTitle(input.fallbackStoreTitle) || 'store';
  const urlId = uniqueUrlId(base, input.storeUrls);
  const collection: CreateStoreCollectionBody = {
    navigationTitle: title,
    title,
    urlId,
    ...(input.isSevenOne ? {} : { description: '' }),
    enabled: true,
  };
  return {
    collection,
    rootCategory: {
      websiteId: input.websiteId,
      displayName: input.allCategoryDisplayName.trim(),
      parentCategoryId: '',
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    },
    addToMainNav: input.addToMainNav,
    templateId: input.templateId,
  };
}

/** POST …/products/{collectionId}/import: a CSV file of products, checked only (the default) or imported. */
export const ProductImportBody = z.object({ csv: z.string().min(1).max(900_000), dryRun: z.boolean().default(true) }).strict();
const ProductImportLine = z.object({ line: z.number().int(), title: z.string(), sku: z.string() });
/** What an import found or did, line by line. */
export const ProductImportResult = z.object({
  dryRun: z.boolean(),
  /** Products that would be created (dry run) or were created. */
  products: z.array(ProductImportLine),
  /** Lines whose product the website has already (same SKU and title): left as they are. */
  unchanged: z.array(ProductImportLine),
  problems: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  imported: z.number().int(),
});
export type ProductImportResult = z.infer<typeof ProductImportResult>;
