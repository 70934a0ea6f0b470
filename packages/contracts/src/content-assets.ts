// Files an owner uploads (images of products, galleries and pages): which files are accepted, how
// large they may be, and the SPEC 5 messages for the rest. The admin app checks a file with these
// before it uploads it, and the content service checks it again (by its bytes, not its name).
import { z } from 'zod';
import { CONTENT_LIMITS } from './content-limits.js';
import { formatMessage, OwnerMessages } from './messages.js';

/** The image types owners may upload, with the file name extensions each may carry. */
export const UPLOAD_IMAGE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
} as const satisfies Record<string, readonly string[]>;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** SPEC 9 image widths: every image is served at each of them (`?format=500w`) and pages offer them in srcset. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** Where the content service serves stored images: `{ASSET_FILES_PATH}/{websiteId}/{file}`. */
export const ASSET_FILES_PATH = '/api/content-service/public/1.0/assets';

/** The largest file an owner may upload: 20 MB, counting SPEC 9's 1,000,000 bytes to the MB. */
export const MAX_UPLOAD_BYTES = 20 * CONTENT_LIMITS.bytesPerMb;

/** A size as owners read it (SPEC 9: 1,000,000 bytes to the MB). */
export function formatFileSize(bytes: number): string {
  if (bytes >= CONTENT_LIMITS.bytesPerMb) return `${Math.round((bytes / CONTENT_LIMITS.bytesPerMb) * 10) / 10} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} bytes`;
}

/** The extension of a file name, lower case ('' without one). */
export const extensionOf = (fileName: string): string => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** Whether a file name ends in an extension of an uploadable image type. */
export const hasImageExtension = (fileName: string): boolean =>
  Object.values(UPLOAD_IMAGE_TYPES).some((extensions) => (extensions as readonly string[]).includes(extensionOf(fileName)));

/** SPEC 5: 'The file {fileName} does not appear to be a supported file'. */
export const unsupportedFileMessage = (fileName: string): string => formatMessage(OwnerMessages.unsupportedFile, { fileName });

/** SPEC 5: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.' */
export const fileTooLargeMessage = (fileName: string): string =>
  formatMessage(OwnerMessages.fileTooLarge, { fileName, maxSize: formatFileSize(MAX_UPLOAD_BYTES) });

/** The SPEC 5 message for a file that may not be uploaded (by its name, declared type and size), or undefined. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!(file.type in UPLOAD_IMAGE_TYPES) || !hasImageExtension(file.name)) return unsupportedFileMessage(file.name);
  if (file.size > MAX_UPLOAD_BYTES) return fileTooLargeMessage(file.name);
  return undefined;
}

/** What POST /api/content-service/1.0/websites/{websiteId}/assets answers: the stored file and where it is served. */
export const UploadedAsset = z.object({
  id: z.string(),
  /** An absolute URL: image bodies (SPEC 3 Image) carry it as their assetUrl. */
  assetUrl: z.string(),
  filename: z.string(),
  contentType: z.enum(Object.keys(UPLOAD_IMAGE_TYPES) as [UploadImageType, ...UploadImageType[]]),
  size: z.number().int().positive(),
  /** 'WxH' in pixels, read from the file. */
  originalSize: z.string(),
});
export type UploadedAsset = z.infer<typeof UploadedAsset>;
