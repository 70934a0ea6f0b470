// Uploading an owner's image and serving it at every size. An upload is checked by its bytes
// (magic number first, so libvips never parses anything but the four image types; then a full
// decode, so a truncated or corrupt file is refused), turned upright and stripped of metadata,
// and stored under its content hash: the URL of a file never gets other bytes, so it and every
// variant of it are cached for good. A variant (`?format=500w`, in the format the browser accepts
// best) is made once, on its first request, and kept next to the original in the same storage;
// concurrent requests for the same missing variant wait for the one being made. Each refusal is
// the SPEC string the admin app shows.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, type Logger } from '@sc/platform';
import {
  ASSET_FILES_PATH,
  IMAGE_WIDTHS,
  OwnerMessages,
  OwnerUiMessages,
  hasImageExtension,
  unsupportedFileMessage,
  type UploadImageType,
  type UploadedAsset,
} from '@sc/contracts';
import type { AssetStorage } from './asset-storage.js';
import {
  CONTENT_TYPE,
  EXTENSION,
  ImageRejected,
  PipelineBusy,
  negotiate,
  type ImagePipeline,
  type OutputFormat,
  type VariantSize,
} from './image-pipeline.js';
import { sniffImageType } from './image-probe.js';

export { ASSET_FILES_PATH };

const FORMAT_OF_EXTENSION: Record<string, Exclude<OutputFormat, 'avif'>> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** The content type of a stored original by its name, or undefined for a name no upload gets. */
export const contentTypeOfStored = (fileName: string): string | undefined => {
  const format = FORMAT_OF_EXTENSION[fileName.slice(fileName.lastIndexOf('.') + 1)];
  return format ? CONTENT_TYPE[format] : undefined;
};

/** 132 bits of the SHA-256 of the stored bytes: the same image always gets the same id. */
export const contentId = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

/** An image with more pixels than the service decodes (SPEC 5 names only the byte limit; this one is ours). */
export const tooManyPixelsMessage = (fileName: string, maxPixels: number): string =>
  `The file ${fileName} is too large. The maximum allowed image size is ${Math.floor(maxPixels / 1_000_000)} megapixels.`;

/** The pipeline's version in every variant's ETag: a change in how variants are made changes them. */
const PIPELINE_VERSION = 'p1';

/** The name a browser sent, without any folder part; '' when none. */
export function cleanFileName(name: string | undefined): string {
  return (name ?? '').split(/[\\/]/).pop()?.trim().slice(0, 255) ?? '';
}

/** What a GET of a stored image answers, decided before any I/O (so a 304 needs none). */
export interface ImageRequest {
  key: string;
  originalKey: string;
  size: VariantSize;
  format: OutputFormat;
  contentType: string;
  etag: string;
  /** Whether the answer depends on the Accept header (variants are negotiated, originals are not). */
  negotiated: boolean;
}

export type ImageBody = { size: number; stream: Readable } | { size: number; bytes: Buffer };

const busy = (cause: unknown) => new AppError('RATE_LIMITED', OwnerUiMessages.fileProcessingIncomplete, { cause });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Files up to this size are kept in memory once read (the hot variants of storefront pages)... */
const HOT_FILE_MAX = 1_000_000;
/** ...up to this many bytes in all, least recently used dropped first. */
const HOT_TOTAL_MAX = 64_000_000;
/**
 * ...and for this long before storage is asked again: names never get other bytes, but a file
 * deleted through another replica (the media library's delete) stops being served within it.
 */
const HOT_TTL_MS = 60_000;

export class AssetService {
  readonly #making = new Map<string, Promise<Buffer | undefined>>();
  /** Recently served small files by key (a Map keeps insertion order: the first is the least recent). */
  readonly #hot = new Map<string, { bytes: Buffer; at: number }>();
  #hotBytes = 0;

  constructor(
    private readonly storage: AssetStorage,
    readonly pipeline: ImagePipeline,
    private readonly logger: Logger,
  ) {}

  /** Checks and stores one uploaded file; `origin` is where its URL points (no trailing slash). */
  async upload(websiteId: string, file: { filename: string; bytes: Uint8Array }, origin: string): Promise<UploadedAsset> {
    if (file.filename === '')
      throw new AppError('VALIDATION_FAILED', OwnerMessages.fileNameRequired, { fields: { file: OwnerMessages.fileNameRequired } });
    const unsupported = () =>
      new AppError('UNPROCESSABLE', unsupportedFileMessage(file.filename), {
        status: 415,
        fields: { file: unsupportedFileMessage(file.filename) },
      });
    if (!hasImageExtension(file.filename)) throw unsupported();
    // The magic number decides (SVG, HTML, PDF and the rest never reach the decoder).
    const type: UploadImageType | undefined = sniffImageType(file.bytes);
    if (!type) throw unsupported();
    let prepared;
    try {
      prepared = await this.pipeline.prepareOriginal(file.bytes, type);
    } catch (error) {
      if (error instanceof PipelineBusy) throw busy(error);
      if (!(error instanceof ImageRejected)) throw error;
      if (error.reason === 'unsupported') throw unsupported();
      if (error.reason === 'too-many-pixels') {
        const message = tooManyPixelsMessage(file.filename, this.pipeline.options.maxPixels);
        throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
      }
      throw new AppError('BAD_REQUEST', OwnerUiMessages.fileProcessingFailed, { fields: { file: OwnerUiMessages.fileProcessingFailed } });
    }
    const stored = await this.store(websiteId, prepared.bytes, prepared.format);
    return {
      id: stored.id,
      assetUrl: `${origin}${stored.path}`,
      filename: file.filename,
      contentType: CONTENT_TYPE[prepared.format] as UploadImageType,
      size: file.bytes.length,
      originalSize: `${prepared.width}x${prepared.height}`,
    };
  }

