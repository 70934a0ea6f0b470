// The owners' media library: every image uploaded to a website with the sizes it is served at,
// where it is used (products, blog posts, gallery and other items, pages, the header and footer),
// its alt text and focal point (written into every place it is used), replacing it everywhere with
// a new upload, and deleting one that nothing uses. Files keep content-hashed, immutable URLs: a
// replacement is a new file whose URL takes the old one's place in every usage.
import { z } from 'zod';
import { UPLOAD_IMAGE_TYPES, type UploadImageType } from './content-assets.js';

/** Where the library lives: `{MEDIA_PATH}`, `{MEDIA_PATH}/{assetId}`, `{MEDIA_PATH}/{assetId}/replace`. */
export const mediaPath = (websiteId: string): string => `/api/content-service/1.0/websites/${encodeURIComponent(websiteId)}/media`;

/** An asset's id: 22 characters of its content hash. */
export const MediaAssetId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not an asset id');

export const MEDIA_USAGE_KINDS = ['product', 'blog-post', 'gallery', 'item', 'page', 'site'] as const;
export type MediaUsageKind = (typeof MEDIA_USAGE_KINDS)[number];

/** One place an image is used: an item (product, blog post...), a page's layout, or the header and footer. */
export const MediaUsage = z.object({
  kind: z.enum(MEDIA_USAGE_KINDS),
  /** The item's id, the page's collection id, or 'header-footer'. */
  id: z.string(),
  /** The collection an item belongs to (a page is its own collection); null for the header and footer. */
  collectionId: z.string().nullable(),
  title: z.string(),
  /** Whether the image here must have alt text (product images). */
  altRequired: z.boolean(),
  /** Whether one of its images here has no alt text. */
  altMissing: z.boolean(),
});
export type MediaUsage = z.infer<typeof MediaUsage>;

export const MediaFocalPoint = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict();

export const MediaAsset = z.object({
  id: MediaAssetId,
  /** The stored file's name: '{id}.{ext}'. */
  file: z.string(),
  /** The original's URL (relative to the site: the storefront's origin serves it). */
  assetUrl: z.string(),
  filename: z.string(),
  contentType: z.enum(Object.keys(UPLOAD_IMAGE_TYPES) as [UploadImageType, ...UploadImageType[]]),
  /** Bytes of the stored original. */
  size: z.number().int().nonnegative(),
  /** 'WxH' in pixels. */
  originalSize: z.string(),
  /** The SPEC 9 widths it is served at (`?format=500w`): those up to its own width. */
  widths: z.array(z.number().int().positive()),
  altText: z.string(),
  mediaFocalPoint: MediaFocalPoint,
  /** The upload that replaced it everywhere, if any. */
  replacedBy: MediaAssetId.nullable(),
  createdOn: z.number().int(),
  usages: z.array(MediaUsage),
  /** MediaMessages.altWarning when a product uses it without alt text; null otherwise. */
  altWarning: z.string().nullable(),
});
export type MediaAsset = z.infer<typeof MediaAsset>;

export const MediaList = z.object({ assets: z.array(MediaAsset) });
export type MediaList = z.infer<typeof MediaList>;

/** PATCH {MEDIA_PATH}/{assetId}: the alt text and focal point, written into every usage too. */
export const UpdateMediaBody = z
  .object({
    altText: z.string().trim().max(1_000).optional(),
    mediaFocalPoint: MediaFocalPoint.optional(),
  })
  .strict()
  .refine((body) => body.altText !== undefined || body.mediaFocalPoint !== undefined, { message: 'Nothing to change.' });
export type UpdateMediaBody = z.infer<typeof UpdateMediaBody>;

/** POST {MEDIA_PATH}/{assetId}/replace answers the new asset and how many usages now show it. */
export const ReplacedMedia = z.object({ asset: MediaAsset, replaced: z.number().int().nonnegative() });
export type ReplacedMedia = z.infer<typeof ReplacedMedia>;

/** Owner-facing strings of the library (ours: SPEC names none for these). */
export const MediaMessages = {
  altWarning: 'Alt text is missing: a product uses this image. Describe it for shoppers who use screen readers.',
  altRequired: 'Product images need alt text.',
  inUse: 'This image is in use. Replace it or remove it from the places that use it first.',
} as const;

/** The SPEC 9 widths an image of `width` pixels is offered at (never enlarged: at least the smallest). */
export function mediaWidths(width: number, all: readonly number[]): number[] {
  const fitting = all.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : all.slice(0, 1);
}
