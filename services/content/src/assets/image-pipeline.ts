// The image pipeline on sharp (libvips): every pixel of an upload is decoded once, streaming
// (libvips reads it in strips on the way to a small thumbnail that is thrown away, never the whole
// picture at once), and a damaged file is refused, never stored: any decoder warning fails it
// (`failOn: 'warning'`: a "bad Huffman code" or a data segment cut short). It is turned upright and stripped of its metadata (EXIF, GPS, XMP,
// IPTC, text chunks and comments; the colour profile stays), and each variant a page asks for
// (`?format=500w`) is made from it in the format the browser accepts best (AVIF, WebP, else JPEG or PNG). The work is bounded: one libvips thread per job,
// as many jobs at once as the machine has cores (p-limit), a bounded queue behind them, a pixel
// limit on every input (50 megapixels unless configured; the refusal names it), uploads decoded
// under a pixel budget of one largest image (pixel-budget.ts) and at most two at once, and no
// libvips operation cache (variants are cached in storage instead).
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import { IMAGE_WIDTHS, type UploadImageType } from '@sc/contracts';
import { PixelBudget } from './pixel-budget.js';

/** The formats the pipeline writes; the first four are also the formats owners may upload. */
export type OutputFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export const CONTENT_TYPE: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
export const EXTENSION: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif' };
const UPLOAD_FORMAT: Record<UploadImageType, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `?format=` values: a SPEC 9 width ('500w') or the original. */
export type VariantSize = (typeof IMAGE_WIDTHS)[number] | 'original';

/** '500w' → 500, 'original' → 'original'; undefined for anything else (the route answers 400). */
export function parseVariantSize(value: string | undefined): VariantSize | undefined {
  if (value === undefined || value === 'original') return 'original';
  const match = /^(\d{3,4})w$/.exec(value);
  const width = match ? Number(match[1]) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as VariantSize) : undefined;
}

export interface PipelineOptions {
  /** Largest input in pixels (width × height); larger images are refused before decoding. */
  maxPixels: number;
  /** Images processed at once (default: the machine's cores). */
  concurrency: number;
  /** Jobs allowed to wait behind them; beyond that a request is refused with 429. */
  maxQueued: number;
  /** Whether AVIF is offered to browsers that accept it (slower to make than WebP). */
  avif: boolean;
}

/** The largest upload decoded unless ASSETS_MAX_MEGAPIXELS says otherwise. */
export const DEFAULT_MAX_PIXELS = 50_000_000;
/** Uploads decoded at once, at most (each also waits for its pixels in the budget). */
const UPLOAD_DECODES = 2;
/** The width of the throw-away strip every upload is decoded into (all rows are read for it). */
const CHECK_WIDTH = 64;

export const defaultPipelineOptions = (): PipelineOptions => ({
  maxPixels: DEFAULT_MAX_PIXELS,
  concurrency: availableParallelism(),
  maxQueued: 500,
  avif: true,
});

/** Why an image was refused; the service turns each into its owner-facing message. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
  constructor(
    readonly reason: 'unsupported' | 'corrupt' | 'too-many-pixels',
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/** The queue is full: the caller answers 429 and the client retries later. */
export class PipelineBusy extends Error {
  override name = 'PipelineBusy';
}

export interface PreparedOriginal {
  bytes: Buffer;
  format: Exclude<OutputFormat, 'avif'>;
  width: number;
  height: number;
}

const ACCEPTED_INPUT = new Set<keyof FormatEnum>(['jpeg', 'png', 'gif', 'webp']);

/**
 * Whether a JPEG carries segments besides its JFIF header, ICC profile and Adobe colour marker
 * before its pixels: comments (COM) and APP1…APP15 data (EXIF, XMP, IPTC, makers' notes), which
 * sharp's metadata does not all name. Any of them means the upload is re-encoded without them.
 */
export function jpegHasExtraSegments(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return false; // the pixels (or the end) start here
    if (marker === 0xfe || (marker >= 0xe1 && marker <= 0xef && marker !== 0xe2 && marker !== 0xee)) return true;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return false;
}

/**
 * The output formats a request's Accept header allows, best first: AVIF (when enabled), WebP,
 * then the fallback for browsers that take neither (PNG for images that may be transparent,
 * JPEG otherwise).
 */
export function negotiate(accept: string | undefined, source: OutputFormat, avif: boolean): OutputFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(type);
  }
  if (avif && accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return source === 'jpeg' ? 'jpeg' : 'png';
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'avif':
      // effort 2 of 9: a third of the default's time for a few per cent more bytes.
      return image.avif({ quality: 50, effort: 2 });
    case 'webp':
      return image.webp({ quality: 80, effort: 4 });
    case 'jpeg':
      return image.jpeg({ quality: 80, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 8, adaptiveFiltering: true });
    case 'gif':
      return image.gif();
  }
}