  /** Stores checked bytes under their content hash (or `id`); answers the id and the path they are served at. */
  async store(
    websiteId: string,
    bytes: Buffer,
    format: Exclude<OutputFormat, 'avif'>,
    id = contentId(bytes),
  ): Promise<{ id: string; path: string }> {
    const name = `${id}.${EXTENSION[format]}`;
    try {
      await this.storage.put(`${websiteId}/${name}`, bytes, CONTENT_TYPE[format]);
    } catch (error) {
      this.logger.error({ err: error, websiteId }, 'storing an uploaded file failed');
      throw new AppError('SERVICE_UNAVAILABLE', OwnerUiMessages.fileUploadIncomplete, { cause: error });
    }
    return { id, path: `${ASSET_FILES_PATH}/${encodeURIComponent(websiteId)}/${name}` };
  }

  /** Whether a stored original exists (the demo seed writes only missing files). */
  async has(websiteId: string, fileName: string): Promise<boolean> {
    const stored = await this.storage.get(`${websiteId}/${fileName}`);
    stored?.stream.destroy();
    return stored !== undefined;
  }

  /**
   * Removes a stored original and every variant that may have been made of it (the keys are
   * known: each SPEC 9 width in each output format), and forgets them in memory.
   */
  async remove(websiteId: string, fileName: string): Promise<void> {
    const dot = fileName.lastIndexOf('.');
    if (!FORMAT_OF_EXTENSION[fileName.slice(dot + 1)]) return;
    const id = fileName.slice(0, dot);
    const keys = [`${websiteId}/${fileName}`];
    for (const width of IMAGE_WIDTHS)
      for (const extension of new Set(Object.values(EXTENSION))) keys.push(`${websiteId}/${id}.${width}w.${extension}`);
    for (const key of keys) {
      this.#forget(key);
    }
    // A few at a time: a store's request rate is the limit, not our sockets.
    for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((key) => this.storage.delete(key)));
  }

  /** What a GET of `fileName` at `size` answers for this Accept header; undefined for a name no upload gets. */
  describe(websiteId: string, fileName: string, size: VariantSize, accept: string | undefined): ImageRequest | undefined {
    const dot = fileName.lastIndexOf('.');
    const id = fileName.slice(0, dot);
    const source = FORMAT_OF_EXTENSION[fileName.slice(dot + 1)];
    if (!source) return undefined;
    const originalKey = `${websiteId}/${fileName}`;
    if (size === 'original') {
      return { key: originalKey, originalKey, size, format: source, contentType: CONTENT_TYPE[source], etag: `"${id}"`, negotiated: false };
    }
    const format = negotiate(accept, source, this.pipeline.options.avif);
    return {
      key: `${websiteId}/${id}.${size}w.${EXTENSION[format]}`,
      originalKey,
      size,
      format,
      contentType: CONTENT_TYPE[format],
      etag: `"${id}-${size}w-${format}-${PIPELINE_VERSION}"`,
      negotiated: true,
    };
  }

  /** The bytes of an image request: the stored file, or the variant made now (once); undefined without an original. */
  async read(request: ImageRequest): Promise<ImageBody | undefined> {
    const hot = this.#hot.get(request.key);
    if (hot && Date.now() - hot.at < HOT_TTL_MS) {
      this.#remember(request.key, hot.bytes, hot.at);
      return { size: hot.bytes.length, bytes: hot.bytes };
    }
    const stored = await this.storage.get(request.key);
    if (stored && stored.size <= HOT_FILE_MAX) {
      const bytes = await readAll(stored.stream);
      this.#remember(request.key, bytes);
      return { size: bytes.length, bytes };
    }
    if (stored || request.size === 'original') return stored;
    let making = this.#making.get(request.key);
    if (!making) {
      making = this.#make(request).finally(() => this.#making.delete(request.key));
      this.#making.set(request.key, making);
    }
    try {
      const bytes = await making;
      return bytes ? { size: bytes.length, bytes } : undefined;
    } catch (error) {
      if (error instanceof PipelineBusy) throw busy(error);
      throw error;
    }
  }

  /** Keeps a small file in memory (names are content hashes: a kept file is never stale). */
  #remember(key: string, bytes: Buffer, at = Date.now()): void {
    if (bytes.length > HOT_FILE_MAX) return;
    this.#forget(key);
    this.#hot.set(key, { bytes, at });
    this.#hotBytes += bytes.length;
    for (const [oldest, old] of this.#hot) {
      if (this.#hotBytes <= HOT_TOTAL_MAX) break;
      this.#hot.delete(oldest);
      this.#hotBytes -= old.bytes.length;
    }
  }

  #forget(key: string): void {
    const kept = this.#hot.get(key);
    if (!kept) return;
    this.#hot.delete(key);
    this.#hotBytes -= kept.bytes.length;
  }

  async #make(request: ImageRequest): Promise<Buffer | undefined> {
    const original = await this.storage.get(request.originalKey);
    if (!original) return undefined;
    const bytes = await this.pipeline.variant(await readAll(original.stream), request.size, request.format);
    try {
      await this.storage.put(request.key, bytes, request.contentType);
    } catch (error) {
      // The variant is still answered; the next request makes it again.
      this.logger.warn({ err: error, key: request.key }, 'keeping an image variant failed');
    }
    this.#remember(request.key, bytes);
    return bytes;
  }
}
