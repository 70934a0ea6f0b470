// SPEC 3 "Image" (assetUrl, originalSize, mediaFocalPoint, colorData, systemDataVariants, altText,
// title, body, filename) as owners write it and as items, variants and events carry it; and the
// http(s) link rule the image's assetUrl shares with other owner links.
import { z } from 'zod';
import { ASSET_FILES_PATH } from './content-assets.js';
import { formatMessage, OwnerMessages } from './messages.js';

const isPageUrl = (value: string): boolean => value.length <= 2082 && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value);
const invalidPageUrl = (issue: { input: unknown }): string => formatMessage(OwnerMessages.invalidPageUrl, { val: String(issue.input) });

/** An http(s) link; SPEC 5 '{val} is not a valid page URL' otherwise (URLs over 2082 characters are refused too). */
export const PageUrl = z.string().trim().refine(isPageUrl, { error: invalidPageUrl });

/** A file of the content service's own asset store by its path (the demo's images: right on any host and port). */
const OWN_ASSET = new RegExp(`^${ASSET_FILES_PATH.replaceAll('.', '\\.')}/[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{22}\\.(?:jpg|png|gif|webp)$`);

/** Whether `value` is an image's address: an http(s) link, or the path of a file in our own asset store. */
export const isImageUrl = (value: string): boolean => OWN_ASSET.test(value.trim()) || isPageUrl(value.trim());

/** An image's address: an http(s) link, or the path of a file in our own asset store. */
export const ImageUrl = z.string().trim().refine(isImageUrl, { error: invalidPageUrl });

const Unit = z.number().min(0).max(1);
const HexAverage = z.string().regex(/^[0-9a-fA-F]{6}$/);

export const ImageBody = z
  .object({
    assetUrl: ImageUrl,
    /** 'WxH' in pixels. */
    originalSize: z.string().regex(/^[1-9]\d{0,5}x[1-9]\d{0,5}$/, 'Write the size as WIDTHxHEIGHT, e.g. 1600x1200.'),
    mediaFocalPoint: z.object({ x: Unit, y: Unit }).strict().default({ x: 0.5, y: 0.5 }),
    /** Five averages: the corners and the centre. */
    colorData: z
      .object({
        topLeftAverage: HexAverage,
        topRightAverage: HexAverage,
        bottomLeftAverage: HexAverage,
        bottomRightAverage: HexAverage,
        centerAverage: HexAverage,
      })
      .strict()
      .nullable()
      .default(null),
    systemDataVariants: z.string().max(200).default(''),
    altText: z.string().max(1_000).default(''),
    title: z.string().max(200).default(''),
    body: z.string().max(5_000).default(''),
    filename: z.string().trim().min(1, OwnerMessages.fileNameRequired).max(255),
  })
  .strict();
export type ImageBody = z.infer<typeof ImageBody>;

/** An image as the storefront reads it (stored images were checked when written). */
export const ImageOut = ImageBody.extend({ assetUrl: z.string(), filename: z.string() });
export type ImageOut = z.infer<typeof ImageOut>;
