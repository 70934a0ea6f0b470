// Uploading an owner's image: the SPEC 5 checks (a supported image, by its name and by its bytes;
// at most the maximum size, which the route enforces while reading), its size in pixels from its
// header (SPEC 3 originalSize), then the file is stored under a new id and served from a stable
// URL. Each failure is the SPEC string the admin app shows: unsupported file, too large, 'File
// processing failed' (an image whose header cannot be read), 'File upload failed to complete'.
import { randomBytes } from 'node:crypto';
import { AppError, type Logger } from '@sc/platform';
import { OwnerMessages, OwnerUiMessages, hasImageExtension, unsupportedFileMessage, type UploadImageType, type UploadedAsset } from '@sc/contracts';
import type { AssetStorage, StoredFile } from './asset-storage.js';
import { probeImage, sniffImageType } from './image-probe.js';

/** Where stored files are served (public: image URLs appear on every storefront page). */
export const ASSET_FILES_PATH = '/api/content-service/public/1.0/assets';

const EXTENSION_OF_TYPE: Record<UploadImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const TYPE_OF_EXTENSION = new Map(Object.entries(EXTENSION_OF_TYPE).map(([type, extension]) => [extension, type]));

/** The content type of a stored file by its name, or undefined for a name no upload gets. */
export const contentTypeOfStored = (fileName: string): string | undefined => TYPE_OF_EXTENSION.get(fileName.slice(fileName.lastIndexOf('.') + 1));

/** 128 random bits: asset URLs cannot be guessed or listed. */
const newAssetId = (): string => randomBytes(16).toString('base64url');

/** The name a browser sent, without any folder part; '' when none. */
export function cleanFileName(name: string | undefined): string {
  return (name ?? '').split(/[\\/]/).pop()?.trim().slice(0, 255) ?? '';
}

export class AssetService {
  constructor(
    private readonly storage: AssetStorage,
    private readonly logger: Logger,
  ) {}

  /** Checks and stores one uploaded file; `origin` is where its URL points (no trailing slash). */
  async upload(websiteId: string, file: { filename: string; bytes: Uint8Array }, origin: string): Promise<UploadedAsset> {
    if (file.filename === '') throw new AppError('VALIDATION_FAILED', OwnerMessages.fileNameRequired, { fields: { file: OwnerMessages.fileNameRequired } });
    const unsupported = () => new AppError('UNPROCESSABLE', unsupportedFileMessage(file.filename), { status: 415, fields: { file: unsupportedFileMessage(file.filename) } });
    if (!hasImageExtension(file.filename)) throw unsupported();
    const image = probeImage(file.bytes);
    if (!image) {
      // Bytes of a supported type whose header cannot be read are a broken image, anything else no image at all.
      if (sniffImageType(file.bytes)) throw new AppError('UNPROCESSABLE', OwnerUiMessages.fileProcessingFailed, { fields: { file: OwnerUiMessages.fileProcessingFailed } });
      throw unsupported();
    }
    const id = newAssetId();
    const stored = `${id}.${EXTENSION_OF_TYPE[image.type]}`;
    try {
      await this.storage.put(`${websiteId}/${stored}`, file.bytes);
    } catch (error) {
      this.logger.error({ err: error, websiteId }, 'storing an uploaded file failed');
      throw new AppError('SERVICE_UNAVAILABLE', OwnerUiMessages.fileUploadIncomplete, { cause: error });
    }
    return {
      id,
      assetUrl: `${origin}${ASSET_FILES_PATH}/${encodeURIComponent(websiteId)}/${stored}`,
      filename: file.filename,
      contentType: image.type,
      size: file.bytes.length,
      originalSize: `${image.width}x${image.height}`,
    };
  }

  /** A stored file of a website, or undefined. */
  async file(websiteId: string, fileName: string): Promise<(StoredFile & { contentType: string }) | undefined> {
    const contentType = contentTypeOfStored(fileName);
    if (!contentType) return undefined;
    const stored = await this.storage.get(`${websiteId}/${fileName}`);
    return stored ? { ...stored, contentType } : undefined;
  }
}