/** The sharp pipeline, behind a bounded queue. One instance per service. */
export class ImagePipeline {
  readonly #limit: LimitFunction;
  readonly #decodes: LimitFunction;
  readonly #pixels: PixelBudget;

  constructor(readonly options: PipelineOptions = defaultPipelineOptions()) {
    // Variants are cached in storage; libvips' own operation cache would only hold memory.
    sharp.cache(false);
    // One thread per image, `concurrency` images at once: CPU use is bounded by the cores.
    sharp.concurrency(1);
    this.#limit = pLimit(Math.max(1, options.concurrency));
    this.#decodes = pLimit(Math.min(UPLOAD_DECODES, Math.max(1, options.concurrency)));
    this.#pixels = new PixelBudget(options.maxPixels);
  }

  /** Jobs running and waiting (the benchmark and the health of the queue). */
  get load(): { active: number; pending: number } {
    return { active: this.#limit.activeCount, pending: this.#limit.pendingCount };
  }

  #queue<T>(work: () => Promise<T>): Promise<T> {
    if (this.#limit.pendingCount >= this.options.maxQueued) return Promise.reject(new PipelineBusy('image queue full'));
    return this.#limit(work);
  }

  #input(bytes: Uint8Array, failOn: 'warning' | 'none', pages = 1): Sharp {
    return sharp(bytes, { limitInputPixels: this.options.maxPixels, failOn, pages, sequentialRead: true });
  }

  /**
   * Checks an upload whose magic number said `type`: its header and every pixel decode (a
   * truncated or corrupt file is refused), its size is within the pixel limit, and it comes back
   * upright without metadata (re-encoded only when it had metadata or was rotated).
   */
  prepareOriginal(bytes: Uint8Array, type: UploadImageType): Promise<PreparedOriginal> {
    if (this.#decodes.pendingCount >= this.options.maxQueued) return Promise.reject(new PipelineBusy('image queue full'));
    return this.#decodes(async () => {
      let meta;
      try {
        // The header only (no pixels are decoded), so the pixel limit below can name itself.
        meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch (error) {
        throw new ImageRejected('corrupt', { cause: error });
      }
      const format = meta.format as string;
      if (!ACCEPTED_INPUT.has(format as keyof FormatEnum) || UPLOAD_FORMAT[type] !== format) throw new ImageRejected('unsupported');
      const animated = (meta.pages ?? 1) > 1;
      const pixels = meta.width * (animated ? (meta.pageHeight ?? meta.height) * (meta.pages ?? 1) : meta.height);
      if (meta.width * meta.height > this.options.maxPixels || pixels > this.options.maxPixels) throw new ImageRejected('too-many-pixels');
      return this.#pixels.run(pixels, () => this.#limit(() => this.#prepare(bytes, meta, format as PreparedOriginal['format'], animated)));
    });
  }

  async #prepare(bytes: Uint8Array, meta: Metadata, kept: PreparedOriginal['format'], animated: boolean): Promise<PreparedOriginal> {
    const orientation = meta.orientation ?? 1;
    const rotated = orientation > 1;
    const upright = orientation >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const pages = animated ? -1 : 1;
    try {
      // Every row decoded once, in strips, on the way to a narrow strip of the same height (a
      // full-size decode would hold the whole picture; a shorter one would leave the last rows
      // unread, and with them the decoder's complaint about a damaged end).
      const height = animated ? (meta.pageHeight ?? meta.height) * (meta.pages ?? 1) : meta.height;
      await this.#input(bytes, 'warning', pages)
        .resize({ width: Math.min(CHECK_WIDTH, meta.width), height, fit: 'fill', fastShrinkOnLoad: false })
        .raw()
        .toBuffer();
      const metadata =
        meta.exif || meta.xmp || meta.iptc || (meta.comments?.length ?? 0) > 0 || (kept === 'jpeg' && jpegHasExtraSegments(bytes));
      // Nothing to strip: keep the owner's bytes.
      if (!rotated && !metadata) return { bytes: Buffer.from(bytes), format: kept, ...upright };
      const image = this.#input(bytes, 'warning', pages).autoOrient().keepIccProfile();
      // Without optimised Huffman tables a JPEG is written in strips too (optimising holds every coefficient).
      const out = await (
        kept === 'jpeg'
          ? image.jpeg({ quality: 92, optimiseCoding: false })
          : kept === 'webp'
            ? image.webp({ quality: 92 })
            : encode(image, kept)
      ).toBuffer();
      return { bytes: out, format: kept, ...upright };
    } catch (error) {
      throw new ImageRejected('corrupt', { cause: error });
    }
  }

  /** One variant of a stored original: `width` wide at most (never enlarged), in `format`. */
  variant(original: Uint8Array, width: VariantSize, format: OutputFormat): Promise<Buffer> {
    return this.#queue(async () => {
      let image = this.#input(original, 'none').autoOrient();
      if (width !== 'original') image = image.resize({ width, withoutEnlargement: true });
      return encode(image, format).toBuffer();
    });
  }
}
